import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcToLocalDate, zonedDateTimeToUtc } from '@/lib/server/booking/clinicTime';
import type { Database } from '@/lib/server/db/client';
import { appointments, employeeSkills, groupSessions, groupTopics, offices, services, skills, timeOff, users, weeklySchedules } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN, seedDatabase } from '@/lib/server/db/seed';
import { availableSlots } from '@/lib/server/booking/freeSlots';
import { loadService } from '@/lib/server/booking/slots';
import { addTimeOff } from '@/lib/server/clinic/scheduleTimeOff';
import { scheduleGroupSessions } from '@/lib/server/groups/schedule';
import { createTestDatabase, type TestDatabase } from './support/db';

/** The clinic schedules group sessions and series (issue #28, item 1), on PGlite and PostgreSQL. */
const TZ = 'America/Toronto';
const localClock = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
let handle: TestDatabase;
let db: Database;
const ref = { dietitian: 0, office: 0, virtual: 0, topic: 0, service: 0, skill: 0 };
let week = 0;

beforeAll(async () => {
  handle = await createTestDatabase({ state: 'demo' });
  db = handle.db;
  ref.dietitian = (await db.select().from(users).where(eq(users.email, DEMO_DIETITIAN.email)))[0]!.id;
  const all = await db.select().from(offices);
  ref.office = all.find((o) => !o.isVirtual)!.id;
  ref.virtual = all.find((o) => o.isVirtual)!.id;
  ref.service = (await db.select().from(services).where(eq(services.slug, 'group-programs')))[0]!.id;
  ref.skill = (await db.select().from(skills).limit(1))[0]!.id;
  ref.topic = (await db.select().from(groupTopics).where(eq(groupTopics.slug, 'heart-healthy-cooking')))[0]!.id;
});
afterAll(async () => {
  await handle?.close();
});

/** A date weeks ahead, 7 weeks after the last one asked for (a series spans up to 6), in the clinic’s calendar. */
const aheadDate = () => addDays(utcToLocalDate(new Date(), TZ), 7 * (week += 7));
const base = (date: string, extra: Partial<Parameters<typeof scheduleGroupSessions>[1]> = {}) => ({
  topic_id: ref.topic,
  employee_id: ref.dietitian,
  office_id: ref.office,
  date,
  time: '18:00',
  session_language: 'fr' as const,
  capacity: 10,
  meetings: 1,
  by: ref.dietitian,
  now: new Date(),
  locale: 'fr' as const,
  ...extra,
});

