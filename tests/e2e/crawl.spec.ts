import { expect, test } from '@playwright/test';

/**
 * Follows every internal link from both home pages (and the sitemaps) as a crawler would, without
 * scripts: every address reached must answer 200, after redirects. Each page is read once.
 */

const HREF = /<a\b[^>]*\shref="([^"]+)"/g;
const LOC = /<loc>([^<]+)<\/loc>/g;

function internal(href: string, origin: string): string | null {
  if (/^(mailto:|tel:|data:|#)/.test(href)) return null;
  const url = new URL(href.replaceAll('&amp;', '&'), origin);
  if (url.origin !== origin) return null;
  return url.pathname + url.search;
}

test('a crawl from both home pages and both sitemaps finds no broken internal link', async ({ request, baseURL }) => {
  test.setTimeout(240_000);
  const origin = new URL(baseURL!).origin;
  const queue: Array<{ path: string; from: string }> = [
    { path: '/', from: 'start' },
    { path: '/fr', from: 'start' },
  ];
  for (const sitemap of ['/sitemap.xml', '/fr/sitemap.xml']) {
    const xml = await (await request.get(sitemap)).text();
    for (const [, loc] of xml.matchAll(LOC)) {
      const path = internal(loc!, origin) ?? internal(new URL(loc!).pathname, origin);
      if (path) queue.push({ path, from: sitemap });
    }
  }
  const seen = new Set<string>();
  const broken: string[] = [];
  while (queue.length > 0) {
    const { path, from } = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const response = await request.get(path);
    if (response.status() !== 200) {
      broken.push(`${path} (${response.status()}) linked from ${from}`);
      continue;
    }
    if (!(response.headers()['content-type'] ?? '').includes('text/html')) continue;
    for (const [, href] of (await response.text()).matchAll(HREF)) {
      const next = internal(href!, origin);
      if (next && !seen.has(next)) queue.push({ path: next, from: path });
    }
  }
  expect(broken).toEqual([]);
  // Both languages' pages, the services, specialties and every post were reached.
  expect(seen.size).toBeGreaterThan(80);
});
