import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { clinic } from '@/lib/clinic';
import { fullName } from '@/lib/format/personName';
import type { BookAppointmentInput } from '@/lib/schemas/bookingSlots';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { appointments, offices, services, users, type Appointment, type GuestContact } from '@/lib/server/db/schema';
import { kickMailQueue } from '@/lib/server/email/queue';
import { announce } from '@/lib/server/events/announce';
import { chosenGroupSession } from '@/lib/server/groups/dateStep';
import { bookSeat } from '@/lib/server/groups/seats';
import { AppError } from '@/lib/server/http/appError';
import {
  findAppointmentByTokenJti,
  insertAppointment,
  lockDietitianBookings,
  rescheduleAppointment,
  slotUnavailable,
  type AppointmentValues,
  type RescheduleResult,
} from './appointments';
import { appointmentIcs, appointmentIcsText, appointmentUid, googleCalendarLink } from './calendar';
import { findCurrentSlot } from './freeSlots';
import { enforceGuestLimits } from './guestLimits';
import { appointmentAtSlot } from './newAppointment';
import { locationOf, queueBookingNotices } from './notifications';
import { canCancelOrReschedule } from './rules';
import { assertMoves } from './sameSlot';
import { loadService, slotQueryOf } from './slots';
import { verifyContextOf } from './steps/actor';
import { bookingTokenContext, verifyChain, type Actor, type KeyContext, type RequestActor, type VerifiedChain } from './stepTokens';

/**
 * book-appointment (SPEC §7): the last step. Everything the earlier steps validated comes from
 * the verified token chain; the slot is re-checked against fresh data in the same transaction
 * that writes, and the exclusion constraints have the final word on a race (409).
 */

type BookChain = VerifiedChain<'timeslot'>;

/** Whose appointment a new booking is. Only the token chain decides: no account is created here. */
function bookingParty(chain: BookChain): Pick<AppointmentValues, 'patientId' | 'guestContact'> {
  const { actor } = chain.auth;
  if (actor.kind === 'patient') return { patientId: actor.userId };
  if (actor.kind === 'employee') {
    if (actor.patientId === null) throw new AppError('patient_required', 400, 'patientRequired');
    return { patientId: actor.patientId };
  }
  const { firstName, lastName, email, phone } = chain.contact.contact;
  const guest: GuestContact = { firstName, lastName, email, phone, address: chain.address.address };
  return { guestContact: guest };
}

/**
 * The reschedule's guard, repeated inside the transaction that moves it (check-session's early
 * answer may be stale), and never to the visit's own start with its own dietitian (sameSlot.ts).
 * Returns whether an employee overrides the cancellation notice.
 */
