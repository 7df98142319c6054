import { describe, expect, it } from 'vitest';
import { acceptedLocale, routeLocale, type LocaleRequest } from '@/lib/i18n/localeRouting';
import { postTranslations } from '@/lib/content/publishedSlugs';

const request = (pathname: string, more: Partial<LocaleRequest> = {}): LocaleRequest => ({
  pathname,
  search: '',
  cookie: undefined,
  acceptLanguage: 'en-CA,en;q=0.9',
  isDocument: true,
  ...more,
});

describe('the browser languages', () => {
  it.each([
    ['fr-CA,fr;q=0.9,en;q=0.8', 'fr'],
    ['en-US,en;q=0.9,fr;q=0.8', 'en'],
    ['de-DE,de;q=0.9,fr;q=0.5,en;q=0.4', 'fr'],
    ['en;q=0.2, fr;q=0.7', 'fr'],
    ['fr;q=0, en', 'en'],
    ['es, *;q=0.5', undefined],
    ['', undefined],
  ])('%s -> %s', (header, expected) => {
    expect(acceptedLocale(header)).toBe(expected);
  });
});

describe('posts in the other language', () => {
  const [english, french] = Object.entries(postTranslations.blog.en)[0]!;

  it("name the post's translation in the alternates, not the same slug", () => {
    const route = routeLocale(request(`/blog/${english}`));
    expect(route).toMatchObject({ kind: 'rewrite', internal: `/en/blog/${english}`, locale: 'en' });
    expect(route.kind === 'rewrite' && route.alternates).toEqual({ en: `/blog/${english}`, fr: `/fr/blog/${french}` });
    const fr = routeLocale(request(`/fr/blog/${french}`));
    expect(fr.kind === 'rewrite' && fr.alternates).toEqual({ en: `/blog/${english}`, fr: `/fr/blog/${french}` });
  });
});

describe('the language cookie', () => {
  it('is not set for an English browser reading English, so a CDN may keep the page', () => {
    expect(routeLocale(request('/about-us')).cookie).toBeUndefined();
    expect(routeLocale(request('/about-us', { acceptLanguage: null })).cookie).toBeUndefined();
  });

  it("remembers French for a visitor who opens a French page on an English browser, on a page load only", () => {
    expect(routeLocale(request('/fr/a-propos')).cookie).toBe('fr');
    expect(routeLocale(request('/fr/a-propos', { isDocument: false })).cookie).toBeUndefined();
  });

  it('keeps the query string on the redirects', () => {
    expect(routeLocale(request('/book-online', { cookie: 'fr', search: '?service=follow-up' }))).toMatchObject({
      kind: 'redirect',
      location: '/fr/reserver-en-ligne?service=follow-up',
    });
  });
});
