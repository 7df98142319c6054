import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/lib/i18n/routing';

/** The waitlist page's client texts: its own and the manage page's (the appointment's facts). */
export async function WaitlistMessages({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = await getMessages({ locale });
  return (
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(messages, ['Waitlist', 'Manage'])}>
      {children}
    </NextIntlClientProvider>
  );
}
