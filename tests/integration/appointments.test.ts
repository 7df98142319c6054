import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelAppointment,
  insertAppointment,
  rescheduleAppointment,
  type AppointmentValues,
  type BookingResult,
} from '@/lib/server/booking/appointments';
import { postgresDatabase, type Database } from '@/lib/server/db/client';
import { appointments, offices, services, skills, users } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN, DEMO_PATIENT } from '@/lib/server/db/seed';
import { demoTeam } from '@/lib/server/db/seed/team';
import { AppError } from '@/lib/server/http/appError';
import { createTestDatabase, type TestDatabase } from './support/db';

/**
 * The appointments' write path against a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): no double booking under concurrency, idempotent timeslot tokens, atomic
 * reschedule. Each test uses its own days (far in the future) so they cannot interfere.
 */

let handle: TestDatabase;
let db: Database;
/** For the races: on PostgreSQL a pool with a connection per concurrent booking. */
let raceDb: Database;
let racePool: Pool | undefined;

let dietitianA: number;
let dietitianB: number;
let patient: number;
/** 20 more patients, so that the races are decided by the dietitian's constraint. */
let patients: number[];
let base: Omit<AppointmentValues, 'startsAt' | 'endsAt' | 'blockedUntil' | 'employeeId' | 'patientId'>;

beforeAll(async () => {
  handle = await createTestDatabase({ state: 'demo' });
  db = handle.db;
  raceDb = db;
  if (handle.kind === 'postgres') {
    const { $client } = db as unknown as { $client: Pool };
    racePool = new Pool({ ...$client.options, max: 25 });
    // As in lib/server/db/client.ts: an idle connection closing must not crash the run.
    racePool.on('error', () => undefined);
    raceDb = postgresDatabase(racePool);
  }

  const userId = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  dietitianA = await userId(DEMO_DIETITIAN.email);
  dietitianB = await userId(demoTeam.find((d) => d.email !== DEMO_DIETITIAN.email)!.email);
  patient = await userId(DEMO_PATIENT.email);
  const created = await db
    .insert(users)
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        email: `race-patient-${i}@example.test`,
        passwordHash: 'not-a-hash',
        firstName: 'Race',
        lastName: `Patient ${i}`,
        isPatient: true,
      })),
    )
    .returning({ id: users.id });
  patients = created.map((row) => row.id);

  const [service] = await db.select().from(services).orderBy(asc(services.id)).limit(1);
  const [office] = await db.select().from(offices).orderBy(asc(offices.id)).limit(1);
  const [skill] = await db.select().from(skills).orderBy(asc(skills.id)).limit(1);
  base = {
    serviceId: service!.id,
    officeId: office!.id,
    sessionLanguage: 'en',
    reasons: [skill!.id],
    message: 'A private note about my health.',
    priceCents: 15000,
    taxCents: 0,
    totalCents: 15000,
  };
});

afterAll(async () => {
  await racePool?.end();
  await handle?.close();
});

/** `day` (YYYY-MM-DD) at `from` UTC, the patient's `minutes`, the dietitian busy `blockedMinutes`. */
function slot(day: string, from: string, minutes = 60, blockedMinutes = minutes) {
  const startsAt = new Date(`${day}T${from}:00Z`);
  return {
    startsAt,
    endsAt: new Date(startsAt.getTime() + minutes * 60_000),
    blockedUntil: new Date(startsAt.getTime() + blockedMinutes * 60_000),
  };
}

function book(
  values: { employeeId: number; patientId: number | null } & ReturnType<typeof slot> & Partial<AppointmentValues>,
  database: Database = db,
): Promise<BookingResult> {
  return insertAppointment(database, { ...base, timeslotTokenJti: randomUUID(), ...values });
}

/** The AppError a promise rejects with (fails the test if it resolves or throws anything else). */
async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error('expected an AppError, got a result');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function expectSlotUnavailable(promise: Promise<unknown>): Promise<void> {
  const error = await appError(promise);
  expect({ code: error.code, status: error.status, messageKey: error.messageKey }).toEqual({
    code: 'slot_unavailable',
    status: 409,
    messageKey: 'slotUnavailable',
  });
}

