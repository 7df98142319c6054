import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { AppointmentOptions } from '@/lib/schemas/bookingSlots';
import type { ManagedAppointment } from '@/lib/schemas/manageAppointment';
import { openGuardedLink } from '@/lib/server/auth/linkGuard';
import type { Database } from '@/lib/server/db/client';
import { appointments, services, type Appointment } from '@/lib/server/db/schema';
import { kickMailQueue } from '@/lib/server/email/queue';
import { announce } from '@/lib/server/events/announce';
import { seatMoveOptions, moveSeat } from '@/lib/server/groups/moveSeat';
import { AppError, fieldInvalid } from '@/lib/server/http/appError';
import { lockDietitianBookings, rescheduleAppointment, slotUnavailable } from './appointments';
import { cancelAndNotify } from './cancel';
import { availableSlots, findCurrentSlot } from './freeSlots';
import { describeManaged, manageLinkInvalid } from './managedView';
import { appointmentOfLinkHash } from './manageLinks';
import { appointmentAtSlot } from './newAppointment';
import { queueBookingNotices } from './notifications';
import { canCancelOrReschedule } from './rules';
import { assertMoves, isOwnStart, sameSlotRefused } from './sameSlot';
import { loadService, type ServiceRow, type SlotQuery } from './slots';
import type { Actor } from './stepTokens';

/**
 * The manage page's calls (issue #15 item 2): whoever holds an appointment's e-mailed link sees
 * it, cancels it or moves it, without an account and under a patient's rules (the service's
 * min_cancellation_notice). The token travels in request bodies only. An unknown, expired or
 * malformed token gets one answer (404 link_invalid), counted by the links' guessing guard
 * (auth/linkGuard.ts). What the page shows is managedView.ts's.
 */

const notActive = () => new AppError('appointment_not_active', 409, 'appointmentNotActive');

/** The appointment a request's token opens, or 404 (counted against the caller's address). */
export async function openManageLink(db: Database, token: string, ip: string, now: Date): Promise<Appointment> {
  const appointment = await openGuardedLink(db, { kind: 'manage', token, ip, now }, (tx, hash) => appointmentOfLinkHash(tx, hash, now));
  if (!appointment) throw manageLinkInvalid();
  return appointment;
}

/** The link holder acts as the patient would (a guest's booking: as a guest with its e-mail). */
function holderOf(appointment: Appointment): { actor: Actor; guestEmail?: string } {
  if (appointment.patientId !== null) return { actor: { kind: 'patient', userId: appointment.patientId } };
  return { actor: { kind: 'guest' }, guestEmail: appointment.guestContact?.email };
}

export interface ManageRequest {
  token: string;
  ip: string;
  locale: Locale;
  now?: Date;
}

export async function viewByLink(db: Database, request: ManageRequest): Promise<ManagedAppointment> {
  const now = request.now ?? new Date();
  return describeManaged(db, await openManageLink(db, request.token, request.ip, now), request.locale, now);
}

/** The patient's rule: booked, not started, and outside the service's notice. */
async function assertChangeable(db: Database, appointment: Appointment, now: Date, tooLateKey: string) {
  if (appointment.status !== 'booked') throw notActive();
  const [service] = await db.select({ notice: services.minCancellationNoticeHours }).from(services).where(eq(services.id, appointment.serviceId));
  const notice = service?.notice ?? 0;
  const decision = canCancelOrReschedule({ startsAt: appointment.startsAt, now, minCancellationNoticeHours: notice, actor: 'patient' });
  if (decision.allowed) return;
  throw decision.reason === 'notice_period' ? new AppError('cancellation_notice', 409, tooLateKey, { values: { hours: notice } }) : notActive();
}

export async function cancelByLink(db: Database, request: ManageRequest): Promise<ManagedAppointment> {
  const now = request.now ?? new Date();
  const appointment = await openManageLink(db, request.token, request.ip, now);
  // Cancelling twice answers like the first time (the page shows it cancelled), without a second e-mail.
  if (appointment.status !== 'cancelled') {
    await assertChangeable(db, appointment, now, 'cancellationTooLate');
    await cancelAndNotify(db, { appointmentId: appointment.id, by: null, override: false });
  }
  const [current] = await db.select().from(appointments).where(eq(appointments.id, appointment.id));
  return describeManaged(db, current ?? appointment, request.locale, now);
}

