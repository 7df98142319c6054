// Lighthouse gate (DESIGN.md §5): home, a service page, a blog post, the booking page, sign-in
// and the intake form (issue #42), in English and French, each measured 3 times as Lighthouse's
// mid-tier phone (mobile form factor, simulated throttling) against `next start` on a fresh
// embedded data dir. Every run is a first visit in a new Chrome (its own temporary profile, so a
// cold HTTP cache).
//
// The same phone on any host (issue #37): at its start the gate measures the host's
// BenchmarkIndex (three of Lighthouse's own measurements) and sets the CPU slowdown by the
// calculator in Lighthouse's docs/throttling.md (support/cpuThrottling.ts): about 6-10x on this
// machine's kind, where Lighthouse's default 4x made a fast host a fast phone. As the host's
// speed moves during the stage, each run is throttled for the median of every index so far, and
// a run measured on a host more than 20 % off that median is measured again (hostDrift).
// The median of each category must reach accessibility, best practices and SEO 100 (sign-in,
// noindex by design, without the crawlability audit) and performance 75 (sign-in 70 and the
// intake form 65 for now, a known gap); DESIGN §5's goal, 95, is printed beside each
// page with its total blocking time against issue #42's goal (150 ms on content pages, 250 on
// booking, sign-in and intake), and a page under 95 prints the scripts that cost the most
// main-thread time.
//
//   npx tsx --conditions react-server tests/system/lighthouse.ts \
//     [--runs 5] [--chrome fresh|shared] [--only home,service,blog,booking,sign-in,intake] [--reports DIR]
//     [--cpu-slowdown N]
//
// --reports DIR writes each run's full Lighthouse result (JSON) there, to look into a miss.
// --cpu-slowdown N skips the calibration and uses N (Lighthouse's default is 4).
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), LIGHTHOUSE_PORT (default 3431),
// LIGHTHOUSE_DATA_DIR (default: a new temporary directory, removed afterwards).
// --chrome shared reuses one Chrome for every run (Lighthouse clears its cache, cookies and
// storage between runs), for a quick look; a warm browser process flatters the page, so the
// gate uses fresh.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import type { Flags, Result } from 'lighthouse';
import { localizedPath } from '@/lib/i18n/paths';
import { locales, type AppPathname, type Locale } from '@/lib/i18n/routing';
import { publishedSlugs, translationOf } from '@/lib/content/publishedSlugs';
import { cpuSlowdownFor } from './support/cpuThrottling';
import { startServer, type AppServer } from './support/server';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof categories)[number];
/** DESIGN §5. */
const targets: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/**
 * What fails the gate. Accessibility, best practices and SEO: the targets. Performance: 75 on
 * the calibrated measure (issue #37). The pages scored 79-93 as that phone on a fast host, with
 * React's hydration and Next's router as their heaviest task; the floor rises to 90 once the
 * pages hydrate less (issue #42). The JavaScript budget (test:js-budget, +5 % fails) guards what
 * a page loads without depending on the host at all.
 */
const floors: Record<Category, number> = { ...targets, performance: 75 };
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
}
// DESIGN §5: the median of 3 or more runs. 5 were taken while unlucky runs counted; now the
// runs Chrome stalled on are measured again (frameStallMs), 3 keep the stage near 11 minutes.
const runs = Number(option('runs', '3'));
const chromeMode = option('chrome', 'fresh');
const only = option('only', '').split(',').filter(Boolean);
const reportsDir = option('reports', '');
const fixedSlowdown = option('cpu-slowdown', '');

