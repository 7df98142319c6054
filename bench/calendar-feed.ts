// `npm run bench:calendar-feed` (issue #41): an employee's private calendar feed holding 500
// events (450 visits and 50 group sessions in the 30 days back and 180 ahead), as a calendar app
// polls it: the whole feed (goal p95 <= 50 ms) and the 304 of an unchanged one (goal p95 <= 5 ms),
// each through serveFeed as the route calls it (token lookup, the link's limit, the day's count).
// The limit's events are cleared between calls, unmeasured: the bench polls far past it. On
// PGlite by default, on PostgreSQL with BENCH_DATABASE_URL. Prints a table and JSON, exits 0.
import { eq } from 'drizzle-orm';
import { clearEvents } from '../lib/server/auth/rateLimit';
import { makeFeed, serveFeed } from '../lib/server/calendarFeed/feeds';
import { appointments, groupSessions, groupTopics, offices, services, skills, users } from '../lib/server/db/schema';
import { openBenchDatabase } from './support/database';
import { measure, summarize } from './support/stats';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const GOAL_FEED_P95_MS = 50;
const GOAL_304_P95_MS = 5;
const VISITS = 450;
const SESSIONS = 50;
const DAY = 86_400_000;

async function main() {
  const handle = await openBenchDatabase();
  try {
    const { db } = handle;
    const [employee] = await db
      .insert(users)
      .values({ email: 'bench.feed@example.test', passwordHash: 'x', firstName: 'Claire', lastName: 'Bouchard', isEmployee: true, preferredLanguage: 'fr' })
      .returning();
    const [patient] = await db.insert(users).values({ email: 'bench.feed.patient@example.test', passwordHash: 'x', firstName: 'Élise', lastName: 'Gauthier', isPatient: true }).returning();
    const [service] = await db.select().from(services).where(eq(services.slug, 'follow-up'));
    const [groupService] = await db.select().from(services).where(eq(services.slug, 'group-programs'));
    const [office] = await db.select().from(offices).where(eq(offices.slug, 'centretown'));
    const [virtual] = await db.select().from(offices).where(eq(offices.slug, 'virtual'));
    const [skill] = await db.select().from(skills).limit(1);
    const [topic] = await db.select().from(groupTopics).limit(1);
    // Every 20 minutes of working hours, from 29 days back: 450 visits, then 50 sessions after them.
    const start = Math.floor((Date.now() - 29 * DAY) / DAY) * DAY + 13 * 3_600_000;
    const slot = (i: number) => new Date(start + Math.floor(i / 12) * DAY + (i % 12) * 30 * 60_000);
    for (let i = 0; i < VISITS; i++) {
      const startsAt = slot(i);
      const endsAt = new Date(startsAt.getTime() + 20 * 60_000);
      await db.insert(appointments).values({
        patientId: patient!.id,
        employeeId: employee!.id,
        serviceId: service!.id,
        officeId: i % 3 === 0 ? virtual!.id : office!.id,
        startsAt,
        endsAt,
        blockedUntil: new Date(endsAt.getTime() + 5 * 60_000),
        sessionLanguage: 'fr',
        reasons: [skill!.id],
        priceCents: 9500,
        taxCents: 0,
        totalCents: 9500,
      });
    }
    for (let i = 0; i < SESSIONS; i++) {
      const startsAt = slot(VISITS + 12 + i * 12);
      await db.insert(groupSessions).values({
        topicId: topic!.id,
        serviceId: groupService!.id,
        employeeId: employee!.id,
        officeId: office!.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 90 * 60_000),
        blockedUntil: new Date(startsAt.getTime() + 100 * 60_000),
        sessionLanguage: 'fr',
        capacity: 12,
        priceCents: 4000,
        taxCents: 0,
        totalCents: 4000,
      });
    }
    const token = await makeFeed(db, { userId: employee!.id, titles: 'service', now: new Date() });
    const ask = (ifNoneMatch: string | null) =>
      serveFeed(db, { token, ifNoneMatch, now: new Date(), timeZone: 'America/Toronto', days: { back: 30, ahead: 180 }, origin: 'https://clinic.example' });
    const unlimited = () => clearEvents(db, `calendar-feed:${employee!.id}`);

    const first = await ask(null);
    if (first.kind !== 'feed') throw new Error('expected a feed');
    const events = first.body.split('BEGIN:VEVENT').length - 1;
    const full = summarize(await measure(async () => void (await ask(null)), CALLS, 10, unlimited));
    const notModified = summarize(await measure(async () => void (await ask(first.etag)), CALLS, 10, unlimited));
    const result = {
      database: handle.kind,
      events,
      bytes: Buffer.byteLength(first.body),
      goal: { feed_p95_ms: GOAL_FEED_P95_MS, not_modified_p95_ms: GOAL_304_P95_MS },
      met: full.p95_ms <= GOAL_FEED_P95_MS && notModified.p95_ms <= GOAL_304_P95_MS,
      feed: { calls: CALLS, ...full },
      not_modified: { calls: CALLS, ...notModified },
    };
    console.log(`An employee's calendar feed of ${events} events on ${handle.kind}, ms`);
    console.table({ 'whole feed (200)': full, 'unchanged (304)': notModified });
    console.log(JSON.stringify(result));
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
