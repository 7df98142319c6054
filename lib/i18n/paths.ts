import { defaultLocale, pathnames, type AppPathname, type Locale } from './routing';

/**
 * A page's address in a language, params filled in: the route table read without next-intl,
 * so server code, scripts and tests outside React can build links. (The unit tests check it
 * agrees with next-intl's getPathname for every page.)
 */
export function localizedPath(pathname: AppPathname, locale: Locale, params: Record<string, string> = {}): string {
  let path: string = pathnames[pathname][locale];
  for (const [name, value] of Object.entries(params)) path = path.replace(`[${name}]`, encodeURIComponent(value));
  if (locale === defaultLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}
