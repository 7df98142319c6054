// `npm run bench:availability`: how fast `POST /api/booking/available-appointments/fetch`
// answers as the clinic grows (issue #29): p50/p95 at 12, 24 and 48 dietitians, each with 400
// appointments over the 90 days ahead, on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL (a
// throwaway database per size, created there and dropped). The route handlers run in-process,
// as Next would call them; a trivial route (`GET /api/build`) measured the same way gives the
// floor, the harness's own cost. Two measures per clinic: the same search asked again (the
// calendars cached and the last answer reused), and each search after another dietitian's
// calendar changed (that calendar reloaded, the answer computed); the goals are judged on the
// second.
//
// Options (or the environment): --dietitians=12,24,48 (BENCH_DIETITIANS), --per-dietitian=400
// (BENCH_APPOINTMENTS_PER_DIETITIAN), --days=90 (BENCH_DAYS), --calls=100 (BENCH_CALLS).
// Prints one table and the p95 growth from the smallest clinic to the largest; exits 0 whether
// the goals are met or not: a benchmark reports, the reader judges.
import { parseArgs } from 'node:util';
import { GET as buildRoute } from '../app/api/build/route';
import { POST as fetchSlots } from '../app/api/booking/available-appointments/fetch/route';
import { eq, sql } from 'drizzle-orm';
import { calendarCacheStats } from '../lib/server/booking/calendarCache';
import { getConfig } from '../lib/server/config';
import { setDatabaseForTests } from '../lib/server/db/client';
import { appointments } from '../lib/server/db/schema';
import { call } from '../tests/integration/support/http';
import { formatTable, type Row } from '../tests/system/support/table';
import { fetchBody, ok, type Json } from './support/chain';
import { seedBenchClinic } from './support/clinic';
import { openBenchDatabase } from './support/database';
import { measure, summarize } from './support/stats';

const { values: args } = parseArgs({
  options: { dietitians: { type: 'string' }, 'per-dietitian': { type: 'string' }, days: { type: 'string' }, calls: { type: 'string' } },
});
const SIZES = (args.dietitians ?? process.env.BENCH_DIETITIANS ?? '12,24,48').split(',').map(Number);
const PER_DIETITIAN = Number(args['per-dietitian'] ?? process.env.BENCH_APPOINTMENTS_PER_DIETITIAN ?? 400);
const DAYS = Number(args.days ?? process.env.BENCH_DAYS ?? 90);
const CALLS = Number(args.calls ?? process.env.BENCH_CALLS ?? 100);
/** Issue #29's goals at the largest clinic, in-process. */
const GOAL_P95_MS = { PGlite: 40, PostgreSQL: 20 } as const;
const GOAL_GROWTH = 1.5;

type Kind = keyof typeof GOAL_P95_MS;

/** One clinic of `dietitians` on a fresh database of `kind`: the fetch's latency, and the floor's. */
async function measureClinic(kind: Kind, dietitians: number): Promise<Row & { p95: number }> {
  // An empty URL opens PGlite even when BENCH_DATABASE_URL is set.
  const handle = await openBenchDatabase(kind === 'PostgreSQL' ? process.env.BENCH_DATABASE_URL : '');
  try {
    // The route handlers take their database from getDb(): point it at the bench database.
    setDatabaseForTests(handle.db);
    const clinic = await seedBenchClinic(handle.db, { dietitians, count: dietitians * PER_DIETITIAN, days: DAYS, timeZone: getConfig().clinicTimezone });
    const body = await fetchBody(handle.db, { service: 'individual-consultation' });
    const first = await ok(fetchSlots, '/api/booking/available-appointments/fetch', body);
    const offered = Object.keys(first.appointment_options as Json).length;
    // A fetch that offers nothing would be fast for the wrong reason.
    if (offered === 0) throw new Error('available-appointments/fetch offered no date');
    const search = async () => void (await ok(fetchSlots, '/api/booking/available-appointments/fetch', body));
    const fetch = summarize(await measure(search, CALLS));
    // The same, each search after a change to one dietitian's calendar (a booking elsewhere): the
    // counter moves at its commit, the search reloads that one calendar (calendarCache.ts) and
    // computes the answer, where the same question asked again reuses the last answer
    // (recentAnswers.ts). The goals are judged on this one, the slower.
    const touched = await handle.db.execute<{ id: number }>(sql`SELECT DISTINCT ON (employee_id) id FROM appointments ORDER BY employee_id, id`);
    const ids = touched.rows.map((row) => row.id);
    const reloadsBefore = calendarCacheStats.loaded;
    const touch = async (call: number) => void (await handle.db.update(appointments).set({ updatedAt: new Date() }).where(eq(appointments.id, ids[call % ids.length]!)));
    const changed = summarize(await measure(search, CALLS, 0, touch));
    if (calendarCacheStats.loaded - reloadsBefore !== CALLS) throw new Error(`expected ${CALLS} calendars reloaded, got ${calendarCacheStats.loaded - reloadsBefore}`);
    // GET /api/build answers synchronously; `call` expects a promise like every other handler's.
    const floor = summarize(await measure(async () => void (await call(async () => buildRoute(), '/api/build')), CALLS));
    return {
      database: kind,
      dietitians,
      appointments: clinic.appointments,
      'dates offered': offered,
      'p50 ms, asked again': fetch.p50_ms,
      'p95 ms, asked again': fetch.p95_ms,
      'p50 ms, a calendar changed before each': changed.p50_ms,
      'p95 ms, changed': changed.p95_ms,
      'p99 ms, changed': changed.p99_ms,
      'floor p95 ms': floor.p95_ms,
      p95: changed.p95_ms,
    };
  } finally {
    setDatabaseForTests(null);
    await handle.close();
  }
}

async function main(): Promise<void> {
  const kinds: Kind[] = process.env.BENCH_DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];
  const rows: (Row & { p95: number })[] = [];
  for (const kind of kinds) for (const size of SIZES) rows.push(await measureClinic(kind, size));
  console.log(`\navailable-appointments/fetch, in-process: ${PER_DIETITIAN} appointments per dietitian over ${DAYS} days, ${CALLS} calls per clinic\n`);
  console.log(formatTable(rows.map(({ p95: _p95, ...row }) => row)));
  console.log('');
  for (const kind of kinds) {
    const own = rows.filter((row) => row.database === kind);
    const [small, large] = [own[0]!, own.at(-1)!];
    const growth = large.p95 / small.p95;
    const goal = GOAL_P95_MS[kind];
    console.log(
      `${kind}: p95 ${large.p95} ms at ${large.dietitians} dietitians (goal ≤ ${goal} ms: ${large.p95 <= goal ? 'met' : 'not met'}); ` +
        `growth ${small.dietitians} → ${large.dietitians}: ${growth.toFixed(2)}× (goal ≤ ${GOAL_GROWTH}×: ${growth <= GOAL_GROWTH ? 'met' : 'not met'})`,
    );
  }
  if (!process.env.BENCH_DATABASE_URL) console.log('PostgreSQL: not measured (set BENCH_DATABASE_URL, e.g. postgres://clinic:clinic@localhost:5432/clinic)');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