describe('scheduling group sessions', () => {
  it('a weekly series of 6 is written as one, each meeting at 18:00 local time, across a DST change too', async () => {
    // Tuesdays from 2028-03-07: clocks go forward on 2028-03-12, between the 1st and 2nd meetings.
    const date = '2028-03-07';
    const written = await scheduleGroupSessions(db, base(date, { meetings: 6, office_id: ref.virtual }));
    expect(written).toHaveLength(6);
    expect(new Set(written.map((s) => s.seriesId)).size).toBe(1);
    expect(written[0]!.seriesId).not.toBeNull();
    for (const [i, session] of written.entries()) {
      expect(session.startsAt).toEqual(zonedDateTimeToUtc(addDays(date, 7 * i), 18 * 60, TZ));
      expect(localClock.format(session.startsAt), `meeting ${i + 1}`).toBe('18:00');
      expect(session.blockedUntil.getTime() - session.startsAt.getTime()).toBe(105 * 60_000);
      expect(session.videoRoom).toMatch(/^clinic-[0-9a-f]{32}$/);
    }
    // One room per session, not per seat or per series.
    expect(new Set(written.map((s) => s.videoRoom)).size).toBe(6);
  });

  it('refuses a series whose 4th meeting overlaps a visit: nothing is written, the date is named in French', async () => {
    const date = aheadDate();
    const fourth = zonedDateTimeToUtc(addDays(date, 21), 18 * 60 + 30, TZ)!;
    await db.insert(appointments).values({
      guestContact: { firstName: 'A', lastName: 'B', email: 'visit-over-series@example.ca', phone: '16135550100' },
      employeeId: ref.dietitian, serviceId: ref.service, officeId: ref.office, startsAt: fourth,
      endsAt: new Date(fourth.getTime() + 50 * 60_000), blockedUntil: new Date(fourth.getTime() + 60 * 60_000),
      sessionLanguage: 'fr', reasons: [ref.skill], priceCents: 0, taxCents: 0, totalCents: 0,
    });
    const before = (await db.select().from(groupSessions)).length;
    await expect(scheduleGroupSessions(db, base(date, { meetings: 6 }))).rejects.toMatchObject({
      code: 'group_session_over_visit',
      status: 409,
      options: { values: { date: expect.stringMatching(/^[a-z]+ \d{1,2}(?:er)? [a-zéû]+ \d{4}$/) } },
    });
    expect((await db.select().from(groupSessions)).length).toBe(before);
  });

  it('refuses a session over another session, and over the dietitian’s time off', async () => {
    const date = aheadDate();
    await scheduleGroupSessions(db, base(date));
    await expect(scheduleGroupSessions(db, base(date, { time: '19:00' }))).rejects.toMatchObject({ code: 'group_session_over_session' });
    const later = aheadDate();
    await db.insert(timeOff).values({ employeeId: ref.dietitian, startsAt: zonedDateTimeToUtc(later, 0, TZ)!, endsAt: zonedDateTimeToUtc(addDays(later, 1), 0, TZ)! });
    await expect(scheduleGroupSessions(db, base(later))).rejects.toMatchObject({ code: 'group_session_time_off', status: 409 });
    // Today or before: a field error.
    await expect(scheduleGroupSessions(db, base(utcToLocalDate(new Date(), TZ)))).rejects.toMatchObject({ code: 'validation_error', options: { fieldErrors: { date: ['groupSessionNotAhead'] } } });
  });

  it('takes its time out of the visits the dietitian is offered for', async () => {
    const [works] = await db.select().from(weeklySchedules).where(eq(weeklySchedules.employeeId, ref.dietitian)).limit(1);
    const [skill] = await db.select().from(employeeSkills).where(eq(employeeSkills.userId, ref.dietitian)).limit(1);
    const consultation = await loadService(db, (await db.select().from(services).where(eq(services.slug, 'individual-consultation')))[0]!.id);
    const query = { actor: { kind: 'employee' as const, userId: ref.dietitian, patientId: null, dietitianId: ref.dietitian }, officeId: works!.officeId, sessionLanguage: 'fr' as const, skillIds: [skill!.skillId] };
    // Within the booking horizon, before the dates the other tests use.
    const from = addDays(utcToLocalDate(new Date(), TZ), 3);
    const offered = async () => Object.values((await availableSlots(db, query, consultation, new Date(), from)).options).flat();
    const before = await offered();
    const first = before[0]!;
    const start = new Date(first.start);
    const localDay = utcToLocalDate(start, TZ);
    await scheduleGroupSessions(db, base(localDay, { office_id: works!.officeId, time: localClock.format(start) }));
    const after = await offered();
    const sessionEnd = start.getTime() + 105 * 60_000;
    expect(after.length).toBeLessThan(before.length);
    // Nothing offered over the session's [start, blocked_until).
    for (const slot of after) {
      const blockedUntil = Date.parse(slot.start) + consultation.employeeDurationMinutes * 60_000;
      expect(Date.parse(slot.start) < sessionEnd && blockedUntil > start.getTime(), slot.start).toBe(false);
    }
  });

  it('is not covered by time off added later: refused with the session named, nothing added', async () => {
    const date = aheadDate();
    await scheduleGroupSessions(db, base(date));
    const before = (await db.select().from(timeOff)).length;
    await expect(addTimeOff(db, ref.dietitian, { start_date: date, end_date: date, start_time: undefined, end_time: undefined, reason: undefined, locale: 'fr', now: new Date() })).rejects.toMatchObject({
      code: 'time_off_over_group_session',
      status: 409,
      options: { values: { when: expect.stringMatching(/\sà\s18\sh\s00$/) } },
    });
    expect((await db.select().from(timeOff)).length).toBe(before);
    // The day before is free to take.
    await addTimeOff(db, ref.dietitian, { start_date: addDays(date, -1), end_date: addDays(date, -1), start_time: undefined, end_time: undefined, reason: undefined, locale: 'fr', now: new Date() });
  });

  it('the demo clinic starts with a programme: a 6-week French series and two single sessions ahead, one held last weekday with the demo patient’s seat, seeded once', async () => {
    const demo = await createTestDatabase({ state: 'migrated' });
    try {
      const seed = () => seedDatabase(demo.db, { demo: true, demoVisits: { now: new Date(), timeZone: TZ } });
      await seed();
      await seed();
      const all = await demo.db.select().from(groupSessions);
      expect(all).toHaveLength(9);
      // The one held: the last weekday evening, in French, its one seat the demo patient's.
      const held = all.filter((s) => s.startsAt.getTime() < Date.now());
      expect(held).toHaveLength(1);
      expect(held[0]).toMatchObject({ sessionLanguage: 'fr', seatsTaken: 1, capacity: 8, seriesId: null });
      const seats = await demo.db.select().from(appointments).where(eq(appointments.groupSessionId, held[0]!.id));
      expect(seats).toHaveLength(1);
      expect(Date.now() - held[0]!.startsAt.getTime()).toBeLessThan(4 * 24 * 3_600_000);
      const sessions = all.filter((s) => s !== held[0]);
      expect(sessions).toHaveLength(8);
      const series = sessions.filter((s) => s.seriesId !== null);
      expect(series).toHaveLength(6);
      expect(new Set(series.map((s) => s.sessionLanguage))).toEqual(new Set(['fr']));
      expect(sessions.filter((s) => s.seriesId === null).map((s) => s.sessionLanguage).sort()).toEqual(['en', 'fr']);
      for (const session of sessions) {
        expect(localClock.format(session.startsAt)).toBe('18:00');
        expect(session.startsAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);
      }
    } finally {
      await demo.close();
    }
  });
});
