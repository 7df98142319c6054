import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@/lib/server/db/client';
import { appointments, payments, receipts, type Appointment, type GuestContact, type NewAppointment } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { recordFreedTime } from '@/lib/server/events/freedTime';
import { netPaidCents } from '@/lib/server/receipts/refundDue';

/**
 * Writing appointments (issue #4, "No double booking, ever"). The database decides every race:
 * the exclusion constraints of migration 0003 refuse an overlapping active appointment of the
 * dietitian or of the patient (SQLSTATE 23P01), whatever the number of app instances, and the
 * unique timeslot_token_jti makes a resubmitted timeslot token find the appointment it already
 * booked instead of booking again. Each function takes the database or a transaction: inside
 * a transaction its writes run in a savepoint, so a lost race leaves the caller's work usable.
 *
 * Rules (who may book what, notice periods, prices) are checked by the callers before; these
 * functions only guarantee that what they write is consistent.
 */

/** What a booking writes. `patientId` for a patient's appointment, otherwise `guestContact`. */
export type AppointmentValues = Pick<
  NewAppointment,
  | 'patientId'
  | 'guestContact'
  | 'employeeId'
  | 'serviceId'
  | 'officeId'
  | 'startsAt'
  | 'endsAt'
  | 'blockedUntil'
  | 'sessionLanguage'
  | 'reasons'
  | 'message'
  | 'priceCents'
  | 'taxCents'
  | 'totalCents'
  | 'bookedBy'
  | 'timeslotTokenJti'
  | 'videoRoom'
  | 'groupSessionId'
>;

/** The new time (and whatever else the new booking chain chose) of a rescheduled appointment. */
export type RescheduleValues = Omit<AppointmentValues, 'patientId' | 'guestContact' | 'reasons' | 'message'> &
  Partial<Pick<AppointmentValues, 'reasons' | 'message'>>;

export interface BookingResult {
  appointment: Appointment;
  /** False when the timeslot token had already booked it: nothing was written (send no e-mail). */
  created: boolean;
}

export interface RescheduleResult extends BookingResult {
  /** The appointment it replaces, now cancelled (null only if that row has been deleted since). */
  previous: Appointment | null;
}

export interface CancelResult {
  appointment: Appointment;
  /** False when it was already cancelled: nothing changed. */
  cancelled: boolean;
}

/** A lost race for a slot: another booking took (part of) this time first. */
export const slotUnavailable = () => new AppError('slot_unavailable', 409, 'slotUnavailable');
const notFound = () => new AppError('appointment_not_found', 404, 'notFound');
/** Completed, no-show or cancelled: the appointment can no longer be moved or cancelled. */
const notActive = () => new AppError('appointment_not_active', 409, 'appointmentNotActive');

// SQLSTATEs. Drizzle wraps the driver's error (DrizzleQueryError): the code is on its cause.
const UNIQUE_VIOLATION = '23505';
const EXCLUSION_VIOLATION = '23P01';
// Concurrent inserts checking the same exclusion constraint wait on each other, and PostgreSQL
// breaks such a cycle only after deadlock_timeout by aborting one (deadlock_detected). So each
// write first takes transaction-scoped advisory locks on the dietitian and the patient (or
// guest e-mail), in one order: writes for the same people queue instead. Should a cycle still
// happen (a serialization failure or a deadlock), nothing was written: try again.
const RETRYABLE = new Set(['40P01', '40001']);
const WRITE_ATTEMPTS = 5;

function pgErrorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Runs a write transaction again when PostgreSQL aborted it for a deadlock or serialization failure. */
async function withRetry<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      const code = pgErrorCode(error);
      if (!code || !RETRYABLE.has(code) || attempt >= WRITE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/** Queues this transaction behind others booking the same dietitian or the same patient/guest. */
async function lockBookingParties(
  tx: Transaction,
  parties: { employeeId: number; patientId: number | null; guestContact: GuestContact | null },
): Promise<void> {
  const person = parties.patientId !== null ? `patient:${parties.patientId}` : `guest:${parties.guestContact?.email.toLowerCase()}`;
  for (const key of [`employee:${parties.employeeId}`, person].sort()) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`appointments:${key}`}))`);
  }
}

/**
 * Takes the dietitian's booking lock (the one every booking write takes first), so a change to
 * their working time (schedule, time off) and a booking of them run one after the other.
 */
export async function lockDietitianBookings(tx: Transaction, employeeId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`appointments:employee:${employeeId}`}))`);
}

export async function findAppointment(db: Database, id: number): Promise<Appointment | null> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  return row ?? null;
}

/** The appointment a timeslot token booked (or moved an appointment to), if any. */
export async function findAppointmentByTokenJti(db: Database, jti: string): Promise<Appointment | null> {
  const [row] = await db.select().from(appointments).where(eq(appointments.timeslotTokenJti, jti));
  return row ?? null;
}

/**
 * After a failed write: if the token's appointment exists (a concurrent submission of the same
 * token won), that is the answer; otherwise an exclusion violation means the slot is taken.
 */
async function settleFailedWrite(db: Database, error: unknown, jti: string | null | undefined): Promise<Appointment> {
  const code = pgErrorCode(error);
  const lostRace = code === UNIQUE_VIOLATION || code === EXCLUSION_VIOLATION || (error instanceof AppError && error.code === 'appointment_not_active');
  if (lostRace && jti) {
    const existing = await findAppointmentByTokenJti(db, jti);
    if (existing) return existing;
  }
  if (code === EXCLUSION_VIOLATION) throw slotUnavailable();
  throw error;
}

/**
 * Books an appointment in one transaction. Throws AppError 409 `slot_unavailable` when the time
 * overlaps an active appointment of the dietitian or of the patient. The same
 * `timeslotTokenJti` books once: a second call (even concurrent) returns the first appointment
 * with `created: false`, whatever its state now.
 */
export async function insertAppointment(db: Database, values: AppointmentValues): Promise<BookingResult> {
  const jti = values.timeslotTokenJti;
  if (jti) {
    const existing = await findAppointmentByTokenJti(db, jti);
    if (existing) return { appointment: existing, created: false };
  }
  try {
    const appointment = await withRetry(() =>
      db.transaction(async (tx) => {
        await lockBookingParties(tx, { employeeId: values.employeeId, patientId: values.patientId ?? null, guestContact: values.guestContact ?? null });
        const [row] = await tx
          .insert(appointments)
          .values({ ...values, patientId: values.patientId ?? null, guestContact: values.guestContact ?? null, status: 'booked' })
          .returning();
        return row!;
      }),
    );
    return { appointment, created: true };
  } catch (error) {
    return { appointment: await settleFailedWrite(db, error, jti), created: false };
  }
}

/**
 * Moves a booked appointment, atomically: in one transaction the old row is cancelled (freeing
 * its time) and its successor inserted (`rescheduledFromId` = the old id, same patient or guest,
 * same `calendarUid`, `sequence` + 1). If the new time is taken the transaction rolls back, so
 * the old appointment stays booked and unchanged, and AppError 409 `slot_unavailable` is thrown.
 * The new time may overlap the old one (moving by half an hour): the old row no longer counts
 * once cancelled. `by` is recorded as who cancelled the old row (null: a guest), `override`
 * when an employee acted inside the cancellation notice. Idempotent per `timeslotTokenJti`.
 * Throws 404 `appointment_not_found`, or 409 `appointment_not_active` unless it is booked.
 */
