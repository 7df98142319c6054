// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '@/lib/app/buildCheck';
import { claimReload, RELOAD_GUARD_MS } from '@/lib/app/reloadGuard';
import { clinic } from '@/lib/clinic';
import { formatPhone, phoneHref } from '@/lib/format/phone';
import { pathnames, routeName, type AppPathname } from '@/lib/i18n/routing';
import { pageViewSchema } from '@/lib/schemas/pageView';
import { buildSitemap } from '@/lib/seo/sitemap';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

/**
 * lib/seo/sitemap.ts uses getPathname from next-intl, an external (native Node ESM) dependency in
 * this vitest config that imports `next/navigation` & co. without the `.js` Node's ESM resolver needs
 * for `next`. Next's bundler resolves them in the app; this resolve hook does the same here.
 * (The vitest config could instead inline next-intl: `server.deps.inline: ['next-intl']`.)
 */

describe('phone', () => {
  it('shows 11 digits as +1 (xxx) xxx-xxxx', () => {
    expect(formatPhone('16135550142')).toBe('+1 (613) 555-0142');
    expect(formatPhone('1-613-555-0142')).toBe('+1 (613) 555-0142');
  });

  it('shows the clinic phone and fax in that form', () => {
    expect(formatPhone(clinic.phone)).toBe('+1 (613) 555-0142');
    expect(formatPhone(clinic.fax)).toBe('+1 (613) 555-0143');
  });

  it.each(['6135550142', '161355501420', '555-0142', '', 'ext. 12'])('shows %j as given', (value) => {
    expect(formatPhone(value)).toBe(value);
  });

  it('links to the number in international form', () => {
    expect(phoneHref('16135550142')).toBe('tel:+16135550142');
    expect(phoneHref('+1 (613) 555-0142')).toBe('tel:+16135550142');
    expect(phoneHref(clinic.phone)).toBe('tel:+16135550142');
    // Ten digits are a North American number: the +1 is added, not +61.
    expect(phoneHref('6135550142')).toBe('tel:+16135550142');
  });
});

describe('reload guard', () => {
  function memoryStorage() {
    const map = new Map<string, string>();
    return {
      map,
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
    };
  }

  it('allows one reload, refuses another within 10 s, and allows one again 10 s later', () => {
    const storage = memoryStorage();
    const t0 = 1_700_000_000_000;
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(claimReload(storage, t0)).toBe(true);
    expect(claimReload(storage, t0)).toBe(false);
    expect(claimReload(storage, t0 + 1)).toBe(false);
    expect(claimReload(storage, t0 + 9_999)).toBe(false);
    expect(claimReload(storage, t0 + 10_000)).toBe(true);
    // The guard is re-armed from the last allowed reload.
    expect(claimReload(storage, t0 + 19_999)).toBe(false);
    expect(claimReload(storage, t0 + 20_000)).toBe(true);
  });

  it('does not arm the guard when it refuses', () => {
    const storage = memoryStorage();
    claimReload(storage, 50_000);
    const stored = [...storage.map.values()];
    claimReload(storage, 55_000);
    expect([...storage.map.values()]).toEqual(stored);
    expect(claimReload(storage, 60_000)).toBe(true);
  });

  it('shares the guard through the storage, so separate page loads see it', () => {
    const storage = memoryStorage();
    expect(claimReload(storage, 1_000_000)).toBe(true);
    const afterReload = { getItem: storage.getItem, setItem: storage.setItem };
    expect(claimReload(afterReload, 1_000_500)).toBe(false);
  });

  it('works with the real sessionStorage and the current time', () => {
    sessionStorage.clear();
    expect(claimReload(sessionStorage)).toBe(true);
    expect(claimReload(sessionStorage)).toBe(false);
    sessionStorage.clear();
  });
});

describe('isChunkLoadError', () => {
  it.each([
    ['a ChunkLoadError by name', Object.assign(new Error('whatever'), { name: 'ChunkLoadError' })],
    ['a plain object named ChunkLoadError', { name: 'ChunkLoadError' }],
    ['Loading chunk 123 failed', new Error('Loading chunk 123 failed.\n(error: https://x/_next/static/chunks/123.js)')],
    ['Loading CSS chunk x failed', new Error('Loading CSS chunk x failed')],
    ['Failed to load chunk', new Error('Failed to load chunk /_next/static/chunks/a.js from module 1')],
    ['a lower-case message', { message: 'loading chunk app/page failed' }],
  ])('recognizes %s', (_, reason) => {
    expect(isChunkLoadError(reason)).toBe(true);
  });

  it.each([
    ['another error', new Error('Network Error')],
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'map')")],
    ['null', null],
    ['undefined', undefined],
    ['a string', 'Loading chunk 123 failed'],
    ['a number', 42],
    ['an object without message', { status: 500 }],
    ['a non-string message', { message: 123 }],
  ])('ignores %s', (_, reason) => {
    expect(isChunkLoadError(reason)).toBe(false);
  });
});

