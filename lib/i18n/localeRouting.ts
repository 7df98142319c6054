import { translationOf } from '@/lib/content/publishedSlugs';
import { matchPage, postKinds } from './matchRoute';
import { localizedPath } from './paths';
import { defaultLocale, locales, type AppPathname, type Locale } from './routing';

/**
 * Which page an address is, in which language, and where to send the visitor (SPEC §4: the route,
 * then the NEXT_LOCALE cookie, then the browser's languages, then English). The middleware used
 * next-intl's middleware for this; the same rules written over our own route table take a tenth
 * of its time per request (issue 14: content pages served near the speed of static files), and
 * give the Link header the posts' real translations (next-intl kept the slug).
 */
export type LocaleRoute =
  | { kind: 'redirect'; location: string; cookie?: Locale }
  | {
      kind: 'rewrite';
      /** The internal address Next serves: /en/about-us, /fr/blog/<slug>. */
      internal: string;
      locale: Locale;
      cookie?: Locale;
      /** The page's address in each language that has it (for the Link header). */
      alternates: Partial<Record<Locale, string>>;
    };

export interface LocaleRequest {
  /** The decoded path of a known page (the middleware answers the others first). */
  pathname: string;
  /** '' or '?a=b', kept on redirects. */
  search: string;
  /** The NEXT_LOCALE cookie's value, if any. */
  cookie: string | undefined;
  acceptLanguage: string | null;
  /**
   * A page load in the browser (Sec-Fetch-Dest: document, or no such header): only these update
   * the cookie, never the router's background requests (prefetches, revalidations).
   */
  isDocument: boolean;
}

/** The first of English or French in an Accept-Language header, by weight; undefined for neither. */
export function acceptedLocale(header: string | null): Locale | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = Number(parameters.map((p) => p.trim()).find((p) => p.startsWith('q='))?.slice(2) ?? 1);
      return { language: tag.trim().toLowerCase().split('-')[0]!, q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { language } of ranges) {
    if (language === '*') return undefined;
    if ((locales as readonly string[]).includes(language)) return language as Locale;
  }
  return undefined;
}

const isLocale = (value: string | undefined): value is Locale => value !== undefined && (locales as readonly string[]).includes(value);

/** A page's address in a language; a post takes its translation's slug (null: not translated). */
function addressIn(internal: AppPathname, params: Record<string, string>, from: Locale, to: Locale): string | null {
  const kind = postKinds[internal];
  if (kind && from !== to) {
    const slug = translationOf(kind, from, params.slug!);
    if (!slug) return null;
    return localizedPath(internal, to, { ...params, slug });
  }
  return localizedPath(internal, to, params);
}

/** The internal address Next serves for a page: the English template under the language. */
function internalAddress(internal: AppPathname, params: Record<string, string>, locale: Locale): string {
  let path: string = internal;
  for (const [name, value] of Object.entries(params)) path = path.replace(`[${name}]`, encodeURIComponent(value));
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** What to do with a request for a known page. */
export function routeLocale(request: LocaleRequest): LocaleRoute {
  const prefix = /^\/(en|fr)(?=\/|$)/.exec(request.pathname)?.[1] as Locale | undefined;
  const rest = prefix ? request.pathname.slice(prefix.length + 1) || '/' : request.pathname;
  const accepted = acceptedLocale(request.acceptLanguage) ?? defaultLocale;

  // The cookie remembers the language of the pages the visitor opens (next-intl's rule): updated
  // when it names another, or, when there is none, when the page's language is not the browser's.
  const cookieFor = (served: Locale): Locale | undefined => {
    if (!request.isDocument) return undefined;
    if (request.cookie !== undefined) return request.cookie === served ? undefined : served;
    return accepted === served ? undefined : served;
  };
  const rewrite = (internal: AppPathname, params: Record<string, string>, served: Locale, cookie: Locale | undefined): LocaleRoute => {
    const alternates: Partial<Record<Locale, string>> = {};
    for (const other of locales) {
      const address = addressIn(internal, params, served, other);
      if (address) alternates[other] = address;
    }
    return { kind: 'rewrite', internal: internalAddress(internal, params, served), locale: served, cookie, alternates };
  };

  // An unprefixed address is an English one; /fr/... is French.
  const found = matchPage(rest, prefix ?? defaultLocale);
  if (!found) throw new Error(`routeLocale: ${request.pathname} is not a page of the route table`);
  const { form, params } = found;
  const { internal } = form;

  // /en/... is the English page at its unprefixed address (the language switcher links here).
  if (prefix === defaultLocale) {
    return { kind: 'redirect', location: localizedPath(internal, defaultLocale, params) + request.search, cookie: cookieFor(defaultLocale) };
  }
  if (prefix === 'fr') {
    // An English slug under /fr: the French page's own address.
    if (form.locale !== 'fr') return { kind: 'redirect', location: localizedPath(internal, 'fr', params) + request.search, cookie: cookieFor('fr') };
    return rewrite(internal, params, 'fr', cookieFor('fr'));
  }
  // Unprefixed: the cookie's language, else the browser's, else English.
  const wanted: Locale = isLocale(request.cookie) ? request.cookie : accepted;
  if (wanted !== defaultLocale) {
    const target = addressIn(internal, params, defaultLocale, wanted);
    if (target) return { kind: 'redirect', location: target + request.search, cookie: cookieFor(wanted) };
    // A post not translated yet: the English one, without changing the visitor's language.
    return rewrite(internal, params, defaultLocale, undefined);
  }
  return rewrite(internal, params, defaultLocale, cookieFor(defaultLocale));
}
