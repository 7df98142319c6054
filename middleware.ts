import createIntlMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { getPathname } from '@/lib/i18n/href';
import { isFrenchOnlySlug, isKnownPath, localeOfPath } from '@/lib/i18n/matchRoute';
import { routing } from '@/lib/i18n/routing';
import { translationOf } from '@/lib/content/publishedSlugs';
import { apiGate } from '@/lib/http/apiGate';
import { isDecodable } from '@/lib/http/decodable';
import { createNonce, pageContentSecurityPolicy, staticPageContentSecurityPolicy } from '@/lib/http/securityHeaders';
import { staticPageHashes } from '@/lib/http/staticPageHashes';

const intlMiddleware = createIntlMiddleware(routing);

// Next 16 also calls this file `proxy.ts`; the design card names it middleware.ts.
export default function middleware(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === '/api' || pathname.startsWith('/api/')) return apiGate(request);
  // A broken %-escape (`/%E0%A4%A`) names no page, and Next's own decoding of it would fail later.
  if (!isDecodable(pathname)) {
    return new NextResponse('400 Bad Request / Requête invalide', {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
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
  return response;
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

  return toTranslatedPost(intlMiddleware(request), request);
}

const POST_KINDS = { blog: 'blog', 'quick-bite': 'quickBite' } as const;

/**
 * next-intl sends a visitor whose cookie says French from an English address to the same
 * address under /fr. For a post that keeps the English slug, which has no French page: send them
 * to the post's French translation instead.
 */
function toTranslatedPost(response: Response, request: NextRequest): Response {
  const location = response.headers.get('location');
  if (!location || response.status < 300 || response.status >= 400) return response;
  const target = new URL(location, request.url);
  const post = /^\/fr\/(blog|quick-bite)\/([^/]+)$/.exec(target.pathname);
  if (!post) return response;
  const translated = translationOf(POST_KINDS[post[1] as keyof typeof POST_KINDS], 'en', decodeURIComponent(post[2]!));
  if (!translated) return response;
  target.pathname = `/fr/${post[1]}/${translated}`;
  const redirect = NextResponse.redirect(target, response.status);
  // Keep what next-intl set (the locale cookie).
  const cookie = response.headers.get('set-cookie');
  if (cookie) redirect.headers.set('set-cookie', cookie);
  return redirect;
}

export const config = {
  // Node.js, not Edge: the hashes of the prerendered pages are read from the build's files.
  runtime: 'nodejs',
  // Pages and the API; not Next's own assets or files such as /sitemap.xml.
  matcher: '/((?!_next|_vercel|.*\\..*).*)',
};
