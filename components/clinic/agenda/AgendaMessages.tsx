import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { clinic } from '@/lib/clinic';
import { pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/lib/i18n/routing';

/**
 * The agenda's texts, the payments panels' and export's (ClinicPayments) with the form fields'
 * (Forms, Validation), and the sign-in guard's (Auth).
 */
export async function AgendaMessages({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = await getMessages({ locale });
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone={clinic.timeZone}
      messages={pickMessages(messages, ['Auth', 'Forms', 'Validation', 'ClinicAgenda', 'ClinicPayments'])}
    >
      {children}
    </NextIntlClientProvider>
  );
}
