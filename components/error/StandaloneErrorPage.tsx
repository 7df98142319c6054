'use client';

import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { ErrorScreen as enErrors } from '@/messages/en.json';
import { ErrorScreen as frErrors } from '@/messages/fr.json';

/**
 * For the screens drawn outside the localized layout (global error, unmatched files):
 * their own <html> and only the error texts.
 */
export function StandaloneErrorPage({ locale, children }: { locale: 'en' | 'fr'; children: ReactNode }) {
  const messages = { ErrorScreen: locale === 'fr' ? frErrors : enErrors };
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider locale={locale} messages={messages}>
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
