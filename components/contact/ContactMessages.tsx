import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/lib/i18n/routing';

/** Gives the contact form its texts: the shared ones plus Forms, Validation and Contact.form only. */
export async function ContactMessages({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = await getMessages({ locale });
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone="America/Toronto"
      messages={{
        ...pickMessages(messages, ['Forms', 'Validation']),
        Contact: { form: messages.Contact.form },
      }}
    >
      {children}
    </NextIntlClientProvider>
  );
}
