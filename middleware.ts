import { NextResponse, type NextRequest } from 'next/server';
import { getPathname } from '@/lib/i18n/href';
import { isFrenchOnlySlug, isKnownPath, localeOfPath } from '@/lib/i18n/matchRoute';
import { routeLocale } from '@/lib/i18n/localeRouting';
import { LOCALE_COOKIE_MAX_AGE, type Locale } from '@/lib/i18n/routing';
import { apiGate } from '@/lib/http/apiGate';
import { isDecodable } from '@/lib/http/decodable';
import { createNonce, pageContentSecurityPolicy, staticPageContentSecurityPolicy } from '@/lib/http/securityHeaders';
import { prerenderManifest, staticPageHashes } from '@/lib/http/staticPageHashes';
import { siteOrigin } from '@/lib/seo/siteUrl';

/** The policy of a plain-text answer: nothing may load from it or frame it. */
const NOTHING_TO_RUN = "default-src 'none'; frame-ancestors 'none'";

// Next 16 also calls this file `proxy.ts`; the design card names it middleware.ts.
export default function middleware(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === '/api' || pathname.startsWith('/api/')) return apiGate(request);
  // A broken %-escape (`/%E0%A4%A`) names no page, and Next's own decoding of it would fail later.
  if (!isDecodable(pathname)) {
    return new NextResponse('400 Bad Request / Requête invalide', {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Security-Policy': NOTHING_TO_RUN },
    });
  }
  // A form sent before its page's script ran (a slow phone, Enter pressed at once) is posted to
  // the page itself (every form with a password, personal or health field says method="post",
  // issue 27): send the browser back to the page, without what was typed, rather than a 405.
  if (request.method === 'POST' && isPlainFormPost(request) && isKnownPath(pathname)) {
    const response = NextResponse.redirect(request.nextUrl.clone(), 303);
    response.headers.set('Cache-Control', 'no-store');
    response.headers.set('Content-Security-Policy', NOTHING_TO_RUN);
    return response;
  }
  // Pages are read, never written to: any other method is not allowed (issue 18).
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new NextResponse('405 Method Not Allowed / Méthode non permise', {
      status: 405,
      headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', 'Content-Security-Policy': NOTHING_TO_RUN },
    });
  }

  // A new nonce for a page rendered per request: Next finds it in the request's copy of the policy
  // and puts it on each script it renders; the browser gets the same policy on the response.
  const policy = pageContentSecurityPolicy(createNonce());
  request.headers.set('Content-Security-Policy', policy);
  const response = pageResponse(request);
  // A prerendered page (issue 14) is served as built, with no nonce: its inline scripts were
  // hashed after the build, and its policy allows exactly those.
  const hashes = process.env.NODE_ENV === 'production' ? staticPageHashes()[internalPathOf(response, request)] : undefined;
  response.headers.set('Content-Security-Policy', hashes ? staticPageContentSecurityPolicy(hashes) : policy);
  // Next gives a prerendered page `s-maxage` of a year, the 404 page too. An address that is not
  // a page today may be one after the next deploy, and a run of probes should not fill a cache
  // for a year: a shared cache keeps a 404 a minute, a browser asks again each time (issue 27).
  // A 404 rendered per request carries a nonce: Next's no-store stays.
  if (response.status === 404 && hashes) response.headers.set('Cache-Control', NOT_FOUND_CACHE);
  return response;
}

/** How long a shared cache may keep the (prerendered) 404 page: a minute; a browser, not at all. */
const NOT_FOUND_CACHE = 'public, max-age=0, s-maxage=60';

/** A browser's own form submission: a form body, and no Server Action (those are refused below). */
function isPlainFormPost(request: NextRequest): boolean {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') && !request.headers.has('next-action');
}