// The blog post: the first published English post and its French translation.
const blogEn = publishedSlugs.blog.en[0]!;
const blogFr = translationOf('blog', 'en', blogEn)!;
interface Page {
  name: string;
  pathname: AppPathname;
  params?: Record<Locale, Record<string, string>>;
  /** Issue #42's total blocking time goal: 150 ms on content pages, 250 on the interactive ones. */
  tbtGoalMs: number;
  /** Sign-in is `noindex` by design, which Lighthouse's SEO category counts against it. */
  noindex?: boolean;
  /**
   * A performance floor under the gate's 75, for a page measured before it reaches it: a known
   * gap, printed on every run. In the seven runs of the gate since the form schemas load at first
   * use (2026-11-29, 8.5-9.4x) the intake form's medians were 71-79 and sign-in's 75-89, one run
   * moving by up to 8 points: each floor sits under its page by about that noise.
   */
  performanceFloor?: number;
}
const allPages: Page[] = [
  { name: 'home', pathname: '/', tbtGoalMs: 150 },
  { name: 'service', pathname: '/services/individual-consultation', tbtGoalMs: 150 },
  { name: 'blog', pathname: '/blog/[slug]', params: { en: { slug: blogEn }, fr: { slug: blogFr } }, tbtGoalMs: 150 },
  { name: 'booking', pathname: '/book-online', tbtGoalMs: 250 },
  { name: 'sign-in', pathname: '/login', tbtGoalMs: 250, noindex: true, performanceFloor: 70 },
  { name: 'intake', pathname: '/patient-form', tbtGoalMs: 250, performanceFloor: 65 },
];
const floorOf = (page: Page, category: Category) =>
  category === 'performance' ? (page.performanceFloor ?? floors.performance) : floors[category];
const pages = allPages.filter((page) => only.length === 0 || only.includes(page.name));
if (
  !Number.isInteger(runs) ||
  runs < 1 ||
  !['shared', 'fresh'].includes(chromeMode) ||
  pages.length === 0 ||
  (fixedSlowdown !== '' && !(Number(fixedSlowdown) >= 1))
) {
  console.error(`usage: lighthouse.ts [--runs N] [--chrome fresh|shared] [--only ${allPages.map((page) => page.name).join(',')}] [--reports DIR] [--cpu-slowdown N]`);
  process.exit(2);
}

interface Run {
  scores: Record<Category, number | null>;
  /** The CPU slowdown it was simulated with. */
  cpuSlowdown: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  lhr: Result;
}

interface Measured {
  page: Page;
  locale: Locale;
  path: string;
  runs: Run[];
  median: Record<Category, number | null>;
  /** The median of the runs' total blocking times. */
  tbtMs: number;
  medianRun: Run;
}

