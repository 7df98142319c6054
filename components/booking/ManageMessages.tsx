import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/lib/i18n/routing';

/** The manage page's client texts: its own, the booking calendar's and the receipts'. */
export async function ManageMessages({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = await getMessages({ locale });
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone="America/Toronto"
      messages={pickMessages(messages, ['Manage', 'Booking', 'Receipts'])}
    >
      {children}
    </NextIntlClientProvider>
  );
}