export async function rescheduleAppointment(
  db: Database,
  input: { appointmentId: number; newValues: RescheduleValues; by?: number | null; override?: boolean },
): Promise<RescheduleResult> {
  const { appointmentId, newValues } = input;
  const jti = newValues.timeslotTokenJti;
  const replay = async (appointment: Appointment): Promise<RescheduleResult> => ({
    appointment,
    created: false,
    previous: appointment.rescheduledFromId === null ? null : await findAppointment(db, appointment.rescheduledFromId),
  });
  if (jti) {
    const existing = await findAppointmentByTokenJti(db, jti);
    if (existing) return replay(existing);
  }
  try {
    return await withRetry(() => db.transaction(async (tx) => {
      const current = await findAppointment(tx, appointmentId);
      if (current) await lockBookingParties(tx, { ...current, employeeId: newValues.employeeId });
      // Row-locks the old appointment: a concurrent reschedule or cancel waits, then finds it cancelled.
      const [previous] = await tx
        .update(appointments)
        .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelledBy: input.by ?? null, cancelOverride: input.override ?? false })
        .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'booked')))
        .returning();
      if (!previous) throw (await findAppointment(tx, appointmentId)) ? notActive() : notFound();
      // The old time may suit someone on the waitlist (issue #16); rolled back with the move if it fails.
      await recordFreedTime(tx, previous.employeeId, previous.startsAt, previous.blockedUntil);
      const [appointment] = await tx
        .insert(appointments)
        .values({
          ...newValues,
          reasons: newValues.reasons ?? previous.reasons,
          message: newValues.message === undefined ? previous.message : newValues.message,
          patientId: previous.patientId,
          guestContact: previous.guestContact,
          status: 'booked',
          rescheduledFromId: previous.id,
          calendarUid: previous.calendarUid,
          sequence: previous.sequence + 1,
          // A move does not rebook the visit: it was booked when it first was (receipts' date bound).
          createdAt: previous.createdAt,
        })
        .returning();
      // A moved visit is the same visit: what was paid for it, and its receipts, go with it (the
      // old row, cancelled by the move, owes no refund and takes no payment).
      await tx.update(payments).set({ appointmentId: appointment!.id }).where(eq(payments.appointmentId, previous.id));
      await tx.update(receipts).set({ appointmentId: appointment!.id }).where(eq(receipts.appointmentId, previous.id));
      // Never more paid than the visit costs: its next receipt could not be written (paid to date
      // past the total), and a live visit has no refund due. A move to a cheaper service of a visit
      // paid in advance waits for the refund of the difference; rolled back with the move.
      if ((await netPaidCents(tx, appointment!.id)) > appointment!.totalCents) throw new AppError('reschedule_paid_more', 409, 'reschedulePaidMore');
      return { appointment: appointment!, previous, created: true };
    }));
  } catch (error) {
    return replay(await settleFailedWrite(db, error, jti));
  }
}

/**
 * Cancels a booked appointment; its time is free for others as soon as this returns.
 * `sequence` goes up (the iCalendar CANCEL must outrank the last REQUEST). `by` is who cancelled
 * (null: a guest or the system), `override` when an employee acted inside the notice period.
 * Cancelling a cancelled appointment changes nothing (`cancelled: false`). Throws 404
 * `appointment_not_found`, or 409 `appointment_not_active` for a completed or no-show visit.
 */
export async function cancelAppointment(
  db: Database,
  input: { appointmentId: number; by: number | null; override?: boolean },
): Promise<CancelResult> {
  const [appointment] = await db
    .update(appointments)
    .set({
      status: 'cancelled',
      cancelledAt: sql`now()`,
      cancelledBy: input.by,
      cancelOverride: input.override ?? false,
      sequence: sql`${appointments.sequence} + 1`,
    })
    .where(and(eq(appointments.id, input.appointmentId), eq(appointments.status, 'booked')))
    .returning();
  if (appointment) {
    // Its time may suit someone on the waitlist (issue #16). The caller's transaction (cancelAndNotify) holds both.
    await recordFreedTime(db, appointment.employeeId, appointment.startsAt, appointment.blockedUntil);
    return { appointment, cancelled: true };
  }
  const current = await findAppointment(db, input.appointmentId);
  if (!current) throw notFound();
  if (current.status === 'cancelled') return { appointment: current, cancelled: false };
  throw notActive();
}