function median(values: (number | null)[]): number | null {
  if (values.some((value) => value === null)) return null;
  const sorted = (values as number[]).toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** First request after start fills the server's caches; fetch the page and the files it links. */
async function warm(server: AppServer, pagePath: string) {
  const res = await fetch(server.url + pagePath, { redirect: 'manual' });
  if (res.status !== 200) {
    throw new Error(`GET ${pagePath} answered ${res.status}${res.headers.get('location') ? ` -> ${res.headers.get('location')}` : ''}`);
  }
  const html = await res.text();
  const assets = new Set([...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+)"/g)].map((match) => match[1]!));
  await Promise.all([...assets].map(async (asset) => (await fetch(server.url + asset)).arrayBuffer()));
}

/**
 * How long after the page's load event Chrome presented its first frame, in the observed
 * (unthrottled) trace. On this machine's Chromium 156, with Lighthouse's mobile screen
 * emulation, about half the first visits present no frame for 1 or 2 s after the page has
 * loaded and its scripts have run, then paint at once (the trace shows every compositor frame
 * dropped, the main thread idle, until a 1 s deadline); without the emulation, or on a page with
 * no stylesheet, it never happens. GoogleChrome/lighthouse#17148 reports the same from viz's
 * BeginFrame throttling, on PageSpeed Insights too. Lighthouse's simulation then counts every
 * script that ran before that late paint as work the largest paint waited for, which costs the
 * page 8-15 points for nothing the page did. Such a run is measured again, at most
 * `retries` times per page (the stall hit 32 to 41 of 56 to 65 runs here; 5 keeps the
 * stage under 15 minutes); after that every run counts, so a page that really paints late fails.
 */
function frameStallMs(lhr: Result): number {
  const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0];
  if (!metrics) return 0;
  const loaded = Math.max(metrics.observedLoad ?? 0, metrics.observedDomContentLoaded ?? 0);
  return (metrics.observedFirstContentfulPaint ?? 0) - loaded;
}
const stallMs = 700;
/** Runs set aside per page, stalled or on a drifted host, before every run counts. */
const retries = 5;

/**
 * A `noindex` page's SEO: Lighthouse's weighted mean without the crawlability audit, which such a
 * page fails by design; null (a failure) unless that audit finds the page really is not indexable.
 */
function noindexSeo(lhr: Result): number | null {
  if (lhr.audits['is-crawlable']?.score !== 0) return null;
  const refs = (lhr.categories.seo?.auditRefs ?? []).filter((ref) => ref.weight > 0 && ref.id !== 'is-crawlable');
  const weights = refs.reduce((sum, ref) => sum + ref.weight, 0);
  const scored = refs.reduce((sum, ref) => sum + ref.weight * (lhr.audits[ref.id]?.score ?? 0), 0);
  return weights > 0 ? Math.round((scored / weights) * 100) : null;
}

function toRun(lhr: Result, page: Page, cpuSlowdown: number): Run {
  const scores = Object.fromEntries(
    categories.map((id) => {
      if (id === 'seo' && page.noindex) return [id, noindexSeo(lhr)];
      const score = lhr.categories[id]?.score;
      return [id, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  ) as Record<Category, number | null>;
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return { scores, cpuSlowdown, lcpMs: value('largest-contentful-paint'), tbtMs: value('total-blocking-time'), cls: value('cumulative-layout-shift'), lhr };
}

// Loaded with import(), not a static import: tsx compiles statically imported ESM packages with
// esbuild's keepNames, which wraps Lighthouse's page functions in `__name(...)` calls that then
// fail inside the page ("__name is not defined"); import() leaves the package untouched.
const loadLighthouse = async () => (await import('lighthouse')).default;

async function measure(url: string, page: Page, shared: chromeLauncher.LaunchedChrome | undefined, cpuSlowdownMultiplier: number): Promise<Run> {
  const lhr = await lighthouseRun(url, shared, { onlyCategories: [...categories], throttling: { cpuSlowdownMultiplier } });
  // A redirect would mean we measured another page (or the redirect itself).
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
  }
  return toRun(lhr, page, cpuSlowdownMultiplier);
}

/** One Lighthouse run on `url`, in its own new Chrome unless one is shared. */
async function lighthouseRun(url: string, shared: chromeLauncher.LaunchedChrome | undefined, flags: Flags): Promise<Result> {
  const lighthouse = await loadLighthouse();
  const chrome = shared ?? (await launchChrome());
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      ...flags,
      clearStorageTypes: ['cookies', 'local_storage', 'indexeddb', 'file_systems', 'shader_cache', 'service_workers', 'cache_storage'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    if (!shared) await chrome.kill();
  }
}

/**
 * The host's BenchmarkIndex as Lighthouse measures it at the start of every run (a fixed piece of
 * JavaScript in the page, timed): three runs of one cheap audit, each in a new Chrome as the
 * measured runs are.
 */
async function benchmarkIndexes(url: string, shared: chromeLauncher.LaunchedChrome | undefined): Promise<number[]> {
  const indexes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const lhr = await lighthouseRun(url, shared, { onlyAudits: ['viewport'] });
    indexes.push(lhr.environment.benchmarkIndex);
  }
  console.error(`BenchmarkIndex runs: ${indexes.map((index) => index.toFixed(0)).join(', ')}`);
  return indexes;
}

/**
 * The host's speed moves while the gate runs: Lighthouse's own BenchmarkIndex of each run here
 * ranged from 1,853 to 2,852 within minutes, and a CI run calibrated at a fast moment (2,836, so
 * 9.6x) then measured every page 5-10 points under the runs before it. So each run is throttled
 * for the median of every index measured so far (the calibration's three and each run's own),
 * and a run whose own index is more than `hostDrift` away from that median measured another
 * phone than the one meant: it is set aside and measured again, within the page's retries.
 */
const hostDrift = 0.2;

function launchChrome() {
  return chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags, logLevel: 'silent' });
}

/**
 * What pulled a missed category down, from the runs that missed it: for performance the
 * weighted metrics under 90 and the visible diagnostics that failed; for the others every
 * weighted audit that did not pass, with Lighthouse's explanation when it gives one.
 */