async function checkMove(tx: Database, appointmentId: number, actor: Actor, now: Date, target: { start: string; dietitianId: number }): Promise<boolean> {
  if (actor.kind === 'guest') throw new AppError('forbidden', 403, 'forbidden');
  const [row] = await tx
    .select({
      patientId: appointments.patientId,
      status: appointments.status,
      startsAt: appointments.startsAt,
      employeeId: appointments.employeeId,
      notice: services.minCancellationNoticeHours,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .where(eq(appointments.id, appointmentId));
  if (!row) throw new AppError('appointment_not_found', 404, 'appointmentNotFound');
  if (actor.kind === 'patient' && row.patientId !== actor.userId) throw new AppError('forbidden', 403, 'forbidden');
  if (actor.kind === 'employee' && actor.patientId !== null && row.patientId !== actor.patientId) {
    throw new AppError('rescheduling_patient_mismatch', 403, 'reschedulingPatientMismatch');
  }
  const notActive = new AppError('appointment_not_active', 409, 'appointmentNotActive');
  if (row.status !== 'booked') throw notActive;
  const decision = canCancelOrReschedule({ startsAt: row.startsAt, now, minCancellationNoticeHours: row.notice, actor: actor.kind });
  if (!decision.allowed) {
    if (decision.reason === 'notice_period') throw new AppError('cancellation_notice', 409, 'rescheduleTooLate', { values: { hours: row.notice } });
    throw notActive;
  }
  assertMoves(row, target.start, target.dietitianId);
  return decision.override;
}

/** The answer's appointment and its "Add to Google Calendar" link (no health details in the link). */
async function describe(db: Database, appointment: Appointment) {
  const [row] = await db
    .select({ service: services, office: offices })
    .from(services)
    .innerJoin(offices, eq(offices.id, appointment.officeId))
    .where(eq(services.id, appointment.serviceId));
  const ids = [appointment.employeeId, ...(appointment.patientId === null ? [] : [appointment.patientId])];
  const people = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  const nameOf = (person: { firstName: string; lastName: string } | null | undefined) => (person ? fullName(person) : '');
  const patient = appointment.patientId === null ? appointment.guestContact : people.find((p) => p.id === appointment.patientId);
  const language = appointment.sessionLanguage;
  const text = appointmentIcsText({
    serviceName: row ? (language === 'fr' ? row.service.nameFr : row.service.nameEn) : '',
    dietitianName: nameOf(people.find((p) => p.id === appointment.employeeId)),
    location: row ? locationOf(row.office, language, appointment.videoRoom) : { kind: 'virtual' },
    language,
  });
  return {
    appointment: {
      id: appointment.id,
      session_language: language,
      service_id: appointment.serviceId,
      reasons: appointment.reasons,
      message: appointment.message,
      patient_id: appointment.patientId,
      patient_name: nameOf(patient),
      employee_id: appointment.employeeId,
      start: appointment.startsAt.toISOString(),
      end: appointment.endsAt.toISOString(),
    },
    google_calendar_link: googleCalendarLink({ ...text, start: appointment.startsAt, end: appointment.endsAt, details: text.description }),
    // The same event as the confirmation e-mail's (same UID and SEQUENCE), for the success screen's download.
    ics: appointmentIcs({
      uid: appointmentUid(appointment.calendarUid),
      sequence: appointment.sequence,
      method: 'REQUEST',
      start: appointment.startsAt,
      end: appointment.endsAt,
      ...text,
      organizer: { name: clinic.name, email: getConfig().clinicEmail },
      attendee: { name: nameOf(patient), email: patient?.email ?? '' },
      language,
    }),
  };
}

export async function bookAppointmentStep(
  db: Database,
  input: BookAppointmentInput,
  caller: RequestActor,
  key: KeyContext = bookingTokenContext(),
  /** The client's address: a guest's new booking counts against it (guestLimits.ts). */
  ip = 'unknown',
) {
  const chain = await verifyChain(input, ['timeslot'], verifyContextOf(caller, key));
  const now = key.now ?? new Date();
  const { actor } = chain.auth;
  const { jti, start, dietitianId } = chain.timeslot;
  const movingId = chain.session_language.reschedulingAppointmentId;
  const service = await loadService(db, chain.service.serviceId);
  const party = movingId === undefined ? bookingParty(chain) : null;

  const outcome: Pick<RescheduleResult, 'appointment' | 'created' | 'previous'> = await db.transaction(async (tx) => {
    // A resubmitted token: its appointment is the answer, before the re-check (which it would now fail).
    const existing = await findAppointmentByTokenJti(tx, jti);
    if (existing) return { appointment: existing, created: false, previous: null };
    // Before the re-check: a schedule or time-off change of this dietitian waits for this
    // booking (and its orphan check then sees it), or this re-check sees the change.
    await lockDietitianBookings(tx, dietitianId);
    if (party?.guestContact) {
      await enforceGuestLimits(tx, { ip, email: party.guestContact.email, language: chain.session_language.sessionLanguage, now });
    }
    // A seat in a group session (issue #28): the session, as it is now, and the database counts the seats.
    if (chain.timeslot.groupSessionId !== undefined && party) {
      const query = { officeId: chain.location.officeId, sessionLanguage: chain.session_language.sessionLanguage, serviceId: service.id };
      const meetings = await chosenGroupSession(tx, query, service, chain.timeslot.groupSessionId, now);
      // The clinic may have moved it since the check: a seat at a time the person never chose is no booking.
      if (meetings[0]!.startsAt.toISOString() !== start) throw slotUnavailable();
      const seat = await bookSeat(tx, meetings, {
        ...party,
        reasons: chain.skills.skillIds,
        message: chain.skills.userMessage === '' ? null : chain.skills.userMessage,
        bookedBy: actor.kind === 'employee' ? actor.userId : null,
        sessionLanguage: chain.session_language.sessionLanguage,
      }, jti);
      await queueBookingNotices(tx, { appointmentId: seat.id, kind: 'booked' });
      return { appointment: seat, created: true, previous: null };
    }
    const slot = await findCurrentSlot(tx, slotQueryOf(chain), service, { startIso: start, now, dietitianId });
    if (!slot) throw slotUnavailable();
    const values = {
      ...(await appointmentAtSlot(tx, {
        slot,
        dietitianId,
        service,
        officeId: chain.location.officeId,
        sessionLanguage: chain.session_language.sessionLanguage,
        bookedBy: actor.kind === 'employee' ? actor.userId : null,
        timeslotTokenJti: jti,
        price: chain.appointment.priceCents,
      })),
      reasons: chain.skills.skillIds,
      message: chain.skills.userMessage === '' ? null : chain.skills.userMessage,
    };
    const written: Pick<RescheduleResult, 'appointment' | 'created' | 'previous'> =
      movingId === undefined
        ? { ...(await insertAppointment(tx, { ...values, ...party })), previous: null }
        : await rescheduleAppointment(tx, {
            appointmentId: movingId,
            newValues: values,
            by: actor.kind === 'guest' ? null : actor.userId,
            override: await checkMove(tx, movingId, actor, now, { start, dietitianId }),
          });
    // In the same transaction, and only for a new write (a resubmitted token sends no second e-mail).
    if (written.created) {
      await queueBookingNotices(tx, {
        appointmentId: written.appointment.id,
        kind: written.appointment.rescheduledFromId !== null ? 'rescheduled' : 'booked',
        previousStart: written.previous?.startsAt,
      });
    }
    return written;
  });

  const rescheduled = outcome.appointment.rescheduledFromId !== null;
  // A first try in the background: the answer never waits on the SMTP server.
  if (outcome.created) void kickMailQueue();
  // A move frees the old time (recorded with the move): whoever listens may use it.
  if (outcome.created && rescheduled) announce('time-freed');
  return { ...(await describe(db, outcome.appointment)), messageKey: rescheduled ? 'appointmentRescheduled' : 'appointmentBooked' };
}
