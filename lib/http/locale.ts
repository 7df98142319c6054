import type { Locale } from '@/lib/i18n/routing';

/** A request's language from Accept-Language: French when it asks for French first, else English. */
export function requestLocale(request: Request): Locale {
  const header = request.headers.get('accept-language') ?? '';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('fr') ? 'fr' : 'en';
}
