import 'server-only';
import { createTranslator } from 'use-intl/core';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { Locale } from '@/lib/i18n/routing';

const catalogs = { en, fr } as const;

export { requestLocale } from '@/lib/http/locale';

/** Server-side texts (the `Server` and `Validation` namespaces) in one language. */
export function serverTranslator(locale: Locale) {
  const t = createTranslator({ locale, messages: catalogs[locale] });
  const has = (key: string) => t.has(key as never);
  return {
    locale,
    /** A Server.<key> text, or the key itself when there is none. */
    server: (key: string, values?: Record<string, string | number>) =>
      has(`Server.${key}`) ? t(`Server.${key}` as never, values as never) : key,
    /** A Validation.<key> (or Server.<key>) text; other messages (already localized by zod) pass through. */
    validation: (message: string) =>
      has(`Validation.${message}`)
        ? t(`Validation.${message}` as never)
        : has(`Server.${message}`)
          ? t(`Server.${message}` as never)
          : message,
  };
}
export type ServerTranslator = ReturnType<typeof serverTranslator>;
