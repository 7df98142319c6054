import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { clinic } from '@/lib/clinic';
import { pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/lib/i18n/routing';

/** The records requests page's texts: its own, the sign-in guard's (Auth) and the form fields' (Forms, Validation). */
export async function RecordsRequestsMessages({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = await getMessages({ locale });
  return (
    <NextIntlClientProvider locale={locale} timeZone={clinic.timeZone} messages={pickMessages(messages, ['Auth', 'Forms', 'Validation', 'RecordsRequests', 'Chart'])}>
      {children}
    </NextIntlClientProvider>
  );
}
