import { NextIntlClientProvider, type Messages } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/lib/i18n/routing';

/** The intake form's client texts: its own, the form parts', the field errors' and the address labels. */
export async function IntakeMessages({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = await getMessages({ locale });
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone="America/Toronto"
      messages={{
        ...pickMessages(messages, ['Intake', 'Forms', 'Validation']),
        Auth: { signup: messages.Auth.signup } as Messages['Auth'],
      }}
    >
      {children}
    </NextIntlClientProvider>
  );
}
