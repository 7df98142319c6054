import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { assertUnderLimit, hashIp, lockLimitKeys, recordEvent, type Limit } from '@/lib/server/auth/rateLimit';
import type { Database } from '@/lib/server/db/client';
import { appointments, offices, services, users, type Appointment } from '@/lib/server/db/schema';
import { kickMailQueue } from '@/lib/server/email/queue';
import { AppError } from '@/lib/server/http/appError';
import { kickWaitlist } from '@/lib/server/waitlist/kick';
import { lockDietitianBookings, rescheduleAppointment, slotUnavailable } from './appointments';
import { isVirtualOffice } from './book';
import type { AppointmentSlot } from './availability';
import { cancelAndNotify } from './cancel';
import { appointmentOfLink } from './manageLinks';
import { locationOf, queueBookingNotices } from './notifications';
import { priceService } from './pricing';
import { canCancelOrReschedule } from './rules';
import { availableSlots, findCurrentSlot, loadService, type SlotQuery } from './slots';
import type { Actor } from './stepTokens';
import { JOIN_OPENS_MINUTES, joinUrlOf, newVideoRoom } from './videoRoom';

/**
 * The manage page's calls (issue #15 item 2): whoever holds an appointment's e-mailed link sees
 * it, cancels it or moves it, without an account and under a patient's rules (the service's
 * min_cancellation_notice). The token travels in request bodies only. An unknown, expired or
 * malformed token gets one answer (404 link_invalid), and each such answer counts against the
 * caller's address: 20 misses in 15 minutes and it is refused for a while, so tokens (256 bits)
 * cannot be guessed, nor can a lucky guess be told apart from a dead link.
 *
 * What the page shows is what the confirmation e-mail says, no more: never the reasons, the
 * message, the phone number or the address of the patient.
 */

export const MANAGE_LINK_MISSES: Limit = { max: 20, windowMs: 15 * 60_000 };

const linkInvalid = () => new AppError('link_invalid', 404, 'manageLinkInvalid');
const notActive = () => new AppError('appointment_not_active', 409, 'appointmentNotActive');

/** The appointment a request's token opens, or 404 (counted against the caller's address). */
export async function openManageLink(db: Database, token: string, ip: string, now: Date): Promise<Appointment> {
  const key = `manage-miss:${hashIp(ip)}`;
  // Under the key's lock: simultaneous guesses are counted one after the other.
  const appointment = await db.transaction(async (tx) => {
    await lockLimitKeys(tx, [key]);
    await assertUnderLimit(tx, key, MANAGE_LINK_MISSES, now);
    const found = await appointmentOfLink(tx, token, now);
    if (!found) await recordEvent(tx, key, now);
    return found;
  });
  if (!appointment) throw linkInvalid();
  return appointment;
}

/** The link holder acts as the patient would (a guest's booking: as a guest with its e-mail). */
function holderOf(appointment: Appointment): { actor: Actor; guestEmail?: string } {
  if (appointment.patientId !== null) return { actor: { kind: 'patient', userId: appointment.patientId } };
  return { actor: { kind: 'guest' }, guestEmail: appointment.guestContact?.email };
}

export interface ManagedAppointment {
  status: Appointment['status'];
  first_name: string;
  service_name: string;
  start: string;
  end: string;
  location: { kind: 'office'; name: string; address: string } | { kind: 'virtual' };
  dietitian_name: string;
  total_cents: number;
  tax_cents: number;
  cancellation_notice_hours: number;
  /** Cancel and reschedule are open (booked, and outside the notice). */
  can_change: boolean;
  /** The visit has begun: nothing is left to change. */
  has_started: boolean;
  /** A booked virtual visit's video room; the page shows its Join button from `join_opens_at`. */
  join_url: string | null;
  join_opens_at: string | null;
}

