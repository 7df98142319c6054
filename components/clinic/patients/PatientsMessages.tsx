import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { clinic } from '@/lib/clinic';
import { pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/lib/i18n/routing';

/**
 * Texts for the clinic's patient pages: their own (ClinicPatients), the sign-in guard's (Auth)
 * and, with `appointments`, the appointment cards, cancel dialog and statistics the record
 * reuses from the profile (Appointments), and each visit's payments and receipts (ClinicPayments,
 * with the form texts they use).
 */
export async function PatientsMessages({
  locale,
  appointments = false,
  children,
}: {
  locale: Locale;
  appointments?: boolean;
  children: ReactNode;
}) {
  const messages = await getMessages({ locale });
  const own = ['Auth', 'ClinicPatients'] as const;
  const picked = appointments
    ? pickMessages(messages, [...own, 'Appointments', 'ClinicPayments', 'Forms', 'Validation'])
    : pickMessages(messages, [...own]);
  return (
    <NextIntlClientProvider locale={locale} timeZone={clinic.timeZone} messages={picked}>
      {children}
    </NextIntlClientProvider>
  );
}
