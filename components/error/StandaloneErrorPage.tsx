'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { ShellTextsProvider, type ShellTexts } from '@/components/app/ShellTexts';

/**
 * For the screens drawn outside the localized layout (the global error): their own <html> and
 * only the error texts. Next sends this file's code with every page, so the texts (which come
 * with the whole message catalogue of a language) load only once an error is being shown.
 */
export function StandaloneErrorPage({ locale, children }: { locale: 'en' | 'fr'; children: ReactNode }) {
  const [texts, setTexts] = useState<ShellTexts | null>(null);
  useEffect(() => {
    let current = true;
    const catalogue = locale === 'fr' ? import('@/messages/fr.json') : import('@/messages/en.json');
    void catalogue.then((loaded) => {
      if (current) setTexts({ locale, errorScreen: loaded.ErrorScreen, toasts: loaded.Toasts });
    });
    return () => {
      current = false;
    };
  }, [locale]);
  return (
    <html lang={locale}>
      <body>{texts ? <ShellTextsProvider texts={texts}>{children}</ShellTextsProvider> : null}</body>
    </html>
  );
}
