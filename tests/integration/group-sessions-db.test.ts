import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/server/db/client';
import { appointments, groupSessions, groupTopics, offices, services, skills, users, type GuestContact } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN } from '@/lib/server/db/seed';
import { createTestDatabase, type TestDatabase } from './support/db';

/**
 * Group sessions at the database (issue #28, first part): a session holds its dietitian's time
 * against visits and other sessions, and its seats can never outnumber its capacity, whatever
 * writes them and however many at once. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let handle: TestDatabase;
let db: Database;
const ref = { dietitian: 0, service: 0, office: 0, skill: 0, topic: 0 };
let day = 30;

/** The first code of a database error, through drizzle's wrapping. */
function codeOf(error: unknown): { code?: string; constraint?: string } {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string') return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
  }
  return {};
}
async function refusal(write: Promise<unknown>) {
  try {
    await write;
  } catch (error) {
    return codeOf(error);
  }
  throw new Error('the write was not refused');
}

beforeAll(async () => {
  handle = await createTestDatabase({ state: 'demo' });
  db = handle.db;
  ref.dietitian = (await db.select().from(users).where(eq(users.email, DEMO_DIETITIAN.email)))[0]!.id;
  ref.service = (await db.select().from(services).where(eq(services.slug, 'group-programs')))[0]!.id;
  ref.office = (await db.select().from(offices).limit(1))[0]!.id;
  ref.skill = (await db.select().from(skills).limit(1))[0]!.id;
  ref.topic = (await db.select().from(groupTopics).where(eq(groupTopics.slug, 'type-2-diabetes')))[0]!.id;
});
afterAll(async () => {
  await handle?.close();
});

/** A new day's 10:00 (a distinct day per call), as an instant. */
const nextStart = () => new Date(Date.UTC(2027, 0, 1, 15) + day++ * DAY);

function sessionAt(startsAt: Date, capacity = 3) {
  return db
    .insert(groupSessions)
    .values({
      topicId: ref.topic,
      serviceId: ref.service,
      employeeId: ref.dietitian,
      officeId: ref.office,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 90 * MINUTE),
      blockedUntil: new Date(startsAt.getTime() + 105 * MINUTE),
      sessionLanguage: 'fr',
      capacity,
      priceCents: 4500,
      taxCents: 585,
      totalCents: 5085,
    })
    .returning()
    .then((rows) => rows[0]!);
}

const guest = (n: number | string): GuestContact => ({ firstName: 'Invitée', lastName: `${n}`, email: `seat-${n}@example.ca`, phone: '16135550100' });

/** A visit of the dietitian's own (no session), or a seat when `sessionId` is given. */
function appointmentAt(startsAt: Date, input: { sessionId?: number; guest?: GuestContact; minutes?: number } = {}) {
  const minutes = input.minutes ?? 90;
  return db
    .insert(appointments)
    .values({
      guestContact: input.guest ?? guest(`visit-${startsAt.getTime()}`),
      employeeId: ref.dietitian,
      serviceId: ref.service,
      officeId: ref.office,
      startsAt,
      endsAt: new Date(startsAt.getTime() + minutes * MINUTE),
      blockedUntil: new Date(startsAt.getTime() + (minutes + 15) * MINUTE),
      sessionLanguage: 'fr',
      reasons: [ref.skill],
      priceCents: 4500,
      taxCents: 585,
      totalCents: 5085,
      groupSessionId: input.sessionId ?? null,
    })
    .returning()
    .then((rows) => rows[0]!);
}

const seatsTaken = async (id: number) => (await db.select().from(groupSessions).where(eq(groupSessions.id, id)))[0]!.seatsTaken;

describe('a group session holds its dietitian’s time', () => {
  it('against a visit, both ways, and against another session; seats do not hold it one by one', async () => {
    const start = nextStart();
    await appointmentAt(start, { minutes: 50 });
    expect(await refusal(sessionAt(new Date(start.getTime() + 30 * MINUTE)))).toMatchObject({ code: '23P01' });

    const other = nextStart();
    const session = await sessionAt(other);
    expect(await refusal(appointmentAt(new Date(other.getTime() + 60 * MINUTE), { minutes: 50 }))).toMatchObject({ code: '23P01' });
    expect(await refusal(sessionAt(new Date(other.getTime() + 15 * MINUTE)))).toMatchObject({ code: '23P01' });
    // Back to back is no overlap ([start, blocked_until) is half-open).
    await appointmentAt(new Date(other.getTime() + 105 * MINUTE), { minutes: 50 });
    // Seats at the session's own time, several of them: the session holds the time, not each seat.
    await appointmentAt(other, { sessionId: session.id, guest: guest('a') });
    await appointmentAt(other, { sessionId: session.id, guest: guest('b') });
    expect(await seatsTaken(session.id)).toBe(2);
    // A cancelled session frees the time.
    await db.update(groupSessions).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(groupSessions.id, session.id));
    await appointmentAt(new Date(other.getTime() + 30 * MINUTE), { minutes: 50 });
  });
});

