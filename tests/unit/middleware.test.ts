import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import middleware, { config } from '@/middleware';
import { isFrenchOnlySlug, isKnownPath, localeOfPath } from '@/lib/i18n/matchRoute';

/**
 * next-intl is an external (native Node ESM) dependency here and imports `next/server` and
 * `next/navigation` without the `.js` that Node's ESM resolver needs for `next` (no exports map).
 * Next's bundler resolves them in the app; in tests this resolve hook does the same. Without it the
 * import of the middleware fails. (The vitest config could instead inline next-intl:
 * `server.deps.inline: ['next-intl']`.)
 */

const ORIGIN = 'https://clinic.example';

function call(path: string, headers: Record<string, string> = {}) {
  return middleware(new NextRequest(new URL(path, ORIGIN), { headers }));
}

const isRedirect = (status: number) => status >= 300 && status < 400;

/** The redirect target as a path + query on the same origin. */
function location(response: Response): string | null {
  const value = response.headers.get('location');
  if (value === null) return null;
  const url = new URL(value);
  expect(url.origin).toBe(ORIGIN);
  return url.pathname + url.search;
}

function rewrittenTo(response: Response): string | null {
  const value = response.headers.get('x-middleware-rewrite');
  return value === null ? null : new URL(value).pathname;
}

