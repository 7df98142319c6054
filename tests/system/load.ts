// npm run test:load (issue #9 part 3). Two parts, each printing a table; exit 1 on any failure.
//  1. One server (`npm start`) on a fresh embedded data dir: autocannon at 50 connections against a static
//     file, the home page, the privacy policy, a blog post and available-appointments/fetch -> zero
//     errors, timeouts, non-2xx; and each content page at >= 50 % of the static file's requests
//     per second (issue 14: content pages are prerendered).
//  2. Two servers on one PostgreSQL database (LOAD_DATABASE_URL; a throwaway database is
//     created from it and dropped): rounds of guests racing for the same slots across both
//     instances -> exactly one booking per slot, no overlapping appointments in the database.
// Run from the repository: APP_DIR=<built app> tsx --conditions react-server tests/system/load.ts
// Env: LOAD_DURATION_SECONDS (default 20), LOAD_ROUNDS (5), LOAD_GUESTS (40), LOAD_SLOTS (2),
// LOAD_PORT (first of three ports, default 3411), LOAD_DATA_DIR (default <tmp>/load).
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { runLoad } from './support/autocannon';
import { startServer, type AppServer } from './support/server';
import { book, catalogIds, chooseSlot, fetchSlots, guestContact, slotStepTokens, spacedSlots, tokenDietitian, walkToSlots } from './support/booking';
import { createScratchDatabase, generatedSecrets } from './support/scratchDatabase';
import { formatTable, percentile, type Row } from './support/table';

const DURATION = Number(process.env.LOAD_DURATION_SECONDS ?? 20);
const CONNECTIONS = 50;
/** A request unanswered this long counts as a timeout (autocannon's default, made explicit). */
const TIMEOUT_SECONDS = 10;
const ROUNDS = Number(process.env.LOAD_ROUNDS ?? 5);
const GUESTS = Number(process.env.LOAD_GUESTS ?? 40);
const SLOTS = Number(process.env.LOAD_SLOTS ?? 2);
const PORT = Number(process.env.LOAD_PORT ?? 3411);
const ROOT = path.resolve(process.env.LOAD_DATA_DIR ?? path.join(tmpdir(), 'load'));
const SERVICE = 'individual-consultation';
const REASON = 'Weight management';
/** The service's employee duration is 75 min: slots this far apart never overlap. */
const SLOT_GAP_MINUTES = 24 * 60;
/** DESIGN §5: a content page is served at no less than half the rate of a static file. */
const CONTENT_TO_STATIC_RATIO = 0.5;

const failures: string[] = [];
const check = (condition: boolean, message: string) => {
  if (!condition) failures.push(message);
};

interface Target {
  name: string;
  path: string;
  /** A prerendered page: after the first request, the server's page cache answers it. */
  cached?: boolean;
  method?: 'GET' | 'POST';
  body?: string;
}

async function hammer(server: AppServer, target: Target): Promise<Row> {
  const latencies: number[] = [];
  const answered = new Set<unknown>();
  const method = target.method ?? 'GET';
  const headers: Record<string, string> = { 'accept-language': 'en', ...(target.body && { 'content-type': 'application/json' }) };
  // A few requests first, unmeasured: the first hit of a route loads its code.
  let age: string | null = null;
  for (let i = 0; i < 5; i++) {
    const response = await fetch(`${server.url}${target.path}`, { method, body: target.body, headers, redirect: 'manual' });
    await response.arrayBuffer();
    const location = response.headers.get('location');
    if (i === 0) check(response.ok, `${target.name}: answered ${response.status}${location ? ` (Location: ${location})` : ''}`);
    age = response.headers.get('age');
  }
  // A prerendered page is answered from the server's page cache once it was seen (scripts/page-cache.mjs), with an Age.
  if (target.cached) check(age !== null, `${target.name}: not answered from the server's page cache after 5 requests (no Age header)`);
  const result = await runLoad(server.url, {
    paths: [target.path],
    method,
    body: target.body,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    timeoutSeconds: TIMEOUT_SECONDS,
    onResponse: (client, latencyMs) => {
      latencies.push(latencyMs);
      answered.add(client);
    },
  });
  const row: Row = {
    target: target.name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    'p50 ms': Math.round(percentile(latencies, 50)),
    'p95 ms': Math.round(percentile(latencies, 95)),
    'p99 ms': Math.round(percentile(latencies, 99)),
    'max ms': Math.round(latencies.reduce((max, latency) => Math.max(max, latency), 0)),
    'connections answered': answered.size,
    errors: result.errors,
    timeouts: result.timeouts,
    'non-2xx': result.non2xx,
  };
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => `${code} x${stat.count ?? 0}`);
  check(result.errors === 0 && result.timeouts === 0 && result.non2xx === 0, `${target.name}: errors, timeouts or non-2xx answers (statuses: ${statuses.join(', ')})`);
  // A connection never answered would hide in the totals: the slowest wait is a new connection's.
  check(answered.size === CONNECTIONS, `${target.name}: ${CONNECTIONS - answered.size} of ${CONNECTIONS} connections never got an answer`);
  return row;
}