function failingAudits(page: Measured, category: Category): string[] {
  const found = new Map<string, string>();
  for (const run of page.runs) {
    const score = run.scores[category];
    if (score !== null && score >= targets[category]) continue;
    for (const ref of run.lhr.categories[category]?.auditRefs ?? []) {
      const audit = run.lhr.audits[ref.id];
      if (!audit || audit.score === null || ref.group === 'hidden' || found.has(ref.id)) continue;
      if (['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode)) continue;
      const failed =
        category === 'performance' ? (ref.weight > 0 ? audit.score < 0.9 : audit.score < 0.5) : ref.weight > 0 && audit.score < 1;
      if (!failed) continue;
      const why = audit.explanation ? `: ${audit.explanation.replace(/\s+/g, ' ').slice(0, 120)}` : '';
      found.set(ref.id, `${ref.id} (${Math.round(audit.score * 100)}${why})`);
    }
  }
  return [...found.values()];
}

/** The three scripts that took the most main-thread time in a run (Lighthouse's bootup-time). */
function costliestScripts(lhr: Result): string[] {
  const items = (lhr.audits['bootup-time']?.details as { items?: { url: string; total: number; scripting: number }[] } | undefined)?.items ?? [];
  return items
    .filter((item) => item.url.startsWith('http'))
    .toSorted((a, b) => b.total - a.total)
    .slice(0, 3)
    .map((item) => `${new URL(item.url).pathname} ${item.total.toFixed(0)} ms (script ${item.scripting.toFixed(0)} ms)`);
}

function printTable(results: Measured[]) {
  const show = (score: number | null) => (score === null ? 'n/a' : String(score));
  const rows = [['page', 'lang', 'perf runs', 'perf', 'floor', 'goal', 'a11y', 'bp', 'seo', 'LCP ms', 'TBT ms', 'TBT goal', 'CLS', '']];
  for (const page of results) {
    const fails = categories.some((id) => (page.median[id] ?? -1) < floorOf(page.page, id));
    const below = categories.some((id) => (page.median[id] ?? -1) < targets[id]) || page.tbtMs > page.page.tbtGoalMs;
    rows.push([
      page.page.name,
      page.locale,
      page.runs.map((run) => show(run.scores.performance)).join('/'),
      show(page.median.performance),
      String(floorOf(page.page, 'performance')),
      String(targets.performance),
      show(page.median.accessibility),
      show(page.median['best-practices']),
      show(page.median.seo),
      page.medianRun.lcpMs.toFixed(0),
      page.tbtMs.toFixed(0),
      String(page.page.tbtGoalMs),
      page.medianRun.cls.toFixed(3),
      fails ? 'FAIL' : below ? 'below target' : 'ok',
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
  const noindex = pages.filter((page) => page.noindex).map((page) => page.name);
  if (noindex.length > 0) {
    console.log(`SEO of ${noindex.join(', ')} (noindex by design): Lighthouse's without the crawlability audit, which must find the noindex.`);
  }
}

async function main() {
  const port = Number(process.env.LIGHTHOUSE_PORT ?? 3431);
  const ownDataDir = !process.env.LIGHTHOUSE_DATA_DIR;
  const dataDir = process.env.LIGHTHOUSE_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  const server = await startServer({ port, dataDir });
  const shared = chromeMode === 'shared' ? await launchChrome() : undefined;
  const results: Measured[] = [];
  const started = Date.now();
  let stalledRuns = 0;
  let driftedRuns = 0;
  // The host's BenchmarkIndex: the calibration's three, then each run's own (none with a given slowdown).
  const hostIndexes: number[] = [];
  const hostIndex = () => median(hostIndexes)!;
  const slowdown = () => (fixedSlowdown ? Number(fixedSlowdown) : cpuSlowdownFor(hostIndex()));
  console.error(`load average at start: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}`);
  try {
    if (!fixedSlowdown) {
      await warm(server, '/');
      hostIndexes.push(...(await benchmarkIndexes(`${server.url}/`, shared)));
    }
    console.error(`CPU slowdown ${slowdown()}x${fixedSlowdown ? ' (given)' : ` for BenchmarkIndex ${hostIndex().toFixed(0)}`}`);
    for (const page of pages) {
      for (const locale of locales) {
        const pagePath = localizedPath(page.pathname, locale, page.params?.[locale]);
        await warm(server, pagePath);
        const pageRuns: Run[] = [];
        let retried = 0;
        for (let attempt = 1; pageRuns.length < runs; attempt++) {
          const expectedIndex = fixedSlowdown ? undefined : hostIndex();
          const cpuSlowdown = slowdown();
          // One retry: on a busy machine Chrome now and then misses a protocol deadline.
          const run = await measure(server.url + pagePath, page, shared, cpuSlowdown).catch((error: unknown) => {
            console.error(`retrying ${pagePath} after: ${error instanceof Error ? error.message : String(error)}`);
            return measure(server.url + pagePath, page, shared, cpuSlowdown);
          });
          if (reportsDir) {
            mkdirSync(reportsDir, { recursive: true });
            writeFileSync(path.join(reportsDir, `${page.name}-${locale}-${attempt}.json`), JSON.stringify(run.lhr));
          }
          const ownIndex = run.lhr.environment.benchmarkIndex;
          if (expectedIndex !== undefined) hostIndexes.push(ownIndex);
          const stall = frameStallMs(run.lhr);
          if (stall > stallMs && retried < retries) {
            retried++;
            stalledRuns++;
            console.error(`${pagePath}: run ${attempt} set aside: Chrome presented no frame for ${stall.toFixed(0)} ms after the page had loaded`);
            continue;
          }
          if (expectedIndex !== undefined && Math.abs(ownIndex - expectedIndex) > hostDrift * expectedIndex && retried < retries) {
            retried++;
            driftedRuns++;
            console.error(`${pagePath}: run ${attempt} set aside: the host's BenchmarkIndex was ${ownIndex.toFixed(0)} in it, against ${expectedIndex.toFixed(0)} it was throttled for`);
            continue;
          }
          pageRuns.push(run);
        }
        const medianScores = Object.fromEntries(categories.map((id) => [id, median(pageRuns.map((run) => run.scores[id]))])) as Record<Category, number | null>;
        // The median run: the one whose performance score is the median (ties: the first).
        const byPerf = pageRuns.toSorted((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
        const medianRun = byPerf[Math.floor((byPerf.length - 1) / 2)]!;
        results.push({ page, locale, path: pagePath, runs: pageRuns, median: medianScores, tbtMs: median(pageRuns.map((run) => run.tbtMs))!, medianRun });
        console.error(`measured ${pagePath}: perf ${pageRuns.map((run) => run.scores.performance).join('/')} at ${pageRuns.map((run) => run.cpuSlowdown).join('/')}x`);
      }
    }
  } finally {
    await shared?.kill();
    await server.stop();
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  }

  const used = results.flatMap((page) => page.runs.map((run) => run.cpuSlowdown));
  const range = Math.min(...used) === Math.max(...used) ? `${used[0]}x` : `${Math.min(...used)}-${Math.max(...used)}x`;
  const host = fixedSlowdown ? 'given' : `for the host's BenchmarkIndex, median ${hostIndex().toFixed(0)} of ${hostIndexes.length} measures`;
  console.log(
    `\nLighthouse ${results[0]?.medianRun.lhr.lighthouseVersion}, mobile, simulated throttling with CPU slowdown ${range} (${host}), median of ${runs}; Chrome ${chromeMode}; set aside: ${stalledRuns} stalled run(s), ${driftedRuns} on a drifted host; ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  printTable(results);
  let failed = false;
  for (const page of results) {
    for (const category of categories) {
      const score = page.median[category];
      if (score !== null && score >= targets[category]) continue;
      const fails = score === null || score < floorOf(page.page, category);
      failed ||= fails;
      const limit = fails ? `< ${floorOf(page.page, category)}, FAIL` : `< target ${targets[category]}`;
      console.log(`${fails ? 'FAIL' : 'BELOW'} ${page.page.name} ${page.locale} (${page.path}) ${category}: median ${score ?? 'n/a'} ${limit}; audits: ${failingAudits(page, category).join(', ') || '-'}`);
      if (category === 'performance') {
        console.log(`  total blocking time ${page.tbtMs.toFixed(0)} ms (median; goal ${page.page.tbtGoalMs}); scripts by main-thread time: ${costliestScripts(page.medianRun.lhr).join(', ') || '-'}`);
      }
    }
  }
  console.log(
    failed
      ? `\nFAIL: some page is under the gate (performance ${floors.performance}; accessibility, best practices, SEO 100).`
      : `\nPASS: every page passes the gate (performance ${floors.performance}; accessibility, best practices, SEO 100).`,
  );
  const lowered = pages.filter((page) => page.performanceFloor !== undefined);
  if (lowered.length > 0) {
    console.log(`Known gap: ${lowered.map((page) => `${page.name} is held to performance ${page.performanceFloor}`).join(', ')}, under the gate's ${floors.performance} (issue #42).`);
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