describe('locale detection on /', () => {
  it('serves English when the visitor gives no hint', () => {
    const response = call('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(rewrittenTo(response)).toBe('/en');
  });

  it('sends a French-speaking browser to /fr', () => {
    const response = call('/', { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(response.status).toBe(307);
    expect(location(response)).toBe('/fr');
  });

  it('serves English when English is preferred over French', () => {
    const response = call('/', { 'accept-language': 'en-CA,en;q=0.9,fr;q=0.8' });
    expect(isRedirect(response.status)).toBe(false);
    expect(rewrittenTo(response)).toBe('/en');
  });

  it('sends a visitor whose cookie says French to /fr', () => {
    const response = call('/', { cookie: 'NEXT_LOCALE=fr' });
    expect(response.status).toBe(307);
    expect(location(response)).toBe('/fr');
  });

  it('lets the cookie beat Accept-Language: English chosen on a French browser stays English', () => {
    // Switching to English from /fr sets NEXT_LOCALE=en and loads /; redirecting that back to /fr
    // would make English unreachable for French browsers.
    const response = call('/', { cookie: 'NEXT_LOCALE=en', 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(isRedirect(response.status)).toBe(false);
    expect(response.status).toBe(200);
    expect(rewrittenTo(response)).toBe('/en');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('ignores a cookie naming an unsupported language and falls back to Accept-Language', () => {
    const response = call('/', { cookie: 'NEXT_LOCALE=de', 'accept-language': 'fr' });
    expect(response.status).toBe(307);
    expect(location(response)).toBe('/fr');
  });

  it('keeps the query string when redirecting to the French home page', () => {
    const response = call('/?utm_source=flyer', { 'accept-language': 'fr' });
    expect(location(response)).toBe('/fr?utm_source=flyer');
  });
});

describe('the route prefix beats the cookie', () => {
  it('serves /fr in French to a visitor whose cookie says English, and remembers French for a year', () => {
    const response = call('/fr', { cookie: 'NEXT_LOCALE=en', 'sec-fetch-dest': 'document' });
    expect(isRedirect(response.status)).toBe(false);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-middleware-request-x-next-intl-locale')).toBe('fr');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^NEXT_LOCALE=fr;/);
    expect(cookie).toMatch(/Max-Age=31536000(;|$)/);
    expect(cookie).toMatch(/Path=\//);
  });

  it('does not rewrite the cookie on background (prefetch) requests', () => {
    const response = call('/fr', { cookie: 'NEXT_LOCALE=en', 'sec-fetch-dest': 'empty' });
    expect(isRedirect(response.status)).toBe(false);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('follows the cookie on unprefixed pages too: /about-us with a French cookie goes to /fr/a-propos', () => {
    const response = call('/about-us', { cookie: 'NEXT_LOCALE=fr' });
    expect(response.status).toBe(307);
    expect(location(response)).toBe('/fr/a-propos');
  });

  it("sends a French-cookie visitor on an English post to the post's French translation, not to a 404", () => {
    const post = call('/blog/reading-nutrition-facts-tables', { cookie: 'NEXT_LOCALE=fr' });
    expect(post.status).toBe(307);
    expect(location(post)).toBe('/fr/blog/lire-le-tableau-de-la-valeur-nutritive');
    const bite = call('/quick-bite/staying-hydrated', { cookie: 'NEXT_LOCALE=fr' });
    expect(location(bite)).toMatch(/^\/fr\/quick-bite\/(?!staying-hydrated)[a-z-]+$/);
  });

  it('switches a French-cookie visitor to English through /en/... (what the language switcher links to)', () => {
    const response = call('/en/about-us', { cookie: 'NEXT_LOCALE=fr', 'sec-fetch-dest': 'document' });
    expect(response.status).toBe(307);
    expect(location(response)).toBe('/about-us');
    expect(response.headers.get('set-cookie')).toMatch(/^NEXT_LOCALE=en;.*Max-Age=31536000/);
    // ...and with that cookie the English page is then served.
    const next = call('/about-us', { cookie: 'NEXT_LOCALE=en', 'accept-language': 'fr' });
    expect(next.status).toBe(200);
    expect(rewrittenTo(next)).toBe('/en/about-us');
  });

  it('serves a French page, rewritten to its internal route, with French as the request locale', () => {
    const response = call('/fr/reserver-en-ligne');
    expect(response.status).toBe(200);
    expect(rewrittenTo(response)).toBe('/fr/book-online');
    expect(response.headers.get('x-middleware-request-x-next-intl-locale')).toBe('fr');
  });

  it('announces the other language of a page in the Link header', () => {
    const link = call('/about-us').headers.get('link') ?? '';
    expect(link).toContain(`<${ORIGIN}/about-us>; rel="alternate"; hreflang="en"`);
    expect(link).toContain(`<${ORIGIN}/fr/a-propos>; rel="alternate"; hreflang="fr"`);
    expect(link).toContain(`<${ORIGIN}/about-us>; rel="alternate"; hreflang="x-default"`);
  });

  it("names a post's translation by its own slug in the Link header, as the <head> and the sitemaps do", () => {
    const english = call('/blog/reading-nutrition-facts-tables').headers.get('link') ?? '';
    expect(english).toContain(`<${ORIGIN}/fr/blog/lire-le-tableau-de-la-valeur-nutritive>; rel="alternate"; hreflang="fr"`);
    expect(english).not.toContain('/fr/blog/reading-nutrition-facts-tables');
    const french = call('/fr/blog/lire-le-tableau-de-la-valeur-nutritive').headers.get('link') ?? '';
    expect(french).toContain(`<${ORIGIN}/blog/reading-nutrition-facts-tables>; rel="alternate"; hreflang="en"`);
  });
});

describe('redirects to the canonical address of a page', () => {
  it.each([
    ['/fr/book-online', '/fr/reserver-en-ligne'],
    ['/fr/about-us/our-team', '/fr/a-propos/notre-equipe'],
    ['/fr/login', '/fr/connexion'],
    // A French slug without the /fr prefix: the visitor wants the French page.
    ['/reserver-en-ligne', '/fr/reserver-en-ligne'],
    ['/a-propos/notre-equipe', '/fr/a-propos/notre-equipe'],
    ['/services/suivi?x=1', '/fr/services/suivi?x=1'],
    ['/en/about-us', '/about-us'],
    ['/en', '/'],
    ['/fr/book-online?service=follow-up', '/fr/reserver-en-ligne?service=follow-up'],
  ])('%s -> %s', (from, to) => {
    const response = call(from);
    expect(response.status).toBe(307);
    expect(location(response)).toBe(to);
  });

  it.each([
    ['/auth/login', '/login'],
    ['/en/auth/login', '/login'],
    ['/fr/auth/login', '/fr/connexion'],
  ])('the error screen Login address %s -> %s', (from, to) => {
    const response = call(from);
    expect(response.status).toBe(307);
    expect(location(response)).toBe(to);
  });

  it('keeps the query string of /auth/login', () => {
    expect(location(call('/fr/auth/login?next=%2Fprofile'))).toBe('/fr/connexion?next=%2Fprofile');
  });
});

describe('unknown addresses get the localized 404 page with status 404', () => {
  it.each([
    ['/nope', 'en'],
    ['/fr/nope', 'fr'],
    ['/en/nope', 'en'],
    ['/blog/unknown-post', 'en'],
    ['/fr/blog/unknown-post', 'fr'],
    ['/quick-bite/unknown', 'en'],
    ['/services', 'en'],
    ['/about-us/our-team/extra', 'en'],
    ['/reset-password/only-uid', 'en'],
    ['/fr/fr', 'fr'],
  ] as const)('%s -> %s 404', (path, locale) => {
    const response = call(path, { 'sec-fetch-dest': 'document' });
    expect(response.status).toBe(404);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('x-middleware-rewrite')).toMatch(new RegExp(`/${locale}/page-not-found$`));
    expect(response.headers.get('x-middleware-request-x-next-intl-locale')).toBe(locale);
  });
});

describe('matcher', () => {
  // Next treats the matcher as a path pattern; this one is also a valid regular expression.
  const matches = (path: string) => new RegExp(`^${config.matcher}$`).test(path);

  it('runs on pages, on the API and on unknown addresses, dotted ones too', () => {
    for (const path of ['/', '/fr', '/fr/a-propos', '/blog/some-post', '/auth/login', '/api/auth/me', '/api/nope', '/nope.js', '/fr/rien.php', '/en/sitemap.xml', '/sitemap.xml.bak', '/.env']) {
      expect(matches(path), path).toBe(true);
    }
  });

  it("leaves Next's assets, the public files and the metadata routes alone", () => {
    for (const path of ['/_next/static/chunks/a.js', '/sitemap.xml', '/fr/sitemap.xml', '/robots.txt', '/icon.svg', '/icon-192.png', '/apple-icon.png', '/manifest.webmanifest', '/animations/leaf.json', '/images/blog/a.webp']) {
      expect(matches(path), path).toBe(false);
    }
  });
});

describe('methods', () => {
  it('answers 405 with Allow: GET, HEAD to any other method on a page, with a policy', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const response = middleware(new NextRequest(new URL('/fr/a-propos', ORIGIN), { method }));
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    expect(middleware(new NextRequest(new URL('/fr/a-propos', ORIGIN), { method: 'HEAD' })).status).not.toBe(405);
  });
});

describe('a form posted before its page’s script ran (issue 27)', () => {
  const post = (path: string, type: string, extra: Record<string, string> = {}) =>
    middleware(new NextRequest(new URL(path, ORIGIN), { method: 'POST', body: 'email=a%40b.ca&password=secret', headers: { 'content-type': type, ...extra } }));

  it('sends the browser back to the page with a 303, without what was typed', () => {
    for (const [path, type] of [
      ['/login', 'application/x-www-form-urlencoded'],
      ['/fr/connexion?next=%2Fprofile', 'application/x-www-form-urlencoded;charset=UTF-8'],
      ['/contact-us', 'multipart/form-data; boundary=x'],
    ] as const) {
      const response = post(path, type);
      expect(response.status, path).toBe(303);
      expect(location(response), path).toBe(path);
      expect(response.headers.get('location')).not.toMatch(/secret|a%40b/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('still refuses a Server Action, any other body, and a form posted to an address that is no page', () => {
    expect(post('/login', 'application/x-www-form-urlencoded', { 'next-action': 'f'.repeat(42) }).status).toBe(405);
    expect(post('/login', 'application/json').status).toBe(405);
    expect(post('/nope.php', 'application/x-www-form-urlencoded').status).toBe(405);
  });
});

describe('what a shared cache may keep (issue 27)', () => {
  it('never lets a cache keep an answer that sets the language cookie', () => {
    const french = call('/fr', { 'accept-language': 'en-CA,en;q=0.9' });
    expect(french.headers.get('set-cookie')).toMatch(/NEXT_LOCALE=fr/);
    expect(french.headers.get('cache-control')).toBe('private, no-store');
    const redirect = call('/en/about-us', { cookie: 'NEXT_LOCALE=fr' });
    expect(redirect.headers.get('set-cookie')).toMatch(/NEXT_LOCALE=en/);
    expect(redirect.headers.get('cache-control')).toBe('private, no-store');
  });

  it('leaves a French page without a cookie to Next’s caching, the same for everyone', () => {
    const french = call('/fr', { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(french.headers.get('set-cookie')).toBeNull();
    expect(french.headers.get('cache-control')).toBeNull();
    expect(french.headers.get('vary')).toBeNull();
  });

  it('says that an unprefixed address answers by the cookie and Accept-Language, page and redirect alike', () => {
    const english = call('/about-us', { 'accept-language': 'en-CA,en;q=0.9' });
    expect(rewrittenTo(english)).toBe('/en/about-us');
    expect(english.headers.get('vary')).toBe('Cookie, Accept-Language');
    expect(english.headers.get('set-cookie')).toBeNull();
    const redirect = call('/about-us', { cookie: 'NEXT_LOCALE=fr' });
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get('vary')).toBe('Cookie, Accept-Language');
  });
});

describe('the Content-Security-Policy of pages', () => {
  const policyOf = (response: Response) => response.headers.get('content-security-policy') ?? '';
  const nonceOf = (policy: string) => /'nonce-([A-Za-z0-9+/]+=*)'/.exec(policy)?.[1];

  it('carries a fresh nonce on every page response, and hands the same policy to the renderer', () => {
    const first = call('/');
    const second = call('/fr/a-propos');
    const policy = policyOf(first);
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) {
      expect(policy).toContain(directive);
    }
    expect(nonceOf(policyOf(second))).not.toBe(nonceOf(policy));
    // Next reads the nonce from the request's copy of the header (x-middleware-request-*).
    expect(first.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
  });

  it('also covers the 404 page and redirects', () => {
    expect(policyOf(call('/no-such-page'))).toContain("'strict-dynamic'");
    expect(policyOf(call('/auth/login'))).toContain("frame-ancestors 'none'");
  });

  it('never allows eval in a production build', () => {
    expect(policyOf(call('/'))).not.toContain('unsafe-eval');
  });
});

describe('an address with a broken %-escape', () => {
  it('is a bad request, not an error deeper in', async () => {
    const response = call('/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Bad Request');
  });
});

describe('the API gate', () => {
  const api = (path: string, method: string, headers: Record<string, string> = {}) =>
    middleware(new NextRequest(new URL(path, ORIGIN), { method, headers }));

  it('lets the methods a route answers through, with a policy that forbids rendering the answer', () => {
    for (const [path, method] of [['/api/auth/me', 'GET'], ['/api/auth/me', 'HEAD'], ['/api/intake/draft', 'PUT'], ['/api/clinic/time-off/17', 'DELETE'], ['/api/contact', 'OPTIONS']]) {
      const response = api(path!, method!);
      expect(response.headers.get('x-middleware-next'), `${method} ${path}`).toBe('1');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('answers another method with 405, Allow, and the failure shape in the caller\'s language', async () => {
    const response = api('/api/auth/login', 'GET', { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body).toEqual({
      code: 'method_not_allowed',
      message: 'Cette adresse n’accepte pas ce type de requête.',
      messages: [{ message: 'Cette adresse n’accepte pas ce type de requête.', type: 'error' }],
    });
    expect(api('/api/intake/draft', 'PATCH').headers.get('allow')).toBe('GET, PUT, DELETE, HEAD, OPTIONS');
  });

  it('answers an address that is no API route with 404 in the failure shape', async () => {
    for (const path of ['/api', '/api/nope', '/api/intake/1/2', '/api/clinic/patients/1/x', '/api/intake/%E0%A4%A']) {
      const response = api(path, 'POST');
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found', messages: [{ message: 'Not found.', type: 'error' }] });
    }
  });
});

describe('matchRoute', () => {
  it.each([
    '/',
    '/fr',
    '/fr/',
    '/en',
    '/about-us',
    '/about-us/',
    '/fr/a-propos',
    '/fr/a-propos/notre-equipe',
    '/a-propos',
    '/fr/about-us',
    '/en/about-us',
    '/book-online',
    '/fr/reserver-en-ligne',
    '/services/follow-up',
    '/fr/services/suivi',
    '/specialties/pregnancy-nutrition',
    '/fr/specialties/pregnancy-nutrition',
    '/reset-password/MjQ/c7x-9f2a',
    '/fr/reset-password/MjQ/c7x-9f2a',
    '/blogs',
    '/fr/quick-bites',
    '/connexion',
    '/fr/inscription/employe',
  ])('knows %s', (path) => {
    expect(isKnownPath(path)).toBe(true);
  });

  it.each([
    '/nope',
    '/fr/nope',
    '/fr/fr',
    '/french',
    '/services',
    '/specialties',
    '/about-us/our-team/extra',
    '/reset-password/only-uid',
    '/reset-password/a/b/c',
    '/blog/unknown-post',
    '/fr/blog/unknown-post',
    '/quick-bite/unknown',
    '/blog',
    '/de/about-us',
  ])('does not know %s', (path) => {
    expect(isKnownPath(path)).toBe(false);
  });

  it.each(['/reserver-en-ligne', '/a-propos', '/a-propos/notre-equipe', '/connexion', '/inscription/employe', '/services/suivi'])(
    '%s is a French-only slug',
    (path) => {
      expect(isFrenchOnlySlug(path)).toBe(true);
    },
  );

  it.each([
    '/',
    '/book-online',
    '/about-us',
    '/fr/reserver-en-ligne',
    '/en/reserver-en-ligne',
    '/fr/a-propos',
    '/blogs',
    '/profile',
    '/specialties/pregnancy-nutrition',
    '/reset-password/MjQ/c7x-9f2a',
    '/nope',
  ])('%s is not a French-only slug', (path) => {
    expect(isFrenchOnlySlug(path)).toBe(false);
  });

  it.each([
    ['/fr', 'fr'],
    ['/fr/', 'fr'],
    ['/fr/a-propos', 'fr'],
    ['/fr/nope', 'fr'],
    ['/', 'en'],
    ['/en/about-us', 'en'],
    ['/about-us', 'en'],
    ['/french', 'en'],
    ['/frites', 'en'],
  ])('reads the locale of %s as %s', (path, locale) => {
    expect(localeOfPath(path)).toBe(locale);
  });
});
