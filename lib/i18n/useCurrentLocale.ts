import { useParams, usePathname } from 'next/navigation';
import { localeOfPath } from './matchRoute';
import type { Locale } from './routing';

/**
 * The page's language: its [locale] segment, or else its address (/fr...), as for the root 404
 * page, which has no segment.
 */
export function useCurrentLocale(): Locale {
  const params = useParams<{ locale?: string }>();
  const path = usePathname();
  if (params?.locale === 'fr' || params?.locale === 'en') return params.locale;
  return localeOfPath(path ?? '/');
}