/** What the manage page shows, in the page's language. */
export async function describeManaged(db: Database, appointment: Appointment, locale: Locale, now: Date): Promise<ManagedAppointment> {
  const [row] = await db
    .select({ service: services, office: offices })
    .from(services)
    .innerJoin(offices, eq(offices.id, appointment.officeId))
    .where(eq(services.id, appointment.serviceId));
  if (!row) throw linkInvalid();
  const ids = [appointment.employeeId, ...(appointment.patientId === null ? [] : [appointment.patientId])];
  const people = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
  const dietitian = people.find((p) => p.id === appointment.employeeId);
  const patient = appointment.patientId === null ? appointment.guestContact : people.find((p) => p.id === appointment.patientId);
  const { service, office } = row;
  const booked = appointment.status === 'booked';
  const decision = canCancelOrReschedule({ startsAt: appointment.startsAt, now, minCancellationNoticeHours: service.minCancellationNoticeHours, actor: 'patient' });
  const joinUrl = booked ? joinUrlOf(appointment.videoRoom) : null;
  const fr = locale === 'fr';
  return {
    status: appointment.status,
    first_name: patient?.firstName ?? '',
    service_name: fr ? service.nameFr : service.nameEn,
    start: appointment.startsAt.toISOString(),
    end: appointment.endsAt.toISOString(),
    // The same words as the e-mail (its join link is shown apart, from join_url).
    location: office.isVirtual ? { kind: 'virtual' } : locationOf(office, locale),
    dietitian_name: dietitian ? `${dietitian.firstName} ${dietitian.lastName}` : '',
    total_cents: appointment.totalCents,
    tax_cents: appointment.taxCents,
    cancellation_notice_hours: service.minCancellationNoticeHours,
    can_change: booked && decision.allowed,
    has_started: appointment.startsAt.getTime() <= now.getTime(),
    join_url: joinUrl,
    join_opens_at: joinUrl ? new Date(appointment.startsAt.getTime() - JOIN_OPENS_MINUTES * 60_000).toISOString() : null,
  };
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
export async function slotsByLink(db: Database, request: ManageRequest & { fromDate?: string }): Promise<Record<string, AppointmentSlot[]>> {
  const now = request.now ?? new Date();
  const appointment = await openManageLink(db, request.token, request.ip, now);
  await assertChangeable(db, appointment, now, 'rescheduleTooLate');
  const service = await loadService(db, appointment.serviceId);
  return (await availableSlots(db, slotQueryFor(appointment), service, now, request.fromDate)).options;
}

/**
 * Moves the appointment to `start` (an instant availability offered), as a patient's reschedule:
 * re-checked in the transaction that moves it, the exclusion constraints deciding a race; the
 * link then opens the new visit. Answers the new visit.
 */
export async function rescheduleByLink(db: Database, request: ManageRequest & { start: string }): Promise<ManagedAppointment> {
  const now = request.now ?? new Date();
  const appointment = await openManageLink(db, request.token, request.ip, now);
  await assertChangeable(db, appointment, now, 'rescheduleTooLate');
  const service = await loadService(db, appointment.serviceId);
  const query = slotQueryFor(appointment);
  const offered = await findCurrentSlot(db, query, service, { startIso: request.start, now });
  if (!offered) throw slotUnavailable();
  const dietitianId = offered.recommended_employee.id;
  const price = priceService(service);
  const moved = await db.transaction(async (tx) => {
    await lockDietitianBookings(tx, dietitianId);
    const slot = await findCurrentSlot(tx, query, service, { startIso: request.start, now, dietitianId });
    if (!slot) throw slotUnavailable();
    const startsAt = new Date(slot.start);
    const result = await rescheduleAppointment(tx, {
      appointmentId: appointment.id,
      newValues: {
        employeeId: dietitianId,
        serviceId: service.id,
        officeId: appointment.officeId,
        startsAt,
        endsAt: new Date(slot.end),
        blockedUntil: new Date(startsAt.getTime() + service.employeeDurationMinutes * 60_000),
        sessionLanguage: appointment.sessionLanguage,
        priceCents: price.base_price,
        taxCents: price.tax_amount,
        totalCents: price.total_price,
        bookedBy: null,
        timeslotTokenJti: null,
        videoRoom: (await isVirtualOffice(tx, appointment.officeId)) ? newVideoRoom() : null,
      },
      by: null,
      override: false,
    });
    await queueBookingNotices(tx, { appointmentId: result.appointment.id, kind: 'rescheduled', previousStart: appointment.startsAt });
    return result.appointment;
  });
  void kickMailQueue();
  void kickWaitlist();
  return describeManaged(db, moved, request.locale, now);
}
