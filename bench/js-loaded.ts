// npm run bench:js-loaded: the JavaScript a first-time visitor's browser really downloads on each
// public page (issue 14), as opposed to tests/system/js-budget.ts, which reads the build's
// manifests. One production server on a fresh data dir; for each page a new browser context
// (cold cache, no cookies, a 412 x 823 phone screen) loads it, waits until the network is idle
// and one more second (prefetches and lazy chunks included), and every script response is gzipped
// at level 9 and summed. The other pages' data the router fetched meanwhile (prefetches of the
// links in view, issue #42) is counted beside it. Prints a table and JSON.
//
//   APP_DIR=<built app> npx tsx --conditions react-server bench/js-loaded.ts
// Env: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_PORT (default 3441).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServer } from '../tests/system/support/server';
import { formatTable, type Row } from '../tests/system/support/table';

const pages = [
  '/',
  '/fr',
  '/services/individual-consultation',
  '/fr/services/consultation-individuelle',
  '/blog/reading-nutrition-facts-tables',
  '/fr/blog/lire-le-tableau-de-la-valeur-nutritive',
  '/privacy-policy',
  '/contact-us',
  '/book-online',
  '/fr/reserver-en-ligne',
];

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'js-loaded-'));
  const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3441), dataDir });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const rows: Row[] = [];
  try {
    for (const page of pages) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      const tab = await context.newPage();
      const scripts: Promise<number>[] = [];
      const payloads: Promise<number>[] = [];
      tab.on('response', (response) => {
        const headers = response.request().headers();
        // The router's requests for another page's data (RSC), prefetches included.
        if (headers['rsc'] === '1') payloads.push(response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0));
        if (response.request().resourceType() !== 'script') return;
        scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0));
      });
      const answer = await tab.goto(server.url + page, { waitUntil: 'networkidle' });
      await tab.waitForTimeout(1000);
      const sizes = await Promise.all(scripts);
      const pageData = await Promise.all(payloads);
      const kB = (list: number[]) => Number((list.reduce((a, b) => a + b, 0) / 1000).toFixed(1));
      rows.push({
        page,
        status: answer?.status() ?? 0,
        scripts: sizes.length,
        'JS gzip kB': kB(sizes),
        'page data requests': pageData.length,
        'page data gzip kB': kB(pageData),
      });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nJavaScript downloaded by a first visit (cold cache, phone screen); build in ${process.env.APP_DIR ?? process.cwd()}\n`);
  console.log(formatTable(rows));
  console.log(JSON.stringify({ bench: 'js-loaded', pages: rows }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