async function overlappingActivePairs(): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n
    FROM appointments a
    JOIN appointments b ON a.id < b.id
    WHERE a.status <> 'cancelled' AND b.status <> 'cancelled'
      AND (
        (a.employee_id = b.employee_id
          AND tstzrange(a.starts_at, a.blocked_until, '[)') && tstzrange(b.starts_at, b.blocked_until, '[)'))
        OR (a.patient_id = b.patient_id
          AND tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)'))
        OR (lower(a.guest_contact ->> 'email') = lower(b.guest_contact ->> 'email')
          AND tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)'))
      )`);
  return rows[0]!.n;
}

describe('20 simultaneous bookings of one slot', () => {
  it('let exactly one succeed and answer 409 slot_unavailable to the 19 others, 20 rounds in a row', async () => {
    for (let round = 0; round < 20; round++) {
      const day = new Date(Date.UTC(2031, 0, 1 + round)).toISOString().slice(0, 10);
      const time = slot(day, '14:00', 50, 60);
      const results = await Promise.allSettled(patients.map((patientId) => book({ employeeId: dietitianA, patientId, ...time }, raceDb)));

      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(won[0]!.value.created).toBe(true);
      expect(lost).toHaveLength(19);
      for (const { reason } of lost) {
        expect(reason).toBeInstanceOf(AppError);
        expect({ code: (reason as AppError).code, status: (reason as AppError).status }).toEqual({ code: 'slot_unavailable', status: 409 });
      }
      const rows = await db.select().from(appointments).where(eq(appointments.startsAt, time.startsAt));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id).toBe(won[0]!.value.appointment.id);
    }
    // On PostgreSQL the bookings ran on separate connections, truly at once.
    if (racePool) expect(racePool.totalCount).toBeGreaterThan(1);
    expect(await overlappingActivePairs()).toBe(0);
  });

  it('with one timeslot token make one appointment and give every caller the same answer', async () => {
    const jti = randomUUID();
    const time = slot('2031-03-03', '09:00');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => book({ employeeId: dietitianA, patientId: patient, ...time, timeslotTokenJti: jti }, raceDb)),
    );
    expect(new Set(results.map((r) => r.appointment.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await db.select().from(appointments).where(eq(appointments.timeslotTokenJti, jti))).toHaveLength(1);
  });
});

describe('the exclusion constraints', () => {
  it('refuse overlapping-but-not-identical ranges, the dietitian being busy until blocked_until', async () => {
    const day = '2031-04-01';
    // The patient's visit is 10:00-11:00; the dietitian is busy until 11:15.
    const first = await book({ employeeId: dietitianA, patientId: patients[0]!, ...slot(day, '10:00', 60, 75) });
    expect(first.created).toBe(true);
    expect(first.appointment).toMatchObject({ status: 'booked', sequence: 0, patientId: patients[0], guestContact: null });

    await expectSlotUnavailable(book({ employeeId: dietitianA, patientId: patients[1]!, ...slot(day, '10:30') }));
    await expectSlotUnavailable(book({ employeeId: dietitianA, patientId: patients[1]!, ...slot(day, '09:30', 31) }));
    await expectSlotUnavailable(book({ employeeId: dietitianA, patientId: patients[1]!, ...slot(day, '10:15', 15) }));
    // In the dietitian's tail (notes after the visit): the patients' ranges do not meet, the dietitian's do.
    await expectSlotUnavailable(book({ employeeId: dietitianA, patientId: patients[1]!, ...slot(day, '11:05', 30) }));

    // Right after the tail, and another dietitian at the same time: both fine.
    expect((await book({ employeeId: dietitianA, patientId: patients[1]!, ...slot(day, '11:15') })).created).toBe(true);
    expect((await book({ employeeId: dietitianB, patientId: patients[2]!, ...slot(day, '10:00') })).created).toBe(true);
    expect(await overlappingActivePairs()).toBe(0);
  });

  it('allow back-to-back appointments (ranges are half-open)', async () => {
    const day = '2031-04-02';
    await book({ employeeId: dietitianA, patientId: patients[0]!, ...slot(day, '10:00') });
    const next = await book({ employeeId: dietitianA, patientId: patients[0]!, ...slot(day, '11:00') });
    expect(next.created).toBe(true);
    const before = await book({ employeeId: dietitianA, patientId: patients[1]!, ...slot(day, '09:00') });
    expect(before.created).toBe(true);
  });

  it('do not let a patient hold two overlapping appointments, even with two dietitians', async () => {
    const day = '2031-04-03';
    await book({ employeeId: dietitianA, patientId: patient, ...slot(day, '13:00') });
    await expectSlotUnavailable(book({ employeeId: dietitianB, patientId: patient, ...slot(day, '13:30') }));
    // The patient's own end is what counts for the patient: the dietitian A's tail is not theirs.
    expect((await book({ employeeId: dietitianB, patientId: patient, ...slot(day, '14:00') })).created).toBe(true);
  });

  it('hold for guests too, known by their e-mail address', async () => {
    const day = '2031-04-04';
    const guest = { firstName: 'Gia', lastName: 'Guest', email: 'gia@example.test', phone: '16135550100' };
    const first = await book({ employeeId: dietitianA, patientId: null, guestContact: guest, ...slot(day, '10:00') });
    expect(first.appointment).toMatchObject({ patientId: null, guestContact: guest });
    await expectSlotUnavailable(
      book({ employeeId: dietitianB, patientId: null, guestContact: { ...guest, email: 'GIA@example.test' }, ...slot(day, '10:30') }),
    );
    const other = await book({ employeeId: dietitianB, patientId: null, guestContact: { ...guest, email: 'other@example.test' }, ...slot(day, '10:30') });
    expect(other.created).toBe(true);
    // Exactly one of patient and guest contact.
    await expect(book({ employeeId: dietitianB, patientId: patient, guestContact: guest, ...slot(day, '15:00') })).rejects.toThrow();
    await expect(book({ employeeId: dietitianB, patientId: null, ...slot(day, '16:00') })).rejects.toThrow();
  });
});

describe('inside a caller transaction', () => {
  it('a lost race rolls back only its savepoint: the transaction goes on', async () => {
    const time = slot('2031-04-05', '10:00');
    await book({ employeeId: dietitianA, patientId: patients[0]!, ...time });
    const later = await db.transaction(async (tx) => {
      await expectSlotUnavailable(book({ employeeId: dietitianA, patientId: patients[1]!, ...time }, tx));
      return book({ employeeId: dietitianA, patientId: patients[1]!, ...slot('2031-04-05', '11:00') }, tx);
    });
    expect((await db.select().from(appointments).where(eq(appointments.id, later.appointment.id)))[0]?.status).toBe('booked');
  });
});

describe('cancelAppointment', () => {
  it('frees the slot at once, bumps the sequence, and changes nothing the second time', async () => {
    const time = slot('2031-05-01', '10:00');
    const { appointment } = await book({ employeeId: dietitianA, patientId: patients[0]!, ...time });
    await expectSlotUnavailable(book({ employeeId: dietitianA, patientId: patients[1]!, ...time }));

    const cancelled = await cancelAppointment(db, { appointmentId: appointment.id, by: dietitianA, override: true });
    expect(cancelled.cancelled).toBe(true);
    expect(cancelled.appointment).toMatchObject({ status: 'cancelled', cancelledBy: dietitianA, cancelOverride: true, sequence: 1 });
    expect(cancelled.appointment.cancelledAt).toBeInstanceOf(Date);

    expect((await book({ employeeId: dietitianA, patientId: patients[1]!, ...time })).created).toBe(true);
    const again = await cancelAppointment(db, { appointmentId: appointment.id, by: patients[0]! });
    expect(again).toMatchObject({ cancelled: false, appointment: { sequence: 1, cancelledBy: dietitianA } });
  });

  it('refuses an unknown appointment (404) and a completed one (409)', async () => {
    expect((await appError(cancelAppointment(db, { appointmentId: 999_999, by: null }))).status).toBe(404);
    const { appointment } = await book({ employeeId: dietitianA, patientId: patients[0]!, ...slot('2031-05-02', '10:00') });
    await db.update(appointments).set({ status: 'completed' }).where(eq(appointments.id, appointment.id));
    const error = await appError(cancelAppointment(db, { appointmentId: appointment.id, by: null }));
    expect({ code: error.code, status: error.status }).toEqual({ code: 'appointment_not_active', status: 409 });
  });
});

describe('the same timeslot token', () => {
  it('books once: a second submission returns the same appointment and writes nothing', async () => {
    const jti = randomUUID();
    const first = await book({ employeeId: dietitianA, patientId: patients[3]!, ...slot('2031-06-01', '10:00'), timeslotTokenJti: jti });
    const second = await book({ employeeId: dietitianA, patientId: patients[3]!, ...slot('2031-06-01', '10:00'), timeslotTokenJti: jti });
    expect(first.created).toBe(true);
    expect(second).toEqual({ appointment: first.appointment, created: false });
    expect(await db.select().from(appointments).where(eq(appointments.timeslotTokenJti, jti))).toHaveLength(1);
  });
});

describe('rescheduleAppointment', () => {
  it('moves atomically: on conflict the old appointment stays booked and unchanged', async () => {
    const day = '2031-07-01';
    const { appointment: mine } = await book({ employeeId: dietitianA, patientId: patient, ...slot(day, '10:00') });
    const { appointment: theirs } = await book({ employeeId: dietitianA, patientId: patients[4]!, ...slot(day, '14:00') });
    const countBefore = (await db.select().from(appointments)).length;

    await expectSlotUnavailable(
      rescheduleAppointment(db, {
        appointmentId: mine.id,
        newValues: { ...base, employeeId: dietitianA, ...slot(day, '14:30'), timeslotTokenJti: randomUUID() },
        by: patient,
      }),
    );
    const [after] = await db.select().from(appointments).where(eq(appointments.id, mine.id));
    expect(after).toEqual(mine);
    expect((await db.select().from(appointments)).length).toBe(countBefore);
    expect(theirs.status).toBe('booked');
  });

  it('cancels the old row and books its successor (same calendar UID, sequence + 1); the old time is free', async () => {
    const day = '2031-07-02';
    const { appointment: old } = await book({ employeeId: dietitianA, patientId: patient, ...slot(day, '10:00'), reasons: [base.reasons[0]!] });
    const jti = randomUUID();
    // Half an hour later, overlapping its own old time, with another dietitian: fine.
    const moved = await rescheduleAppointment(db, {
      appointmentId: old.id,
      newValues: { ...base, employeeId: dietitianB, ...slot(day, '10:30'), timeslotTokenJti: jti, message: undefined },
      by: patient,
    });
    expect(moved.created).toBe(true);
    expect(moved.previous).toMatchObject({ id: old.id, status: 'cancelled', cancelledBy: patient, cancelOverride: false, startsAt: old.startsAt });
    expect(moved.appointment).toMatchObject({
      status: 'booked',
      patientId: patient,
      employeeId: dietitianB,
      startsAt: slot(day, '10:30').startsAt,
      rescheduledFromId: old.id,
      calendarUid: old.calendarUid,
      sequence: old.sequence + 1,
      message: old.message,
      reasons: old.reasons,
      timeslotTokenJti: jti,
    });

    // The old time is free for the dietitian A.
    expect((await book({ employeeId: dietitianA, patientId: patients[5]!, ...slot(day, '10:00') })).created).toBe(true);

    // The same token again: the same answer, nothing written.
    const replay = await rescheduleAppointment(db, {
      appointmentId: old.id,
      newValues: { ...base, employeeId: dietitianB, ...slot(day, '10:30'), timeslotTokenJti: jti },
    });
    expect(replay).toEqual({ appointment: moved.appointment, previous: moved.previous, created: false });

    // The old row is cancelled: it cannot be moved again.
    const error = await appError(
      rescheduleAppointment(db, { appointmentId: old.id, newValues: { ...base, employeeId: dietitianB, ...slot(day, '16:00'), timeslotTokenJti: randomUUID() } }),
    );
    expect({ code: error.code, status: error.status }).toEqual({ code: 'appointment_not_active', status: 409 });
    expect(
      (await appError(rescheduleAppointment(db, { appointmentId: 999_999, newValues: { ...base, employeeId: dietitianB, ...slot(day, '17:00') } })))
        .status,
    ).toBe(404);
  });

  it('refuses a new time the patient already holds with another dietitian', async () => {
    const day = '2031-07-03';
    const { appointment: first } = await book({ employeeId: dietitianA, patientId: patients[6]!, ...slot(day, '10:00') });
    await book({ employeeId: dietitianB, patientId: patients[6]!, ...slot(day, '13:00') });
    await expectSlotUnavailable(
      rescheduleAppointment(db, { appointmentId: first.id, newValues: { ...base, employeeId: dietitianA, ...slot(day, '13:30'), timeslotTokenJti: randomUUID() } }),
    );
    expect((await db.select().from(appointments).where(eq(appointments.id, first.id)))[0]).toEqual(first);
  });

  it('lets one of several simultaneous moves of one appointment win; the others find it cancelled', async () => {
    const day = '2031-07-04';
    const { appointment } = await book({ employeeId: dietitianA, patientId: patients[7]!, ...slot(day, '08:00') });
    const results = await Promise.allSettled(
      ['09', '10', '11', '12', '13'].map((hour) =>
        rescheduleAppointment(raceDb, {
          appointmentId: appointment.id,
          newValues: { ...base, employeeId: dietitianA, ...slot(day, `${hour}:00`), timeslotTokenJti: randomUUID() },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('appointment_not_active');
    }
    const chain = await db
      .select()
      .from(appointments)
      .where(inArray(appointments.calendarUid, [appointment.calendarUid]));
    expect(chain.map((row) => row.status).sort()).toEqual(['booked', 'cancelled']);
  });
});

describe('afterwards', () => {
  it('the database holds no overlapping active pair', async () => {
    expect(await overlappingActivePairs()).toBe(0);
    const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM appointments`);
    expect(rows[0]!.n).toBeGreaterThan(20);
  });
});