/** The query availability runs for a move of this appointment: same service, office, language and reasons. */
function slotQueryFor(appointment: Appointment): SlotQuery {
  return {
    ...holderOf(appointment),
    officeId: appointment.officeId,
    sessionLanguage: appointment.sessionLanguage,
    skillIds: appointment.reasons,
    movingId: appointment.id,
  };
}

/** The times the appointment can move to: the booking flow's date-and-time step, for this visit. */
export async function slotsByLink(db: Database, request: ManageRequest & { fromDate?: string }): Promise<AppointmentOptions> {
  const now = request.now ?? new Date();
  const appointment = await openManageLink(db, request.token, request.ip, now);
  await assertChangeable(db, appointment, now, 'rescheduleTooLate');
  const service = await loadService(db, appointment.serviceId);
  if (appointment.groupSessionId !== null) return seatMoveOptions(db, appointment, service, now);
  return (await availableSlots(db, slotQueryFor(appointment), service, now, request.fromDate)).options;
}

/**
 * Moves the appointment to `start` (an instant availability offered), as a patient's reschedule:
 * re-checked in the transaction that moves it, the exclusion constraints deciding a race; the
 * link then opens the new visit. Answers the new visit. The visit's own time, where its own
 * dietitian keeps it, is no move: refused (sameSlot.ts), with nothing changed and no e-mail.
 */
export async function rescheduleByLink(db: Database, request: ManageRequest & { start: string; groupSessionId?: number }): Promise<ManagedAppointment> {
  const now = request.now ?? new Date();
  const appointment = await openManageLink(db, request.token, request.ip, now);
  await assertChangeable(db, appointment, now, 'rescheduleTooLate');
  const service = await loadService(db, appointment.serviceId);
  if (appointment.groupSessionId !== null) return moveSeatByLink(db, appointment, service, request, now);
  const query = slotQueryFor(appointment);
  if (isOwnStart(appointment, request.start) && (await findCurrentSlot(db, query, service, { startIso: request.start, now, dietitianId: appointment.employeeId }))) {
    throw sameSlotRefused();
  }
  const offered = await findCurrentSlot(db, query, service, { startIso: request.start, now });
  if (!offered) throw slotUnavailable();
  const dietitianId = offered.recommended_employee.id;
  const moved = await db.transaction(async (tx) => {
    await lockDietitianBookings(tx, dietitianId);
    const slot = await findCurrentSlot(tx, query, service, { startIso: request.start, now, dietitianId });
    if (!slot) throw slotUnavailable();
    assertMoves(appointment, slot.start, dietitianId);
    const result = await rescheduleAppointment(tx, {
      appointmentId: appointment.id,
      newValues: await appointmentAtSlot(tx, {
        slot,
        dietitianId,
        service,
        officeId: appointment.officeId,
        sessionLanguage: appointment.sessionLanguage,
        bookedBy: null,
        // The same visit at another time: its price as booked, whatever the service costs today.
        price: { base: appointment.priceCents, tax: appointment.taxCents, total: appointment.totalCents },
      }),
      by: null,
      override: false,
    });
    await queueBookingNotices(tx, { appointmentId: result.appointment.id, kind: 'rescheduled', previousStart: appointment.startsAt });
    return result.appointment;
  });
  void kickMailQueue();
  announce('time-freed');
  return describeManaged(db, moved, request.locale, now);
}

/** A seat's move by its link (issue #28): to the session named, which must start at `start`. */
async function moveSeatByLink(db: Database, seat: Appointment, service: ServiceRow, request: ManageRequest & { start: string; groupSessionId?: number }, now: Date) {
  if (request.groupSessionId === undefined) throw fieldInvalid('group_session_id', 'required');
  const moved = await moveSeat(db, seat, service, { sessionId: request.groupSessionId, start: request.start }, now);
  void kickMailQueue();
  announce('time-freed');
  return describeManaged(db, moved, request.locale, now);
}