describe('sitemaps', () => {
  const ORIGIN = 'https://example.ca';
  const XHTML = 'http://www.w3.org/1999/xhtml';
  const SITEMAP = 'http://www.sitemaps.org/schemas/sitemap/0.9';

  interface Entry {
    loc: string;
    alternates: Array<{ hreflang: string | null; href: string | null; rel: string | null }>;
  }

  function parse(xml: string): Entry[] {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.localName).toBe('urlset');
    expect(doc.documentElement.namespaceURI).toBe(SITEMAP);
    return Array.from(doc.getElementsByTagNameNS(SITEMAP, 'url')).map((url) => {
      const locs = url.getElementsByTagNameNS(SITEMAP, 'loc');
      expect(locs).toHaveLength(1);
      return {
        loc: locs[0]!.textContent ?? '',
        alternates: Array.from(url.getElementsByTagNameNS(XHTML, 'link')).map((link) => ({
          hreflang: link.getAttribute('hreflang'),
          href: link.getAttribute('href'),
          rel: link.getAttribute('rel'),
        })),
      };
    });
  }

  const sitemaps = { en: parse(buildSitemap('en', ORIGIN)), fr: parse(buildSitemap('fr', ORIGIN)) };
  const locs = (locale: 'en' | 'fr') => sitemaps[locale].map((entry) => entry.loc);

  it.each(['en', 'fr'] as const)('%s: every page has its address in that language and exactly en, fr and x-default alternates', (locale) => {
    expect(sitemaps[locale].length).toBeGreaterThan(0);
    for (const { loc, alternates } of sitemaps[locale]) {
      expect(alternates.map((a) => a.hreflang)).toEqual(['en', 'fr', 'x-default']);
      for (const a of alternates) {
        expect(a.rel).toBe('alternate');
        expect(a.href).toMatch(/^https:\/\/example\.ca\//);
      }
      const byLang = Object.fromEntries(alternates.map((a) => [a.hreflang, a.href]));
      expect(loc).toBe(byLang[locale]);
      expect(byLang['x-default']).toBe(byLang.en);
      expect(byLang.fr === ORIGIN + '/fr' || byLang.fr!.startsWith(`${ORIGIN}/fr/`)).toBe(true);
      expect(byLang.en!.startsWith(`${ORIGIN}/fr`)).toBe(false);
    }
  });

  it('lists the English pages at their English addresses', () => {
    expect(locs('en')).toContain('https://example.ca/');
    expect(locs('en')).toContain('https://example.ca/book-online');
    expect(locs('en')).toContain('https://example.ca/about-us/our-team');
    expect(locs('en')).toContain('https://example.ca/services/follow-up');
    expect(locs('en')).toContain('https://example.ca/specialties/pregnancy-nutrition');
  });

  it('lists the French pages at their French addresses', () => {
    expect(locs('fr')).toContain('https://example.ca/fr');
    expect(locs('fr')).toContain('https://example.ca/fr/reserver-en-ligne');
    expect(locs('fr')).toContain('https://example.ca/fr/a-propos/notre-equipe');
    expect(locs('fr')).toContain('https://example.ca/fr/services/suivi');
  });

  it('links each page to its translation', () => {
    const book = sitemaps.fr.find((entry) => entry.loc === 'https://example.ca/fr/reserver-en-ligne')!;
    expect(book.alternates.find((a) => a.hreflang === 'en')!.href).toBe('https://example.ca/book-online');
  });

  it('lists each page once, the same pages in both languages', () => {
    expect(new Set(locs('en')).size).toBe(locs('en').length);
    expect(new Set(locs('fr')).size).toBe(locs('fr').length);
    expect(locs('fr')).toHaveLength(locs('en').length);
    // 26 listed pages, less the two post templates, plus 6 blog posts and 8 quick bites.
    expect(locs('en')).toHaveLength(24 + 6 + 8);
  });

  it.each(['en', 'fr'] as const)('%s: leaves out account, verification and reset pages and unfilled templates', (locale) => {
    const all = sitemaps[locale].flatMap((entry) => [entry.loc, ...entry.alternates.map((a) => a.href!)]);
    const paths = all.map((href) => new URL(href).pathname.replace(/^\/fr(?=\/|$)/, '') || '/');
    for (const path of paths) {
      expect(path).not.toMatch(
        /^\/(login|connexion|profile|signup|inscription|verify-email|verifier-courriel|demande-de-verification-email|password-reset|reinitialiser-le-mot-de-passe|change-password|changer-mot-de-passe|reset-password)(\/|-|$)/,
      );
      expect(path).not.toContain('[');
    }
  });

  it('escapes the origin safely into XML', () => {
    const xml = buildSitemap('en', 'https://example.ca/?a=1&b=<2>');
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  });
});