/** A published blog post, from the sitemap (so the slug is one the site really serves). */
async function blogPath(server: AppServer): Promise<string> {
  const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const match = /<loc>[^<]*?(\/blog\/[^<]+)<\/loc>/.exec(xml);
  if (!match?.[1]) throw new Error('the sitemap lists no blog post');
  return match[1];
}

async function throughput(): Promise<void> {
  const dataDir = path.join(ROOT, 'embedded');
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer({ port: PORT, dataDir });
  const rows: Row[] = [];
  try {
    const ids = await catalogIds(server.url, SERVICE, REASON);
    const tokens = await walkToSlots(server.url, { contact: guestContact('throughput'), ...ids });
    // Walked once: every fetch of the run sends this body (the tokens stay valid for 30 minutes).
    await fetchSlots(server.url, tokens);
    const staticFile: Target = { name: 'GET /icon.svg (static file)', path: '/icon.svg' };
    const contentPages: Target[] = [
      { name: 'GET /', path: '/', cached: true },
      { name: 'GET /privacy-policy', path: '/privacy-policy', cached: true },
      { name: 'GET blog post', path: await blogPath(server), cached: true },
    ];
    const slotSearch: Target = { name: 'POST available-appointments/fetch', path: '/api/booking/available-appointments/fetch', method: 'POST', body: JSON.stringify(slotStepTokens(tokens)) };
    for (const target of [staticFile, ...contentPages, slotSearch]) rows.push(await hammer(server, target));
    const staticRps = Number(rows[0]!.rps);
    for (const row of rows) row['of static'] = '-';
    rows[0]!['of static'] = '100 %';
    for (const row of rows.slice(1, 1 + contentPages.length)) {
      const ratio = Number(row.rps) / staticRps;
      row['of static'] = `${Math.round(ratio * 100)} %`;
      check(ratio >= CONTENT_TO_STATIC_RATIO, `${row.target}: ${row.rps} requests/s, ${Math.round(ratio * 100)} % of the static file's ${staticRps} (at least ${CONTENT_TO_STATIC_RATIO * 100} %)`);
    }
  } finally {
    await server.stop();
  }
  console.log(`\nPart 1: one server on 127.0.0.1, embedded database, ${CONNECTIONS} connections x ${DURATION} s per target (timeout ${TIMEOUT_SECONDS} s)\n`);
  console.log(formatTable(rows));
}

interface Attempt {
  round: number;
  slot: string;
  status: number;
  appointmentId?: number;
}

/** One round: guests, split over the instances, walk at once to the same few slots, then all book at once. */
async function race(servers: AppServer[], round: number, ids: { serviceId: number; skillIds: number[] }): Promise<Attempt[]> {
  const scout = await walkToSlots(servers[0]!.url, { contact: guestContact(`scout-${round}-${Date.now()}`), ...ids });
  const targets = spacedSlots(await fetchSlots(servers[0]!.url, scout), SLOT_GAP_MINUTES).slice(0, SLOTS);
  if (targets.length < SLOTS) throw new Error(`round ${round}: only ${targets.length} free slots offered`);
  const ready = await Promise.all(
    Array.from({ length: GUESTS }, async (_, i) => {
      const server = servers[i % servers.length]!;
      const t = await walkToSlots(server.url, { contact: guestContact(`r${round}-g${i}-${Date.now()}`), ...ids });
      await fetchSlots(server.url, t);
      const target = targets[i % targets.length]!;
      const checked = await chooseSlot(server.url, t, target.date, target.slot);
      if (checked.status !== 200) throw new Error(`round ${round}: check of a free slot answered ${checked.status}`);
      // Per dietitian: two dietitians free at the same time are two slots.
      return { server, t, slot: `${target.slot.start} #${tokenDietitian(t.timeslot_token!)}` };
    }),
  );
  return Promise.all(
    ready.map(async ({ server, t, slot }) => {
      const answer = await book(server.url, t);
      const appointment = answer.json.appointment as { id?: number } | undefined;
      return { round, slot, status: answer.status, appointmentId: appointment?.id };
    }),
  );
}

