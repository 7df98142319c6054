// `npm run bench:groups`: how fast the date step of a group service answers (issue #28: p95 under
// 50 ms with 200 upcoming sessions). POST /api/booking/available-appointments/fetch runs
// in-process, as Next would call it, for the group-programs service at an office holding 200
// sessions over 12 weeks: 100 single sessions and 20 weekly series of 5 meetings, each with seats
// taken. On PGlite by default, on PostgreSQL with BENCH_DATABASE_URL. Prints JSON and exits 0
// whether the goal is met or not.
import { eq } from 'drizzle-orm';
import { POST as fetchSlots } from '../app/api/booking/available-appointments/fetch/route';
import { addDays, isoWeekday, utcToLocalDate, zonedDateTimeToUtc } from '../lib/server/booking/clinicTime';
import { getConfig } from '../lib/server/config';
import { setDatabaseForTests, type Database } from '../lib/server/db/client';
import { groupSeries, groupSessions, groupTopics, offices, services, users, type NewGroupSession } from '../lib/server/db/schema';
import { sessionSpan } from '../lib/server/groups/groupService';
import { fetchBody, ok, type Json } from './support/chain';
import { seedBenchClinic } from './support/clinic';
import { openBenchDatabase } from './support/database';
import { measure, summarize } from './support/stats';

const DIETITIANS = 12;
const SINGLE_SESSIONS = 100;
const SERIES = 20;
const MEETINGS_PER_SERIES = 5;
/** Calls measured; CI's short run (.ci/run) sets BENCH_CALLS lower. */
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const GOAL_P95_MS = 50;
/** Sessions start at 17:30 and 19:30, after the bench clinic's working day. */
const EVENING_MINUTES = [17 * 60 + 30, 19 * 60 + 30];

/**
 * The 200 sessions at the first office, in English: each at a free evening time of a bench
 * dietitian, the series on one weekday for 5 weeks, seats taken spread from empty to full.
 */
async function seedSessions(db: Database, timeZone: string): Promise<number> {
  const [service] = await db.select().from(services).where(eq(services.slug, 'group-programs'));
  const [office] = await db.select().from(offices).where(eq(offices.isVirtual, false)).orderBy(offices.id).limit(1);
  const topics = (await db.select().from(groupTopics).orderBy(groupTopics.id)).map((topic) => topic.id);
  const dietitians = (await db.select({ id: users.id }).from(users).where(eq(users.isEmployee, true)).orderBy(users.id)).map((row) => row.id);
  if (!service || !office || topics.length === 0 || dietitians.length === 0) throw new Error('Reference data missing: seed it first.');
  const today = utcToLocalDate(new Date(), timeZone);
  const taken = new Set<string>();
  const rows: NewGroupSession[] = [];
  let n = 0;
  const session = (date: string, employeeId: number, minute: number, seriesId: number | null): NewGroupSession => {
    const startsAt = zonedDateTimeToUtc(date, minute, timeZone)!;
    const capacity = 6 + (n % 7);
    return {
      topicId: topics[n % topics.length]!,
      seriesId,
      serviceId: service.id,
      employeeId,
      officeId: office.id,
      ...sessionSpan(service, startsAt),
      sessionLanguage: 'en',
      capacity,
      // From empty to full (no seat rows: the date step reads the counter, not the seats).
      seatsTaken: n % (capacity + 1),
      priceCents: service.basePriceCents,
      taxCents: 0,
      totalCents: service.basePriceCents,
    };
  };
  /** A free (dietitian, evening) for every date of `dates`, or null. */
  const place = (dates: string[]): { employeeId: number; minute: number } | null => {
    for (const employeeId of dietitians) {
      for (const minute of EVENING_MINUTES) {
        if (dates.every((date) => !taken.has(`${employeeId}/${date}/${minute}`))) {
          for (const date of dates) taken.add(`${employeeId}/${date}/${minute}`);
          return { employeeId, minute };
        }
      }
    }
    return null;
  };
  for (let s = 0; s < SERIES; s++) {
    let first = addDays(today, 3 + (s % 14));
    while (isoWeekday(first) > 5) first = addDays(first, 1);
    const dates = Array.from({ length: MEETINGS_PER_SERIES }, (_, week) => addDays(first, 7 * week));
    const spot = place(dates);
    if (!spot) throw new Error('No free evening for a series');
    const [series] = await db.insert(groupSeries).values({ topicId: topics[n % topics.length]! }).returning();
    for (const date of dates) rows.push(session(date, spot.employeeId, spot.minute, series!.id));
    n++;
  }
  for (let s = 0; s < SINGLE_SESSIONS; s++) {
    const date = addDays(today, 3 + (s % 80));
    const spot = place([date]);
    if (!spot) throw new Error('No free evening for a session');
    rows.push(session(date, spot.employeeId, spot.minute, null));
    n++;
  }
  await db.insert(groupSessions).values(rows);
  return rows.length;
}

async function main(): Promise<void> {
  const handle = await openBenchDatabase();
  try {
    setDatabaseForTests(handle.db);
    const timeZone = getConfig().clinicTimezone;
    await seedBenchClinic(handle.db, { dietitians: DIETITIANS, count: 0, days: 90, timeZone });
    const sessions = await seedSessions(handle.db, timeZone);
    // The seed's group programs take no guests; the bench walks the chain as a guest.
    await handle.db.update(services).set({ allowGuestBooking: true }).where(eq(services.slug, 'group-programs'));
    const body = await fetchBody(handle.db, { service: 'group-programs' });

    const first = await ok(fetchSlots, '/api/booking/available-appointments/fetch', body);
    const listed = Object.values(first.appointment_options as Record<string, unknown[]>).reduce((sum, list) => sum + list.length, 0);
    // A list missing the sessions would be fast for the wrong reason.
    if (listed < SINGLE_SESSIONS) throw new Error(`the date step listed ${listed} sessions`);

    const fetchMs = await measure(async () => void (await ok(fetchSlots, '/api/booking/available-appointments/fetch', body)), CALLS);
    const fetch = summarize(fetchMs);
    const result: Json = { database: handle.kind, sessions, listed, calls: CALLS, fetch, goal_p95_ms: GOAL_P95_MS, met: fetch.p95_ms <= GOAL_P95_MS };
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
