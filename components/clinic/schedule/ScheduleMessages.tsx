import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { clinic } from '@/lib/clinic';
import { pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/lib/i18n/routing';

/** The schedule page's texts: its own, the sign-in guard's, and the form primitives'. */
export async function ScheduleMessages({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = await getMessages({ locale });
  const picked = pickMessages(messages, ['Auth', 'Forms', 'Validation', 'ClinicSchedule']);
  return (
    <NextIntlClientProvider locale={locale} timeZone={clinic.timeZone} messages={picked}>
      {children}
    </NextIntlClientProvider>
  );
}