async function sharedSlots(databaseUrl: string): Promise<void> {
  const scratch = await createScratchDatabase(databaseUrl, 'clinic_load');
  // Guests racing from one machine: the guest booking limits (issue 18) are lifted for the race.
  const env = { DATABASE_URL: scratch.url, SEED_DEMO: '1', GUEST_BOOKING_LIMIT_PER_HOUR: '1000000', GUEST_UPCOMING_PER_EMAIL: '1000000', ...generatedSecrets() };
  const servers: AppServer[] = [];
  const attempts: Attempt[] = [];
  let overlaps = -1;
  let rowsPerSlot = new Map<string, number>();
  try {
    // One after the other: the second start finds the schema migrated and the demo data seeded.
    for (const [i, name] of ['pg-a', 'pg-b'].entries()) {
      const dataDir = path.join(ROOT, name);
      rmSync(dataDir, { recursive: true, force: true });
      servers.push(await startServer({ port: PORT + 1 + i, dataDir, env }));
    }
    const ids = await catalogIds(servers[0]!.url, SERVICE, REASON);
    for (let round = 1; round <= ROUNDS; round++) attempts.push(...(await race(servers, round, ids)));

    const db = new Client({ connectionString: scratch.url });
    await db.connect();
    try {
      const overlapping = await db.query<{ n: number }>(`
        SELECT count(*)::int AS n FROM appointments a JOIN appointments b
          ON a.employee_id = b.employee_id AND a.id < b.id
         WHERE a.status <> 'cancelled' AND b.status <> 'cancelled'
           AND tstzrange(a.starts_at, a.blocked_until) && tstzrange(b.starts_at, b.blocked_until)`);
      overlaps = overlapping.rows[0]!.n;
      const booked = await db.query<{ start: Date; employee_id: number; n: number }>(`
        SELECT starts_at AS start, employee_id, count(*)::int AS n FROM appointments
         WHERE status <> 'cancelled' AND guest_contact ->> 'email' LIKE 'guest-r%' GROUP BY 1, 2`);
      rowsPerSlot = new Map(booked.rows.map((row) => [`${row.start.toISOString()} #${row.employee_id}`, row.n]));
    } finally {
      await db.end();
    }
  } finally {
    for (const server of servers) await server.stop();
    await scratch.drop();
  }

  const slots = [...new Set(attempts.map((a) => `${a.round} ${a.slot}`))];
  const won = (key: string) => attempts.filter((a) => `${a.round} ${a.slot}` === key && a.status === 200).length;
  const exactlyOne = slots.filter((key) => won(key) === 1 && rowsPerSlot.get(key.slice(key.indexOf(' ') + 1)) === 1).length;
  const taken = attempts.filter((a) => a.status === 409).length;
  const other = attempts.filter((a) => a.status !== 200 && a.status !== 409);
  const row: Row = {
    rounds: ROUNDS,
    instances: servers.length,
    attempts: attempts.length,
    '2xx': attempts.filter((a) => a.status === 200).length,
    '409 slot taken': taken,
    other: other.length,
    'overlaps in DB': overlaps,
    'slots contested': slots.length,
    'slots with exactly one booking': exactlyOne,
  };
  console.log(`\nPart 2: two servers on one PostgreSQL, ${GUESTS} guests on ${SLOTS} slots per round\n`);
  console.log(formatTable([row]));
  check(other.length === 0, `bookings answered neither 2xx nor 409: ${[...new Set(other.map((a) => a.status))].join(', ')}`);
  check(overlaps === 0, `${overlaps} overlapping active appointments of one dietitian`);
  check(exactlyOne === slots.length, `${slots.length - exactlyOne} slots without exactly one booking`);
}

async function main(): Promise<void> {
  const databaseUrl = process.env.LOAD_DATABASE_URL;
  await throughput();
  // Never a silent skip: CI sets it, and a run without part 2 is not a passing run.
  if (databaseUrl) await sharedSlots(databaseUrl);
  else failures.push('Part 2 (two instances on one PostgreSQL) was not run: it needs LOAD_DATABASE_URL, e.g. postgres://clinic:clinic@localhost:5432/clinic');
  if (failures.length > 0) {
    console.error(`\nFAILED:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('\nAll load checks passed.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
