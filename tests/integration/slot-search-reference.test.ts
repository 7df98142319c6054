import { and, eq, ne } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentSlot } from '@/lib/server/booking/availability';
import { addDays, isoWeekday, utcToLocalDate, zonedDateTimeToUtc } from '@/lib/server/booking/clinicTime';
import { availableSlots, MAX_WINDOW_DAYS } from '@/lib/server/booking/freeSlots';
import { earliestBookableStartMs, lastBookableLocalDate } from '@/lib/server/booking/rules';
import { loadService } from '@/lib/server/booking/slots';
import { pgliteDatabase, postgresDatabase, type Database } from '@/lib/server/db/client';
import { appointments, employeeProfiles, employeeSkills, offices, patientProfiles, services, skills, timeOff, users, weeklySchedules, type NewAppointment } from '@/lib/server/db/schema';
import { Rng } from '../system/security/fuzzCases';
import { createTestDatabase, type TestDatabase } from './support/db';

/**
 * The slot search against a slow reference (issue #29): for random clinics (dietitians, weekly
 * hours at two offices, appointments of any length at any minute, some cancelled, time off), in
 * windows that cross both changes of daylight time, every start the search offers is one the
 * reference finds free, with a dietitian the reference finds free, and it offers every start the
 * reference finds. The reference knows nothing of the search's cursors, merging or queries: it
 * checks each 15-minute start against every row, one by one.
 */
const TZ = 'America/Toronto';
const MINUTE = 60_000;
let handle: TestDatabase;
let db: Database;

beforeAll(async () => {
  handle = await createTestDatabase({ state: 'reference' });
  db = handle.db;
});
afterAll(() => handle.close());

interface Clinic {
  dietitians: number[];
  officeId: number;
  skillId: number;
  schedules: { employeeId: number; officeId: number; weekday: number; startMinute: number; endMinute: number }[];
  busy: { employeeId: number; startsAt: Date; endsAt: Date }[];
}

