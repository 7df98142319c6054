// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { LanguageSwitcher } from '@/components/layout/LanguageSwitcher';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

/** The address the Next.js router reports (next-intl's navigation reads it). */
const nav = vi.hoisted(() => ({ pathname: '/', params: {} as Record<string, string> }));

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), refresh: vi.fn() }),
  usePathname: () => nav.pathname,
  useParams: () => nav.params,
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

function hrefOn(locale: 'en' | 'fr', pathname: string, params: Record<string, string>) {
  nav.pathname = pathname;
  nav.params = { locale, ...params };
  const messages = locale === 'fr' ? fr : en;
  render(
    <NextIntlClientProvider locale={locale} messages={{}} timeZone="America/Toronto">
      <LanguageSwitcher label={messages.LanguageSwitcher.label} ariaLabel={messages.LanguageSwitcher.ariaLabel} />
    </NextIntlClientProvider>,
  );
  return screen.getByRole('link', { name: messages.LanguageSwitcher.ariaLabel }).getAttribute('href');
}

describe('LanguageSwitcher', () => {
  it('on a blog post, goes to its translation', () => {
    expect(hrefOn('en', '/blog/reading-nutrition-facts-tables', { slug: 'reading-nutrition-facts-tables' })).toBe(
      '/fr/blog/lire-le-tableau-de-la-valeur-nutritive',
    );
  });

  it('on a French quick bite, goes to the English one', () => {
    // next-intl prefixes the default locale when switching to it; the middleware then drops the prefix.
    expect(hrefOn('fr', '/fr/quick-bite/bien-shydrater', { slug: 'bien-shydrater' })).toBe('/en/quick-bite/staying-hydrated');
  });

  it('keeps working on other pages: same page, translated path', () => {
    expect(hrefOn('en', '/services/follow-up', {})).toBe('/fr/services/suivi');
  });

  it('on a post it does not know, offers the list in the other language', () => {
    expect(hrefOn('en', '/blog/not-published', { slug: 'not-published' })).toBe('/fr/blogs');
  });
});
