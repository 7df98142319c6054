import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { clinic } from '@/lib/clinic';
import { pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/lib/i18n/routing';

/** Texts of the chart's pages: their own (Chart), the sign-in guard's (Auth), the staff-only notice (ClinicPatients) and the forms'. */
export async function ChartMessages({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = await getMessages({ locale });
  return (
    <NextIntlClientProvider locale={locale} timeZone={clinic.timeZone} messages={pickMessages(messages, ['Auth', 'ClinicPatients', 'Chart', 'Forms', 'Validation'])}>
      {children}
    </NextIntlClientProvider>
  );
}
