// `npm run bench:availability`: how fast `POST /api/booking/available-appointments/fetch`
// answers a 90-day window for a busy clinic (DESIGN §5: p95 <= 50 ms), on PGlite by default or
// on PostgreSQL when BENCH_DATABASE_URL is set (a throwaway database is created there and
// dropped). The route handlers run in-process, as Next would call them, and a trivial route
// (`GET /api/build`) measured the same way gives the floor: what is the handler's own cost and
// what is the harness's. Prints JSON and exits 0 whether the goal is met or not: a benchmark
// reports, the reader judges.
import { eq } from 'drizzle-orm';
import { GET as buildRoute } from '../app/api/build/route';
import { POST as fetchSlots } from '../app/api/booking/available-appointments/fetch/route';
import { POST as checkAddress } from '../app/api/booking/check-address/route';
import { POST as checkContact } from '../app/api/booking/check-contact/route';
import { POST as checkService } from '../app/api/booking/check-service/route';
import { POST as checkSession } from '../app/api/booking/check-session/route';
import { POST as checkSkills } from '../app/api/booking/check-skills/route';
import { POST as checkLocation } from '../app/api/booking/locations/check/route';
import { POST as fetchLocations } from '../app/api/booking/locations/fetch/route';
import { getConfig } from '../lib/server/config';
import { setDatabaseForTests, type Database } from '../lib/server/db/client';
import { services, skills } from '../lib/server/db/schema';
import { call } from '../tests/integration/support/http';
import { seedBenchClinic } from './support/clinic';
import { openBenchDatabase } from './support/database';
import { measure, summarize } from './support/stats';

const DIETITIANS = 12;
const APPOINTMENTS = 5_000;
const DAYS = 90;
const CALLS = 200;
const GOAL_P95_MS = 50;

type Json = Record<string, unknown>;
type Handler = Parameters<typeof call>[0];

async function ok(handler: Handler, path: string, body: unknown): Promise<Json> {
  const res = await call(handler, path, { body });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json;
}

/**
 * A guest's chain up to the location token, through the step handlers, asking for the skill
 * every bench dietitian holds: the fetch then weighs all 12 dietitians and their appointments.
 * Returns the body of available-appointments/fetch; its tokens live BOOKING_TOKEN_TTL_SECONDS
 * (30 min by default), far longer than the run.
 */
async function fetchBody(db: Database): Promise<Json> {
  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.slug, 'individual-consultation'));
  const [skill] = await db.select({ id: skills.id }).from(skills).orderBy(skills.id).limit(1);
  const contact = {
    firstName: 'Bench', lastName: 'Guest', email: 'bench-guest@example.ca', phone: '613 555 0142', createAccount: false,
    streetNumber: '12', streetName: 'Rue Principale', unitNumber: '', city: 'Ottawa', province: 'ON', postalCode: 'K1P 5G3', country: 'CA',
  };
  const t: Json = { ...(await ok(checkSession, '/api/booking/check-session', { session_language: 'en' })) };
  const base = { session_language_token: t.session_language_token, auth_token: t.auth_token };
  Object.assign(t, await ok(checkService, '/api/booking/check-service', { ...base, service_id: service!.id }));
  Object.assign(t, await ok(checkContact, '/api/booking/check-contact', { ...base, contact }));
  Object.assign(t, await ok(checkAddress, '/api/booking/check-address', { ...base, contact }));
  const steps = { ...base, service_token: t.service_token, contact_token: t.contact_token, address_token: t.address_token };
  const { skills_token } = await ok(checkSkills, '/api/booking/check-skills', { ...steps, skills: [skill!.id] });
  const located = { ...steps, skills_token };
  const { office_data_token, offices } = (await ok(fetchLocations, '/api/booking/locations/fetch', located)) as { office_data_token: string; offices: { id: number }[] };
  const { location_token } = await ok(checkLocation, '/api/booking/locations/check', { ...located, office_data_token, selected_office_id: offices[0]!.id });
  return { ...located, office_data_token, location_token };
}

async function main(): Promise<void> {
  const handle = await openBenchDatabase();
  try {
    // The route handlers take their database from getDb(): point it at the bench database.
    setDatabaseForTests(handle.db);
    const clinic = await seedBenchClinic(handle.db, { dietitians: DIETITIANS, count: APPOINTMENTS, days: DAYS, timeZone: getConfig().clinicTimezone });
    const body = await fetchBody(handle.db);

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
