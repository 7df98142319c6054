import { axe } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import matter from 'gray-matter';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { localizedPath } from '../../lib/i18n/paths';
import { locales, type AppPathname, type Locale } from '../../lib/i18n/routing';
import { messages } from './routes';

type Kind = { folder: string; list: AppPathname; detail: AppPathname };
const kinds: Kind[] = [
  { folder: 'blog', list: '/blogs', detail: '/blog/[slug]' },
  { folder: 'quick-bites', list: '/quick-bites', detail: '/quick-bite/[slug]' },
];

/** The posts as the content folder holds them (read directly: the app's loader is server-only). */
function postsOf(kind: Kind, locale: Locale) {
  const dir = path.join(process.cwd(), 'content', kind.folder, locale);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const { data } = matter(readFileSync(path.join(dir, name), 'utf8'));
      return { slug: path.basename(name, '.md'), title: String(data.title), translation: String(data.translation) };
    });
}

type JsonLd = {
  '@type': string;
  headline?: string;
  inLanguage?: string;
  datePublished?: string;
  author?: { name: string };
  itemListElement?: { item: string }[];
};

const other = (locale: Locale): Locale => (locale === 'en' ? 'fr' : 'en');
const postUrl = (kind: Kind, locale: Locale, slug: string) => localizedPath(kind.detail, locale, { slug });

async function expectNoAxeViolations(page: Page) {
  const audit = await axe(page).analyze();
  expect(audit.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
}

test.describe('post lists', () => {
  for (const kind of kinds) {
    for (const locale of locales) {
      const url = localizedPath(kind.list, locale);
      test(`${url} shows every post in ${locale}, and axe finds no violation`, async ({ page }) => {
        const response = await page.goto(url);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        const posts = postsOf(kind, locale);
        await expect(page.locator('main article')).toHaveCount(posts.length);
        for (const post of posts) {
          const link = page.getByRole('link', { name: post.title, exact: true });
          await expect(link).toHaveAttribute('href', postUrl(kind, locale, post.slug));
        }
        await expectNoAxeViolations(page);
      });
    }
  }
});

test.describe('post pages', () => {
  for (const kind of kinds) {
    for (const locale of locales) {
      const [post] = postsOf(kind, locale);
      const url = postUrl(kind, locale, post!.slug);
      test(`${url} has its heading, metadata, structured data and no axe violation`, async ({ page }) => {
        const response = await page.goto(url);
        expect(response?.status()).toBe(200);
        await expect(page.locator('main h1')).toHaveText(post!.title);
        await expect(page).toHaveTitle(new RegExp(`^${post!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

        // Canonical and hreflang alternates point at this post and at its translation's own slug.
        const translationUrl = postUrl(kind, other(locale), post!.translation);
        const hrefOf = (selector: string) => page.locator(selector).first().getAttribute('href');
        expect(new URL((await hrefOf('link[rel="canonical"]'))!).pathname).toBe(url);
        expect(new URL((await hrefOf(`link[rel="alternate"][hreflang="${other(locale)}"]`))!).pathname).toBe(translationUrl);
        await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
        await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\.svg$/);

        const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
        const items = blocks.flatMap((text) => [JSON.parse(text) as JsonLd | JsonLd[]].flat());
        expect(items.map((item) => item['@type'])).toEqual(expect.arrayContaining(['Article', 'BreadcrumbList']));
        const article = items.find((item) => item['@type'] === 'Article')!;
        expect(article.headline).toBe(post!.title);
        expect(article.inLanguage).toMatch(new RegExp(`^${locale}`));
        expect(article.author?.name).toBeTruthy();
        expect(article.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const crumbs = items.find((item) => item['@type'] === 'BreadcrumbList')!.itemListElement!;
        expect(crumbs.map((crumb) => new URL(crumb.item).pathname)).toEqual([
          localizedPath('/', locale),
          localizedPath(kind.list, locale),
          url,
        ]);

        // The cover reserves its space: explicit width and height.
        const cover = page.locator('main img').first();
        await expect(cover).toHaveAttribute('width', '1200');
        await expect(cover).toHaveAttribute('height', '630');
        await expectNoAxeViolations(page);
      });
    }
  }

  test('the language switcher on a post lands on its translation, and back', async ({ page }) => {
    const [kind] = kinds;
    const en = postsOf(kind!, 'en')[0]!;
    const fr = postsOf(kind!, 'fr').find((post) => post.slug === en.translation)!;
    await page.goto(postUrl(kind!, 'en', en.slug));
    await page.getByRole('link', { name: messages.en.LanguageSwitcher.ariaLabel }).click();
    await expect(page).toHaveURL(postUrl(kind!, 'fr', fr.slug));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('main h1')).toHaveText(fr.title);
    await page.getByRole('link', { name: messages.fr.LanguageSwitcher.ariaLabel }).click();
    await expect(page).toHaveURL(postUrl(kind!, 'en', en.slug));
    await expect(page.locator('main h1')).toHaveText(en.title);
  });

  test('the language switcher on a quick bite lands on its translation', async ({ page }) => {
    const kind = kinds[1]!;
    const fr = postsOf(kind, 'fr')[0]!;
    const en = postsOf(kind, 'en').find((post) => post.slug === fr.translation)!;
    await page.goto(postUrl(kind, 'fr', fr.slug));
    await page.getByRole('link', { name: messages.fr.LanguageSwitcher.ariaLabel }).click();
    await expect(page).toHaveURL(postUrl(kind, 'en', en.slug));
    await expect(page.locator('main h1')).toHaveText(en.title);
  });

  for (const kind of kinds) {
    test(`${kind.detail}: unknown slugs and the other language's slug answer 404`, async ({ page }) => {
      const enSlug = postsOf(kind, 'en')[0]!.slug;
      for (const url of [
        postUrl(kind, 'en', 'no-such-post'),
        postUrl(kind, 'fr', 'no-such-post'),
        postUrl(kind, 'fr', enSlug),
      ]) {
        const response = await page.goto(url);
        expect(response?.status(), url).toBe(404);
      }
    });
  }
});

test.describe('sitemaps list every post', () => {
  for (const [sitemap, locale] of [
    ['/sitemap.xml', 'en'],
    ['/fr/sitemap.xml', 'fr'],
  ] as const) {
    test(`${sitemap} lists every ${locale} post and quick bite with the alternate to its translation`, async ({ request }) => {
      const response = await request.get(sitemap);
      expect(response.status()).toBe(200);
      const xml = await response.text();
      // One <url> block per page: its <loc> path and its alternates' paths by language.
      const entries = new Map(
        [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, block]) => {
          const loc = new URL(/<loc>([^<]+)<\/loc>/.exec(block!)![1]!).pathname;
          const alternates = Object.fromEntries(
            [...block!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [lang, new URL(href!).pathname]),
          );
          return [loc, alternates] as const;
        }),
      );
      for (const kind of kinds) {
        for (const post of postsOf(kind, locale)) {
          const loc = postUrl(kind, locale, post.slug);
          expect(entries.has(loc), loc).toBe(true);
          expect(entries.get(loc)![other(locale)]).toBe(postUrl(kind, other(locale), post.translation));
        }
      }
    });
  }
});
