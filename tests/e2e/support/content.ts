import { expect, type Page } from '@playwright/test';
import { serviceSlugs, specialtySlugs, type AppPathname, type Locale } from '../../../lib/i18n/routing';
import { messages } from '../routes';

type JsonLdNode = { '@type': string | string[]; [key: string]: unknown };

/** The content pages whose heading, Open Graph card and structured data the route sweep checks. */
export const contentPages = new Set<AppPathname>([
  '/',
  '/about-us',
  '/about-us/our-team',
  '/privacy-policy',
  '/terms-and-conditions',
  ...serviceSlugs.map((slug) => `/services/${slug}` as AppPathname),
  ...specialtySlugs.map((slug) => `/specialties/${slug}` as AppPathname),
]);

/** The h1 a content page must show. */
function heading(pathname: AppPathname, locale: Locale): string {
  const m = messages[locale];
  if (pathname === '/') return m.Home.heroTitle;
  const [, section, slug] = pathname.split('/');
  if (section === 'services') return m.Services[slug as (typeof serviceSlugs)[number]].name;
  if (section === 'specialties') return m.Specialties[slug as (typeof specialtySlugs)[number]].name;
  const key = pathname.slice(1).replaceAll('/', '-') as 'about-us' | 'about-us-our-team' | 'privacy-policy' | 'terms-and-conditions';
  return m.Pages[key].title;
}

/** Every JSON-LD block of the page, parsed (a block that is not valid JSON fails the test). */
export async function jsonLd(page: Page): Promise<JsonLdNode[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as JsonLdNode);
}

export function ofType(nodes: JsonLdNode[], type: string): JsonLdNode | undefined {
  return nodes.find((node) => ([] as string[]).concat(node['@type']).includes(type));
}

/** A content page's heading, its Open Graph card and its structured data, in its language. */
export async function expectContentPage(page: Page, pathname: AppPathname, locale: Locale, url: string) {
  await expect(page.locator('main h1')).toHaveText(heading(pathname, locale));
  // Open Graph: the page's own address and the card image of its language.
  // (The home page's address is the bare origin: Next drops its trailing slash.)
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', url === '/' ? /^https?:\/\/[^/]+\/?$/ : new RegExp(`${url}$`));
  await expect(page.locator('meta[property="og:image"]').first()).toHaveAttribute('content', new RegExp(`clinic-${locale}\\.png$`));
  // Structured data: the clinic on home, a breadcrumb ending on this page elsewhere.
  const nodes = await jsonLd(page);
  if (pathname === '/') {
    expect(ofType(nodes, 'MedicalClinic')).toMatchObject({ name: 'Équilibre Nutrition', email: expect.any(String) });
  } else {
    const trail = ofType(nodes, 'BreadcrumbList')?.itemListElement as { item: string; position: number }[];
    expect(trail.at(-1)?.item).toMatch(new RegExp(`${url}$`));
    expect(trail[0]?.position).toBe(1);
  }
}
