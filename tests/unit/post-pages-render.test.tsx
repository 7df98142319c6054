import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createTranslator } from 'use-intl/core';
import { describe, expect, it, vi } from 'vitest';
import { PostList } from '@/components/content/posts/PostList';
import { postRoute } from '@/components/content/posts/postRoute';
import { listPosts } from '@/lib/content/loader';
import type { Locale } from '@/lib/i18n/routing';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { resolveServerTree } from '../support/resolveServerTree';

/**
 * The post pages are server components: render them with next-intl's server functions played by
 * use-intl, to catch a missing text, a wrong link or wrong metadata before the browser suite runs.
 */

const messages = { en, fr } as const;

vi.mock('next-intl/server', () => ({
  getTranslations: async ({ locale, namespace }: { locale: Locale; namespace?: string }) =>
    createTranslator({ locale, messages: messages[locale], namespace: namespace as never }),
  setRequestLocale: () => {},
}));

/** The page's [locale] segment, as Next would give it (links and the router read it). */
const pageLocale = vi.hoisted(() => ({ value: 'en' as 'en' | 'fr' }));

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => '/',
  useParams: () => ({ locale: pageLocale.value }),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
  notFound: () => {
    throw new Error('NEXT_NOT_FOUND');
  },
}));

async function html(node: ReactNode, locale: Locale): Promise<string> {
  pageLocale.value = locale;
  return renderToString(
    <NextIntlClientProvider locale={locale} messages={{}} timeZone="America/Toronto">
      {await resolveServerTree(node)}
    </NextIntlClientProvider>,
  );
}

const blog = postRoute('blog');
const quickBite = postRoute('quickBite');
const params = (locale: Locale, slug: string) => ({ params: Promise.resolve({ locale, slug }) });

describe('post lists', () => {
  it.each(['en', 'fr'] as const)('%s: every post as a card with its link, author, date and reading time', async (locale) => {
    const page = await html(<PostList kind="blog" locale={locale} />, locale);
    const posts = listPosts('blog', locale);
    for (const post of posts) {
      const href = locale === 'en' ? `/blog/${post.slug}` : `/fr/blog/${post.slug}`;
      expect(page).toContain(`href="${href}"`);
      expect(page).toContain(`<time dateTime="${post.date}">`);
    }
    expect(page.match(/<article/g)).toHaveLength(posts.length);
    expect(page).toContain(locale === 'en' ? 'min read' : 'min de lecture');
    expect(page).toContain(locale === 'en' ? 'By Claire Bouchard' : 'Par Claire Bouchard');
    expect(page).toMatch(/width="1200" height="630"/);
  });

  it('formats dates per language', async () => {
    const enPage = await html(<PostList kind="blog" locale="en" />, 'en');
    const frPage = await html(<PostList kind="blog" locale="fr" />, 'fr');
    expect(enPage).toContain('October 14, 2026');
    expect(frPage).toContain('14 octobre 2026');
  });
});

describe('post pages', () => {
  it('prerenders one page per post in each language', () => {
    expect(blog.generateStaticParams({ params: { locale: 'fr' } })).toContainEqual({ slug: 'lire-le-tableau-de-la-valeur-nutritive' });
    expect(quickBite.generateStaticParams({ params: { locale: 'en' } })).toHaveLength(listPosts('quickBite', 'en').length);
  });

  it('renders the title, the article, breadcrumbs and JSON-LD', async () => {
    const page = await html(await blog.Page(params('fr', 'fibres-et-sante-intestinale')), 'fr');
    expect(page).toMatch(/<h1>Fibres et santé intestinale/);
    expect(page).toContain('<h2>Deux types de fibres, deux types de bienfaits</h2>');
    expect(page).toContain('aria-label="Fil d’Ariane"');
    expect(page).toContain('href="/fr/blogs"');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)![1]!;
    const [article, crumbs] = JSON.parse(json);
    expect(article).toMatchObject({ '@type': 'Article', inLanguage: 'fr-FR', datePublished: '2026-07-21', author: { name: 'Sophie Tremblay' } });
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(crumbs.itemListElement).toHaveLength(3);
  });

  it('answers 404 for an unknown slug or the other language slug', async () => {
    await expect(blog.Page(params('en', 'nope'))).rejects.toThrow('NEXT_NOT_FOUND');
    await expect(blog.Page(params('en', 'fibres-et-sante-intestinale'))).rejects.toThrow('NEXT_NOT_FOUND');
  });

  it('gives metadata whose alternates point at the translation slug', async () => {
    const metadata = await quickBite.generateMetadata(params('en', 'staying-hydrated'));
    expect(metadata.alternates).toEqual({
      canonical: '/quick-bite/staying-hydrated',
      languages: { en: '/quick-bite/staying-hydrated', fr: '/fr/quick-bite/bien-shydrater', 'x-default': '/quick-bite/staying-hydrated' },
    });
    expect(metadata.openGraph).toMatchObject({ type: 'article', title: 'Staying hydrated: how much is enough?' });
    expect(metadata.description).toMatch(/count glasses/);
  });
});