describe('page view schema', () => {
  const valid = { route: 'index___en', path: '/', locale: 'en' };

  it('accepts a page view', () => {
    expect(pageViewSchema.safeParse(valid).success).toBe(true);
    expect(pageViewSchema.safeParse({ route: 'blog-slug___fr', path: '/fr/blog/x', locale: 'fr' }).success).toBe(true);
  });

  it('accepts the route name of every page in both languages', () => {
    for (const pathname of Object.keys(pathnames) as AppPathname[]) {
      for (const locale of ['en', 'fr'] as const) {
        const view = { route: routeName(pathname, locale), path: '/', locale };
        expect(pageViewSchema.safeParse(view).success, view.route).toBe(true);
      }
    }
  });

  it('rejects extra fields (nothing that identifies the visitor)', () => {
    expect(pageViewSchema.safeParse({ ...valid, userId: 7 }).success).toBe(false);
    expect(pageViewSchema.safeParse({ ...valid, ip: '203.0.113.9' }).success).toBe(false);
  });

  it.each(['route', 'path', 'locale'] as const)('rejects a view without %s', (field) => {
    const view: Record<string, string> = { ...valid };
    delete view[field];
    expect(pageViewSchema.safeParse(view).success).toBe(false);
  });

  it.each(['de', 'EN', '', 'en-US'])('rejects locale %j', (locale) => {
    expect(pageViewSchema.safeParse({ ...valid, locale }).success).toBe(false);
  });

  it.each(['about-us', '', 'https://example.ca/', ' /'])('rejects path %j', (path) => {
    expect(pageViewSchema.safeParse({ ...valid, path }).success).toBe(false);
  });

  it.each(['', 'Index___en', 'index___de', 'index en', '<script>'])('rejects route %j', (route) => {
    expect(pageViewSchema.safeParse({ ...valid, route }).success).toBe(false);
  });

  it('rejects over-long values and accepts values at the limit', () => {
    expect(pageViewSchema.safeParse({ ...valid, route: 'a'.repeat(120) }).success).toBe(true);
    expect(pageViewSchema.safeParse({ ...valid, route: 'a'.repeat(121) }).success).toBe(false);
    expect(pageViewSchema.safeParse({ ...valid, path: `/${'a'.repeat(511)}` }).success).toBe(true);
    expect(pageViewSchema.safeParse({ ...valid, path: `/${'a'.repeat(512)}` }).success).toBe(false);
  });

  it('rejects non-string values', () => {
    expect(pageViewSchema.safeParse({ ...valid, path: 1 }).success).toBe(false);
    expect(pageViewSchema.safeParse(null).success).toBe(false);
  });
});

describe('messages', () => {
  function flatten(value: unknown, prefix = ''): Record<string, unknown> {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.assign(
        {},
        ...Object.entries(value).map(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key)),
      );
    }
    return { [prefix]: value };
  }

  const enFlat = flatten(en);
  const frFlat = flatten(fr);

  it('has exactly the same keys in English and French', () => {
    expect(Object.keys(frFlat).sort()).toEqual(Object.keys(enFlat).sort());
    expect(Object.keys(enFlat).length).toBeGreaterThan(0);
  });

  it.each([
    ['en', enFlat],
    ['fr', frFlat],
  ])('%s has a non-empty string for every key', (_, messages) => {
    for (const [key, value] of Object.entries(messages)) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('uses the same placeholders in both languages', () => {
    // An argument is a name followed by "}" or ","; plural branches ({one appointment}) are text.
    const placeholders = (text: unknown) => [...new Set([...String(text).matchAll(/\{\s*(\w+)\s*[},]/g)].map((m) => m[1]))].sort();
    for (const key of Object.keys(enFlat)) {
      expect(placeholders(frFlat[key]), key).toEqual(placeholders(enFlat[key]));
    }
  });
});