/** A random clinic of 2 to 6 dietitians on the days from `today`, written to the database. */
async function randomClinic(seed: number, today: string, days: number): Promise<Clinic> {
  // Seeded (the security fuzzer's mulberry32), so a failing clinic can be replayed from its seed.
  const rng = new Rng(seed);
  const next = () => rng.next();
  const pick = (from: number, to: number) => rng.int(from, to);
  const officeIds = (await db.select({ id: offices.id }).from(offices).where(eq(offices.isVirtual, false)).orderBy(offices.id)).map((o) => o.id).slice(0, 2);
  const [skill] = await db.select({ id: skills.id }).from(skills).orderBy(skills.id).limit(1);
  const [filler] = await db.select().from(services).where(eq(services.slug, 'nutrition-evaluation'));
  const clinic: Clinic = { dietitians: [], officeId: officeIds[0]!, skillId: skill!.id, schedules: [], busy: [] };
  // The previous clinic's dietitians work nowhere any more: every slot found is this clinic's.
  await db.delete(weeklySchedules);
  const count = pick(2, 6);
  for (let n = 0; n < count; n++) {
    const [user] = await db
      .insert(users)
      .values({ email: `ref-${seed}-${n}@example.test`, passwordHash: 'x', firstName: 'Ref', lastName: `Dietitian ${seed}-${n}`, isEmployee: true, emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    const id = user!.id;
    clinic.dietitians.push(id);
    await db.insert(employeeProfiles).values({ userId: id, titleEn: 'RD', titleFr: 'Dt.P.', bioEn: '-', bioFr: '-', languages: ['en', 'fr'] });
    await db.insert(employeeSkills).values({ userId: id, skillId: skill!.id });
    // Some weekdays at one office or the other, a block or two each (9-12 and 13-17, or one long day).
    for (let weekday = 1; weekday <= 7; weekday++) {
      if (next() < 0.35) continue;
      const officeId = officeIds[pick(0, officeIds.length - 1)]!;
      const start = pick(28, 44) * 15;
      const end = Math.min(start + pick(8, 40) * 15, 23 * 60);
      const blocks = next() < 0.5 ? [[start, end]] : [[start, start + 120], [start + 180, Math.max(end, start + 240)]];
      for (const [startMinute, endMinute] of blocks) clinic.schedules.push({ employeeId: id, officeId, weekday, startMinute: startMinute!, endMinute: endMinute! });
    }
    // The dietitian's busy time, one interval after another: appointments of 20 to 120 minutes at
    // any minute (some cancelled, which hold nothing), and a few stretches of time off.
    let at = zonedDateTimeToUtc(today, 7 * 60, TZ)!.getTime() + pick(0, 600) * MINUTE;
    const until = zonedDateTimeToUtc(addDays(today, days), 0, TZ)!.getTime();
    const rows: NewAppointment[] = [];
    while (at < until) {
      const length = (next() < 0.05 ? pick(180, 2_000) : pick(20, 120)) * MINUTE;
      const [startsAt, endsAt] = [new Date(at), new Date(at + length)];
      if (length > 120 * MINUTE) {
        await db.insert(timeOff).values({ employeeId: id, startsAt, endsAt });
        clinic.busy.push({ employeeId: id, startsAt, endsAt });
      } else {
        const cancelled = next() < 0.15;
        rows.push({
          employeeId: id,
          serviceId: filler!.id,
          officeId: officeIds[pick(0, officeIds.length - 1)]!,
          startsAt,
          endsAt: new Date(at + Math.max(MINUTE, length - 15 * MINUTE)),
          blockedUntil: endsAt,
          sessionLanguage: 'en',
          reasons: [skill!.id],
          status: cancelled ? 'cancelled' : 'booked',
          cancelledAt: cancelled ? startsAt : null,
          priceCents: 0,
          taxCents: 0,
          totalCents: 0,
          guestContact: { firstName: 'Ref', lastName: 'Guest', email: `guest-${seed}-${n}-${rows.length}@example.test`, phone: '6135550100' },
        });
        if (!cancelled) clinic.busy.push({ employeeId: id, startsAt, endsAt });
      }
      at += length + pick(0, 400) * MINUTE;
    }
    if (rows.length > 0) await db.insert(appointments).values(rows);
  }
  await db.insert(weeklySchedules).values(clinic.schedules);
  return clinic;
}

/**
 * The reference: each local date of the window, each 15-minute start of the day, each dietitian;
 * free when a block at the office that day holds the whole employee time (its end read as an
 * instant on that date) and no busy row overlaps it. Answers, per start, who is free.
 */
function referenceSlots(clinic: Clinic, window: { fromDate: string; days: number; now: Date; employeeMinutes: number; minAdvanceHours: number; maxAdvanceDays: number }) {
  const free = new Map<number, number[]>();
  const earliest = earliestBookableStartMs(window.now, window.minAdvanceHours);
  const last = lastBookableLocalDate(window.now, window.maxAdvanceDays, TZ);
  for (let d = 0; d < window.days; d++) {
    const date = addDays(window.fromDate, d);
    if (date > last) break;
    for (let minute = 0; minute < 24 * 60; minute += 15) {
      const start = zonedDateTimeToUtc(date, minute, TZ)?.getTime();
      if (start === undefined || start < earliest || utcToLocalDate(start, TZ) !== date) continue;
      const end = start + window.employeeMinutes * MINUTE;
      const who = clinic.dietitians.filter(
        (id) =>
          clinic.schedules.some(
            (s) => s.employeeId === id && s.officeId === clinic.officeId && s.weekday === isoWeekday(date) && s.startMinute <= minute && end <= zonedDateTimeToUtc(date, s.endMinute, TZ)!.getTime(),
          ) && !clinic.busy.some((b) => b.employeeId === id && b.startsAt.getTime() < end && b.endsAt.getTime() > start),
      );
      if (who.length > 0) free.set(start, who);
    }
  }
  return free;
}

describe('the slot search against a slow reference', () => {
  // Windows across the start of daylight time (8 March 2026) and its end (1 November 2026).
  for (const [seed, nowIso] of [
    [11, '2026-02-27T15:00:00Z'],
    [12, '2026-03-04T13:30:00Z'],
    [13, '2026-10-22T14:00:00Z'],
    [14, '2026-10-28T16:45:00Z'],
  ] as const) {
    it(`offers exactly the free starts, each with a free dietitian (clinic ${seed}, from ${nowIso})`, async () => {
      const now = new Date(nowIso);
      const today = utcToLocalDate(now, TZ);
      const clinic = await randomClinic(seed, today, MAX_WINDOW_DAYS + 2);
      await expectReference(db, clinic, now);
    });
  }

  it('sees every change to a calendar at once, also one another instance wrote, and none that was rolled back', async () => {
    const now = new Date('2026-10-29T13:00:00Z');
    const today = utcToLocalDate(now, TZ);
    const clinic = await randomClinic(15, today, MAX_WINDOW_DAYS + 2);
    await expectReference(db, clinic, now); // the search's cache now holds these calendars
    // A second instance of the server: its own cache, the same database.
    const client = (db as unknown as { $client: unknown }).$client;
    const other = handle.kind === 'postgres' ? postgresDatabase(client as Pool) : pgliteDatabase(client as PGlite);
    const [first, second] = clinic.dietitians as [number, number];
    const tomorrow = addDays(today, 2);

    // The other instance gives the first dietitian a day off, cancels one of the second's
    // appointments, shortens another to its first quarter hour, and drops a working block.
    const dayOff = { employeeId: first, startsAt: zonedDateTimeToUtc(tomorrow, 0, TZ)!, endsAt: zonedDateTimeToUtc(addDays(tomorrow, 1), 0, TZ)! };
    await other.insert(timeOff).values(dayOff);
    clinic.busy.push(dayOff);
    const held = await other.select().from(appointments).where(and(eq(appointments.employeeId, second), ne(appointments.status, 'cancelled'))).orderBy(appointments.startsAt);
    const [cancelled, shortened] = held.filter((a) => a.startsAt > now) as [(typeof held)[number], (typeof held)[number]];
    await other.update(appointments).set({ status: 'cancelled', cancelledAt: now }).where(eq(appointments.id, cancelled.id));
    const quarter = new Date(shortened.startsAt.getTime() + 15 * MINUTE);
    await other.update(appointments).set({ endsAt: quarter, blockedUntil: quarter }).where(eq(appointments.id, shortened.id));
    const changed = [cancelled, shortened].map((a) => a.startsAt.getTime());
    clinic.busy = clinic.busy.filter((b) => !(b.employeeId === second && changed.includes(b.startsAt.getTime())));
    clinic.busy.push({ employeeId: second, startsAt: shortened.startsAt, endsAt: quarter });
    const dropped = clinic.schedules.find((s) => s.officeId === clinic.officeId)!;
    await other.delete(weeklySchedules).where(and(eq(weeklySchedules.employeeId, dropped.employeeId), eq(weeklySchedules.weekday, dropped.weekday), eq(weeklySchedules.startMinute, dropped.startMinute)));
    clinic.schedules = clinic.schedules.filter((s) => s !== dropped);
    await expectReference(db, clinic, now);

    // Written and rolled back: nothing changes, in the search or its counters.
    await expect(
      other.transaction(async (tx) => {
        await tx.insert(timeOff).values({ ...dayOff, employeeId: second });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectReference(db, clinic, now);

    // Inside a transaction the search sees the transaction's own writes (it reads the tables there).
    await db.transaction(async (tx) => {
      await tx.insert(timeOff).values({ ...dayOff, employeeId: second });
      await expectReference(tx, { ...clinic, busy: [...clinic.busy, { ...dayOff, employeeId: second }] }, now);
      tx.rollback();
    }).catch((error: unknown) => {
      if (!String(error).includes('Rollback')) throw error;
    });
    await expectReference(db, clinic, now);
  });
});

describe('the searcher’s own calendar', () => {
  it('leaves out a guest’s or a patient’s own visits and recommends the patient’s preferred dietitian, read with the counters as from the tables', async () => {
    const now = new Date('2026-10-29T13:00:00Z');
    const clinic = await randomClinic(16, utcToLocalDate(now, TZ), MAX_WINDOW_DAYS + 2);
    const service = await loadService(db, (await db.select({ id: services.id }).from(services).where(eq(services.slug, 'individual-consultation')))[0]!.id);
    const base = { officeId: clinic.officeId, sessionLanguage: 'en' as const, skillIds: [clinic.skillId] };
    const [patient] = await db
      .insert(users)
      .values({ email: 'ref-patient-16@example.test', passwordHash: 'x', firstName: 'Ref', lastName: 'Patient', emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    const preferred = clinic.dietitians.at(-1)!;
    await db.insert(patientProfiles).values({ userId: patient!.id, streetNumber: '1', streetName: 'Main', city: 'Ottawa', provinceCode: 'ON', countryCode: 'CA', postalCode: 'K1P5G3', preferredDietitianId: preferred });
    const searchers = [
      { actor: { kind: 'guest' as const }, guestEmail: 'Ref-Own-Guest@example.test' },
      { actor: { kind: 'patient' as const, userId: patient!.id } },
    ];
    // Each searcher in turn books the 3rd and the 10th start offered them, with a dietitian outside
    // this clinic: its dietitians stay free then, so only the searcher's own calendar rules the starts out.
    const visits: AppointmentSlot[][] = [];
    for (const [i, who] of searchers.entries()) {
      const [elsewhere] = await db
        .insert(users)
        .values({ email: `ref-elsewhere-16-${i}@example.test`, passwordHash: 'x', firstName: 'Ref', lastName: 'Elsewhere', isEmployee: true, emailVerifiedAt: new Date() })
        .returning({ id: users.id });
      const found = await availableSlots(db, { ...base, ...who }, service, now);
      visits.push(Object.values(found.options).flat().filter((_, i) => i === 3 || i === 10));
      for (const slot of visits.at(-1)!) {
        const [startsAt, endsAt] = [new Date(slot.start), new Date(slot.end)];
        const owner = who.actor.kind === 'patient' ? { patientId: who.actor.userId } : { guestContact: { firstName: 'Own', lastName: 'Guest', email: 'ref-own-guest@example.test', phone: '6135550100' } };
        const blockedUntil = new Date(startsAt.getTime() + service.employeeDurationMinutes * MINUTE);
        await db.insert(appointments).values({ ...owner, employeeId: elsewhere!.id, serviceId: service.id, officeId: clinic.officeId, startsAt, endsAt, blockedUntil, sessionLanguage: 'en', reasons: [clinic.skillId], status: 'booked', priceCents: 0, taxCents: 0, totalCents: 0 });
      }
    }
    for (const [i, who] of searchers.entries()) {
      const query = { ...base, ...who };
      const cached = await availableSlots(db, query, service, now);
      // Inside a transaction the search reads every row from the tables (the slow path).
      const fromTables = await db.transaction((tx) => availableSlots(tx, query, service, now));
      expect(cached).toEqual(fromTables);
      const offered = Object.values(cached.options).flat();
      for (const visit of visits[i]!) {
        expect(offered.length).toBeGreaterThan(50);
        expect(offered.filter((slot) => Date.parse(slot.start) < Date.parse(visit.end) && Date.parse(slot.end) > Date.parse(visit.start))).toEqual([]);
      }
      const preferredOffered = offered.filter((slot) => slot.recommended_employee.id === preferred).length;
      if (who.actor.kind === 'patient') expect(preferredOffered).toBeGreaterThan(offered.length / 4);
    }
  });
});

/** The search's answer on `on` is the reference's for the clinic as it now stands. */
async function expectReference(on: Database, clinic: Clinic, now: Date): Promise<void> {
  const service = await loadService(on, (await on.select({ id: services.id }).from(services).where(eq(services.slug, 'individual-consultation')))[0]!.id);
  const query = { actor: { kind: 'guest' as const }, officeId: clinic.officeId, sessionLanguage: 'en' as const, skillIds: [clinic.skillId], guestEmail: 'nobody@example.test' };
  const found = await availableSlots(on, query, service, now);
  const offered = Object.values(found.options).flat();
  const reference = referenceSlots(clinic, {
    fromDate: found.fromDate,
    days: Math.round((Date.parse(found.toDate) - Date.parse(found.fromDate)) / 86_400_000) + 1,
    now,
    employeeMinutes: service.employeeDurationMinutes,
    minAdvanceHours: service.minAdvanceBookingHours,
    maxAdvanceDays: service.maxAdvanceBookingDays,
  });
  expect(offered.length).toBeGreaterThan(50);
  expect(offered.map((slot) => Date.parse(slot.start)).sort((a, b) => a - b)).toEqual([...reference.keys()].sort((a, b) => a - b));
  for (const slot of offered) expect(reference.get(Date.parse(slot.start))).toContain(slot.recommended_employee.id);
}
