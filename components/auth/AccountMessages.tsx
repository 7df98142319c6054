import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { accountNamespaces, pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/lib/i18n/routing';

/** Gives the account pages' client components their texts (other pages never download them). */
export async function AccountMessages({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = await getMessages({ locale });
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone="America/Toronto"
      messages={pickMessages(messages, [...accountNamespaces])}
    >
      {children}
    </NextIntlClientProvider>
  );
}