describe('a visit and a session written at once over the same time', () => {
  it('never both land: 10 races, exactly one of each pair is written', async () => {
    for (let round = 0; round < 10; round++) {
      const start = nextStart();
      const pair = await Promise.allSettled([
        db.transaction(async (tx) => {
          await tx.insert(groupSessions).values({
            topicId: ref.topic, serviceId: ref.service, employeeId: ref.dietitian, officeId: ref.office, startsAt: start,
            endsAt: new Date(start.getTime() + 90 * MINUTE), blockedUntil: new Date(start.getTime() + 105 * MINUTE),
            sessionLanguage: 'en', capacity: 6, priceCents: 4500, taxCents: 585, totalCents: 5085,
          });
        }),
        appointmentAt(new Date(start.getTime() + 30 * MINUTE), { minutes: 50 }),
      ]);
      expect(pair.filter((r) => r.status === 'fulfilled'), `round ${round}`).toHaveLength(1);
      const refused = pair.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(codeOf(refused.reason).code).toBe('23P01');
    }
  });
});

describe('seats', () => {
  it('20 at once for the last 3: exactly 3 are written, the 17 others refused by the capacity check', async () => {
    const start = nextStart();
    const session = await sessionAt(start, 3);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => db.transaction((tx) => tx.insert(appointments).values({
        guestContact: guest(`race-${start.getTime()}-${i}`),
        employeeId: ref.dietitian,
        serviceId: ref.service,
        officeId: ref.office,
        startsAt: start,
        endsAt: new Date(start.getTime() + 90 * MINUTE),
        blockedUntil: new Date(start.getTime() + 105 * MINUTE),
        sessionLanguage: 'fr',
        reasons: [ref.skill],
        priceCents: 4500,
        taxCents: 585,
        totalCents: 5085,
        groupSessionId: session.id,
      }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [codeOf(r.reason)] : []));
    expect(refused).toHaveLength(17);
    expect(refused.every((r) => r.code === '23514')).toBe(true);
    expect(await seatsTaken(session.id)).toBe(3);
    const seats = await db.select().from(appointments).where(and(eq(appointments.groupSessionId, session.id), eq(appointments.status, 'booked')));
    expect(seats).toHaveLength(3);

    // A cancelled seat frees exactly one.
    await db.update(appointments).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(appointments.id, seats[0]!.id));
    expect(await seatsTaken(session.id)).toBe(2);
    await appointmentAt(start, { sessionId: session.id, guest: guest(`late-${start.getTime()}`) });
    expect(await seatsTaken(session.id)).toBe(3);
    // Capacity cannot go below the seats taken.
    expect(await refusal(db.update(groupSessions).set({ capacity: 2 }).where(eq(groupSessions.id, session.id)))).toMatchObject({ code: '23514' });
  });

  it('one person takes one seat of a session; a cancelled session takes none', async () => {
    const start = nextStart();
    const session = await sessionAt(start, 6);
    await appointmentAt(start, { sessionId: session.id, guest: guest('twice') });
    const again = await refusal(appointmentAt(start, { sessionId: session.id, guest: { ...guest('twice'), email: 'SEAT-twice@example.ca' } }));
    // The same person in the same session: one seat (or the overlap with their own seat).
    expect(['23505', '23P01']).toContain(again.code);
    expect(await seatsTaken(session.id)).toBe(1);

    const later = await sessionAt(nextStart(), 6);
    await db.update(groupSessions).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(groupSessions.id, later.id));
    expect(await refusal(appointmentAt(later.startsAt, { sessionId: later.id, guest: guest('cancelled') }))).toMatchObject({ code: '23514' });
  });

  it('a seat deleted with its person’s records (retention) gives its place back; a deleted cancelled seat or a visit changes nothing', async () => {
    const start = nextStart();
    const session = await sessionAt(start, 3);
    const kept = await appointmentAt(start, { sessionId: session.id, guest: guest('kept') });
    const purged = await appointmentAt(start, { sessionId: session.id, guest: guest('purged') });
    const cancelled = await appointmentAt(start, { sessionId: session.id, guest: guest('cancelled-then-purged') });
    await db.update(appointments).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(appointments.id, cancelled.id));
    expect(await seatsTaken(session.id)).toBe(2);
    // Held since: the count must still follow the roster.
    await db.update(appointments).set({ status: 'completed' }).where(eq(appointments.id, kept.id));
    await db.update(appointments).set({ status: 'completed' }).where(eq(appointments.id, purged.id));
    await db.update(groupSessions).set({ status: 'done' }).where(eq(groupSessions.id, session.id));
    await db.delete(appointments).where(eq(appointments.id, purged.id));
    expect(await seatsTaken(session.id)).toBe(1);
    await db.delete(appointments).where(eq(appointments.id, cancelled.id));
    expect(await seatsTaken(session.id)).toBe(1);
    const visit = await appointmentAt(nextStart(), { minutes: 50 });
    await db.delete(appointments).where(eq(appointments.id, visit.id));
    expect(await seatsTaken(session.id)).toBe(1);
  });
});
