import 'server-only';
import { localizedPath } from '@/lib/i18n/paths';
import type { AppPathname, Locale } from '@/lib/i18n/routing';
import { siteOrigin } from '@/lib/seo/siteUrl';

/** An absolute link to a page of the route table, in a language, for an e-mail. */
export function pageLink(
  locale: Locale,
  pathname: AppPathname,
  options: { params?: Record<string, string>; query?: Record<string, string> } = {},
): string {
  const path = localizedPath(pathname, locale, options.params);
  const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
  return `${siteOrigin()}${path}${query}`;
}
