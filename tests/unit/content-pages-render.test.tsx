import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createFormatter, createTranslator } from 'use-intl/core';
import { describe, expect, it, vi } from 'vitest';
import { LegalDocument } from '@/components/content/legal/LegalDocument';
import { ServicePage } from '@/components/content/topic/ServicePage';
import { SpecialtyPage } from '@/components/content/topic/SpecialtyPage';
import { HomePage } from '@/components/home/HomePage';
import { clinic } from '@/lib/clinic';
import { locales, serviceSlugs, specialtySlugs, type Locale } from '@/lib/i18n/routing';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { resolveServerTree } from '../support/resolveServerTree';

/**
 * The content pages are server components: render them here with next-intl's server functions
 * played by use-intl, to catch a missing text or a wrong shape in either language before the
 * browser suite runs.
 */

const messages = { en, fr } as const;

vi.mock('next-intl/server', () => ({
  getTranslations: async ({ locale, namespace }: { locale: Locale; namespace?: string }) =>
    createTranslator({ locale, messages: messages[locale], namespace: namespace as never }),
  getFormatter: async ({ locale }: { locale: Locale }) => createFormatter({ locale, timeZone: 'America/Toronto' }),
  getMessages: async ({ locale }: { locale: Locale }) => messages[locale],
}));

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => '/',
  useParams: () => ({}),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

async function html(page: Promise<ReactNode>, locale: Locale): Promise<string> {
  return renderToString(
    <NextIntlClientProvider locale={locale} messages={{}} timeZone="America/Toronto">
      {await resolveServerTree(await page)}
    </NextIntlClientProvider>,
  );
}

/** Text as renderToString writes it. */
const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;').replaceAll('"', '&quot;');

const figures = {
  description: 'From the database.',
  durationMinutes: 50,
  priceCents: 135_00,
  currency: 'CAD',
  isTaxable: false,
  taxIncluded: false,
  minCancellationNoticeHours: 24,
};

describe.each(locales)('content pages in %s', (locale) => {
  const m = messages[locale];

  it('home shows the figures and the clinic JSON-LD', async () => {
    const out = await html(HomePage({ locale }), locale);
    expect(out).toContain(escaped(m.Home.heroTitle));
    expect(out).toContain('application/ld+json');
    expect(out).toContain(clinic.email);
  });

  it.each(serviceSlugs)('service %s renders its sections, figures and booking link', async (slug) => {
    const out = await html(ServicePage({ locale, slug, service: figures }), locale);
    expect(out).toContain('From the database.');
    expect(out).toContain(escaped(m.Services[slug].forWhom['3']));
    expect(out).toContain(escaped(m.Services[slug].steps['3']));
    expect(out).toContain('50 minutes');
    expect(out).toMatch(locale === 'en' ? /\$135\.00/ : /135,00\s\$/);
    expect(out).toContain(`?service=${slug}`);
    expect(out).toContain('BreadcrumbList');
  });

  it.each(specialtySlugs)('specialty %s renders', async (slug) => {
    const out = await html(SpecialtyPage({ locale, slug }), locale);
    expect(out).toContain('BreadcrumbList');
    expect(out).toContain(escaped(m.Specialties[slug].conditions['1']));
    expect(out).toContain(escaped(m.Specialties[slug].approach['2']));
    const dialogs = (out.match(/<dialog/g) ?? []).length;
    // Digestive health: one dialog per condition, plus the two "learn more" ones.
    expect(dialogs).toBe(slug === 'digestive-health' ? 8 : 0);
  });

  it.each(['privacy', 'terms'] as const)('the %s document renders with the contact details filled in', async (document) => {
    const values = { clinicalYears: 10, minorAge: 18, financialYears: 6, contactYears: 2 };
    const out = await html(document === 'privacy' ? LegalDocument({ locale, document, values }) : LegalDocument({ locale, document }), locale);
    expect(out).toContain(clinic.email);
    expect(out).not.toContain('{email}');
    expect(out).not.toContain('{phone}');
    for (const section of Object.values(m.Legal[document])) expect(out).toContain(escaped(section.title));
    if (document === 'terms') expect(out).toContain(escaped(m.Legal.terms.cancellation.items['4']));
    if (document === 'privacy') {
      expect(out).toContain(escaped(locale === 'en' ? 'Payments and receipts: 6 years after' : 'Paiements et reçus\u00a0: 6 ans après'));
      // The guests' way to their data is a link to its form (issue #38), the tags never shown.
      const link = { en: '<a href="/my-data-request">“Request my data” form</a>', fr: '<a href="/fr/demande-de-donnees">formulaire «\u00a0Demander mes données\u00a0»</a>' }[locale];
      expect(out).toContain(link);
      expect(out).not.toContain('dataRequest>');
    }
  });

  it('states the retention periods it is given, not fixed ones (issue #38)', async () => {
    const out = await html(LegalDocument({ locale, document: 'privacy', values: { clinicalYears: 12, minorAge: 19, financialYears: 7, contactYears: 1 } }), locale);
    const expected = {
      en: ['12 years after your last visit', 'under 19,', 'their 19th birthday', '7 years after the end', 'do not lead to care: 1 year.'],
      fr: ['12 ans après votre dernière visite', 'moins de 19 ans', 'son 19e anniversaire', '7 ans après la fin', 'soins\u00a0: 1 an.'],
    }[locale];
    for (const text of expected) expect(out).toContain(escaped(text));
    expect(out).not.toMatch(/\b10 (years|ans)\b/);
  });
});
