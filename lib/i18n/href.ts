import { localizedPath } from './paths';
import type { AppPathname, Locale } from './routing';

type QueryValue = string | number | boolean | undefined;

/** Where a link goes: a page of the route table, with its params and query. */
export type Href =
  | AppPathname
  | { pathname: AppPathname; params?: Record<string, string | number>; query?: Record<string, QueryValue> };

/**
 * A page's address in a language (unprefixed English, /fr + translated slugs), with its params
 * filled in and its query appended. Pure: the same on the server, in the browser and in tests.
 */
export function getPathname({ href, locale }: { href: Href; locale: Locale }): string {
  const { pathname, params = {}, query = {} } = typeof href === 'string' ? { pathname: href } : href;
  const path = localizedPath(pathname, locale, Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.append(key, String(value));
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}
