// `npm run bench:availability`: how fast `POST /api/booking/available-appointments/fetch`
// answers a 90-day window for a busy clinic (DESIGN §5: p95 <= 50 ms), on PGlite by default or
// on PostgreSQL when BENCH_DATABASE_URL is set (a throwaway database is created there and
// dropped). The route handlers run in-process, as Next would call them, and a trivial route
// (`GET /api/build`) measured the same way gives the floor: what is the handler's own cost and
// what is the harness's. Prints JSON and exits 0 whether the goal is met or not: a benchmark
// reports, the reader judges.
import { GET as buildRoute } from '../app/api/build/route';
import { POST as fetchSlots } from '../app/api/booking/available-appointments/fetch/route';
import { getConfig } from '../lib/server/config';
import { setDatabaseForTests } from '../lib/server/db/client';
import { call } from '../tests/integration/support/http';
import { fetchBody, ok, type Json } from './support/chain';
import { seedBenchClinic } from './support/clinic';
import { openBenchDatabase } from './support/database';
import { measure, summarize } from './support/stats';

const DIETITIANS = 12;
const APPOINTMENTS = 5_000;
const DAYS = 90;
const CALLS = 200;
const GOAL_P95_MS = 50;

async function main(): Promise<void> {
  const handle = await openBenchDatabase();
  try {
    // The route handlers take their database from getDb(): point it at the bench database.
    setDatabaseForTests(handle.db);
    const clinic = await seedBenchClinic(handle.db, { dietitians: DIETITIANS, count: APPOINTMENTS, days: DAYS, timeZone: getConfig().clinicTimezone });
    const body = await fetchBody(handle.db, { service: 'individual-consultation' });

    const first = await ok(fetchSlots, '/api/booking/available-appointments/fetch', body);
    const offered = Object.keys(first.appointment_options as Json).length;
    // A fetch that offers nothing would be fast for the wrong reason.
    if (offered === 0) throw new Error('available-appointments/fetch offered no date');

    const fetchMs = await measure(async () => void (await ok(fetchSlots, '/api/booking/available-appointments/fetch', body)), CALLS);
    // GET /api/build answers synchronously; `call` expects a promise like every other handler's.
    const floorMs = await measure(async () => void (await call(async () => buildRoute(), '/api/build')), CALLS);
    const fetch = summarize(fetchMs);
    const { mean_ms: _mean, ...floor } = summarize(floorMs);
    const result = {
      database: handle.kind,
      ...clinic,
      dates_offered: offered,
      calls: CALLS,
      fetch,
      floor,
      goal_p95_ms: GOAL_P95_MS,
      met: fetch.p95_ms <= GOAL_P95_MS,
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    setDatabaseForTests(null);
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
