// npm run bench:memory (issue #29 item 3): how much memory the production server holds, on the
// embedded database and on PostgreSQL. For each, one server (`npm start`, the build in APP_DIR):
//  - idle: started, each page and the slot search asked a few times;
//  - after 50 connections x MEMORY_DURATION_SECONDS (default 20) on content pages (home, privacy
//    policy, a blog post, in turn);
//  - after the same on available-appointments/fetch.
// Each figure is the resident size (VmRSS), with the peak (VmHWM) and where it goes, as the server
// itself reports it (support/memory-probe.mjs, loaded with --import): V8's heap, and memory
// outside it (array buffers, PGlite's WebAssembly memory). A benchmark: it prints the figures
// against the goals and exits 0 whether they are met or not; it exits 1 only if a run fails.
// Env: MEMORY_DATABASE_URL (or LOAD_DATABASE_URL) for PostgreSQL, MEMORY_PORT (default 3421).
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runLoad } from './support/autocannon';
import { catalogIds, fetchSlots, guestContact, slotStepTokens, walkToSlots } from './support/booking';
import { createScratchDatabase, generatedSecrets } from './support/scratchDatabase';
import { startServer, type AppServer } from './support/server';
import { formatTable, type Row } from './support/table';

const DURATION = Number(process.env.MEMORY_DURATION_SECONDS ?? 20);
const CONNECTIONS = 50;
const PORT = Number(process.env.MEMORY_PORT ?? 3421);
const ROOT = path.join(tmpdir(), 'memory');
const PROBE = path.join(import.meta.dirname, 'support/memory-probe.mjs');
/** Issue #29's goals for the resident size after load, in MB. */
const GOAL_MB = { 'embedded (PGlite)': 450, PostgreSQL: 300 } as const;
type Kind = keyof typeof GOAL_MB;

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round(bytes / MB);

/** The kernel's view of the server process: resident now, and the peak. */
function resident(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kB('VmRSS'), peak: kB('VmHWM') };
}

interface Probe {
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  at: number;
}

/** The server's own figures, once it has written them after `since`. */
async function probe(file: string, since: number): Promise<Probe> {
  for (let i = 0; i < 50; i++) {
    try {
      const figures = JSON.parse(readFileSync(file, 'utf8')) as Probe;
      if (figures.at > since) return figures;
    } catch {
      // Not written yet, or being written: try again.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server wrote no memory figures to ${file}`);
}

async function sample(server: AppServer, file: string, kind: Kind, moment: string): Promise<Row> {
  // A moment for the last requests to finish and the probe to write.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { rss, peak } = resident(server.process.pid!);
  const own = await probe(file, Date.now());
  return {
    database: kind,
    moment,
    'resident MB': mb(rss),
    'peak MB': mb(peak),
    'V8 heap used / total MB': `${mb(own.heapUsed)} / ${mb(own.heapTotal)}`,
    'outside V8 (external) MB': mb(own.external),
    'of which array buffers MB': mb(own.arrayBuffers),
  };
}

async function load(server: AppServer, paths: string[], body?: string): Promise<void> {
  const result = await runLoad(server.url, { paths, method: body ? 'POST' : 'GET', body, connections: CONNECTIONS, durationSeconds: DURATION, timeoutSeconds: 10 });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${paths.join(', ')}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  }
}

async function measure(kind: Kind, env: Record<string, string>): Promise<Row[]> {
  const dataDir = path.join(ROOT, kind === 'PostgreSQL' ? 'pg' : 'embedded');
  rmSync(dataDir, { recursive: true, force: true });
  const file = path.join(dataDir, 'memory.json');
  const options = { port: PORT, dataDir, env: { ...env, NODE_OPTIONS: `--import ${PROBE}`, MEMORY_PROBE_FILE: file } };
  // The first start creates the database (PGlite's initdb), migrates it and seeds the demo
  // clinic: its peak is what a small machine must survive once. The figures are a restarted
  // server's, as it runs from then on.
  const first = await startServer(options);
  const firstPeak = mb(resident(first.process.pid!).peak);
  await first.stop();
  const server = await startServer(options);
  try {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const blog = /<loc>[^<]*?(\/blog\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
    if (!blog) throw new Error('the sitemap lists no blog post');
    const pages = ['/', '/privacy-policy', blog];
    const ids = await catalogIds(server.url, 'individual-consultation', 'Weight management');
    const tokens = await walkToSlots(server.url, { contact: guestContact('memory'), ...ids });
    for (let i = 0; i < 5; i++) {
      for (const page of pages) await (await fetch(`${server.url}${page}`)).arrayBuffer();
      await fetchSlots(server.url, tokens);
    }
    const rows: Row[] = [{ ...(await sample(server, file, kind, 'idle')), 'first start, peak MB': firstPeak }];
    await load(server, pages);
    rows.push(await sample(server, file, kind, `after ${CONNECTIONS} connections x ${DURATION} s on content pages`));
    await load(server, ['/api/booking/available-appointments/fetch'], JSON.stringify(slotStepTokens(tokens)));
    rows.push(await sample(server, file, kind, `after ${CONNECTIONS} connections x ${DURATION} s on the slot search`));
    return rows;
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const rows = await measure('embedded (PGlite)', {});
  const databaseUrl = process.env.MEMORY_DATABASE_URL ?? process.env.LOAD_DATABASE_URL;
  if (databaseUrl) {
    const scratch = await createScratchDatabase(databaseUrl, 'clinic_memory');
    try {
      rows.push(...(await measure('PostgreSQL', { DATABASE_URL: scratch.url, SEED_DEMO: '1', ...generatedSecrets() })));
    } finally {
      await scratch.drop();
    }
  }
  console.log(`\nThe production server's memory, one process, ${CONNECTIONS} connections x ${DURATION} s per load\n`);
  console.log(formatTable(rows));
  console.log('');
  for (const kind of Object.keys(GOAL_MB) as Kind[]) {
    const own = rows.filter((row) => row.database === kind);
    if (own.length === 0) {
      console.log(`${kind}: not measured (set MEMORY_DATABASE_URL, e.g. postgres://clinic:clinic@localhost:5432/clinic)`);
      continue;
    }
    const after = Math.max(...own.slice(1).map((row) => Number(row['resident MB'])));
    console.log(`${kind}: ${after} MB resident after load, ${own[0]!['resident MB']} MB idle (goal ≤ ${GOAL_MB[kind]} MB after load: ${after <= GOAL_MB[kind] ? 'met' : 'not met'})`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
