'use client';

import { NextIntlClientProvider, type Messages } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';

type ErrorMessages = Pick<Messages, 'ErrorScreen'>;

/**
 * For the screens drawn outside the localized layout (the global error): their own <html> and
 * only the error texts. Next sends this file's code with every page, so the texts (which come
 * with the whole message catalogue of a language) load only once an error is being shown.
 */
export function StandaloneErrorPage({ locale, children }: { locale: 'en' | 'fr'; children: ReactNode }) {
  const [messages, setMessages] = useState<ErrorMessages | null>(null);
  useEffect(() => {
    let current = true;
    const catalogue = locale === 'fr' ? import('@/messages/fr.json') : import('@/messages/en.json');
    void catalogue.then((loaded) => {
      if (current) setMessages({ ErrorScreen: loaded.ErrorScreen });
    });
    return () => {
      current = false;
    };
  }, [locale]);
  return (
    <html lang={locale}>
      <body>
        {messages ? (
          <NextIntlClientProvider locale={locale} messages={messages}>
            {children}
          </NextIntlClientProvider>
        ) : null}
      </body>
    </html>
  );
}