/** The page Next will serve: the middleware's rewrite target, or the address itself. */
function internalPathOf(response: Response, request: NextRequest): string {
  const rewrite = response.headers.get('x-middleware-rewrite');
  const pathname = rewrite ? new URL(rewrite, request.url).pathname : request.nextUrl.pathname;
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

function pageResponse(request: NextRequest): Response {
  const { pathname } = request.nextUrl;

  // SPEC §2: the error screen's Login button goes to /auth/login.
  const authLogin = /^(?:\/(fr|en))?\/auth\/login\/?$/.exec(pathname);
  if (authLogin) {
    const locale = authLogin[1] === 'fr' ? 'fr' : 'en';
    const url = request.nextUrl.clone();
    url.pathname = getPathname({ href: '/login', locale });
    return NextResponse.redirect(url);
  }

  if (isFrenchOnlySlug(pathname)) {
    const url = request.nextUrl.clone();
    url.pathname = `/fr${pathname}`;
    return NextResponse.redirect(url);
  }

  // Unknown addresses render the localized 404 page with status 404 (see page-not-found).
  if (!isKnownPath(pathname)) {
    const locale = localeOfPath(pathname);
    const url = request.nextUrl.clone();
    url.pathname = `/${locale}/page-not-found`;
    const headers = new Headers(request.headers);
    headers.set('X-NEXT-INTL-LOCALE', locale);
    return NextResponse.rewrite(url, { status: 404, request: { headers } });
  }

  return localeResponse(request);
}

/** The page in its language (lib/i18n/localeRouting.ts): a rewrite to its internal route, or a redirect. */
function localeResponse(request: NextRequest): Response {
  const { pathname, search } = request.nextUrl;
  const secFetchDest = request.headers.get('sec-fetch-dest');
  const route = routeLocale({
    pathname: decodeURI(pathname),
    search,
    cookie: request.cookies.get('NEXT_LOCALE')?.value,
    acceptLanguage: request.headers.get('accept-language'),
    isDocument: secFetchDest === null || secFetchDest === 'document',
  });
  let response: NextResponse;
  if (route.kind === 'redirect') {
    const url = request.nextUrl.clone();
    const target = new URL(route.location, url);
    url.pathname = target.pathname;
    url.search = target.search;
    response = NextResponse.redirect(url);
  } else {
    // next-intl's server functions read the language from this request header.
    const headers = new Headers(request.headers);
    headers.set('X-NEXT-INTL-LOCALE', route.locale);
    const url = request.nextUrl.clone();
    url.pathname = route.internal;
    response = NextResponse.rewrite(url, { request: { headers } });
    // The origin the page's own <head> names: the build's for a prerendered page.
    const built = process.env.NODE_ENV === 'production' && staticPageHashes()[route.internal] ? prerenderManifest()?.origin : undefined;
    response.headers.set('Link', alternateLinks(route.alternates, built ?? siteOrigin(request.url)));
  }
  // What a shared cache may keep (issue 27). Next marks a prerendered page `s-maxage` of a year:
  // - an answer that sets the language cookie is this visitor's alone, never stored (only a page
  //   load in another language than the cookie's or the browser's sets it);
  // - an unprefixed (English) address answers by the cookie and Accept-Language (the page, or a
  //   redirect to the visitor's language): the answer names both in Vary. /fr/... and /en/...
  //   answer the same to everyone once the cookie is left out.
  if (route.cookie) {
    rememberLocale(response, route.cookie);
    response.headers.set('Cache-Control', 'private, no-store');
  }
  if (!/^\/(?:en|fr)(?:\/|$)/.test(pathname)) response.headers.set('Vary', 'Cookie, Accept-Language');
  return response;
}

/** The page's other-language addresses for crawlers, as the <head> and the sitemaps give them. */
function alternateLinks(alternates: Partial<Record<Locale, string>>, origin: string): string {
  const links = Object.entries(alternates).map(([locale, path]) => `<${origin}${path}>; rel="alternate"; hreflang="${locale}"`);
  if (alternates.en) links.push(`<${origin}${alternates.en}>; rel="alternate"; hreflang="x-default"`);
  return links.join(', ');
}

function rememberLocale(response: NextResponse, locale: Locale): void {
  response.cookies.set('NEXT_LOCALE', locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax' });
}

export const config = {
  // Node.js, not Edge: the hashes of the prerendered pages are read from the build's files.
  runtime: 'nodejs',
  // Pages, the API and every unknown address, dotted ones too (`/nope.js` gets the 404 page with
  // its policy, issue 18); not Next's own assets, the public files or the metadata routes.
  matcher: '/((?!_next/|_vercel/|images/|animations/|icon|apple-icon\\.png$|manifest\\.webmanifest$|robots\\.txt$|(?:fr/)?sitemap\\.xml$).*)',
};
