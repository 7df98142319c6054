import { NextIntlClientProvider, type Messages } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/lib/i18n/routing';

/** The booking page's client texts: the flow's own, the form parts' and the field errors'. */
export async function BookingMessages({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = await getMessages({ locale });
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone="America/Toronto"
      // Of the account texts, only the address labels the booking form shares with sign-up.
      messages={{ ...pickMessages(messages, ['Booking', 'Forms', 'Validation']), Auth: { signup: messages.Auth.signup } as Messages['Auth'] }}
    >
      {children}
    </NextIntlClientProvider>
  );
}
