import 'server-only';
import { eq } from 'drizzle-orm';
import type { AppointmentOptions } from '@/lib/schemas/bookingSlots';
import { lockDietitianBookings, rescheduleAppointment, slotUnavailable } from '@/lib/server/booking/appointments';
import { addDays, utcToLocalDate } from '@/lib/server/booking/clinicTime';
import { queueBookingNotices } from '@/lib/server/booking/notifications';
import { lastBookableLocalDate } from '@/lib/server/booking/rules';
import type { ServiceRow } from '@/lib/server/booking/slots';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { groupSessions, type Appointment, type GroupSession } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { chosenGroupSession, groupSessionOptions, type GroupSessionQuery } from './dateStep';
import { dbErrorOf, movedSeat, seatHeld, sessionFull } from './seats';

/** A seat in a series is a seat in each meeting: it is not moved one meeting at a time. */
export const seriesSeatNotMoved = () => new AppError('group_series_seat_move', 409, 'groupSeriesSeatMove');

/** The session a seat is in, for a move: the seat's own query, limited to its topic's other single sessions. */
async function moveQuery(db: Database, seat: Appointment): Promise<{ session: GroupSession; query: GroupSessionQuery }> {
  const [session] = await db.select().from(groupSessions).where(eq(groupSessions.id, seat.groupSessionId!));
  if (!session) throw slotUnavailable();
  if (session.seriesId !== null) throw seriesSeatNotMoved();
  const query = { officeId: seat.officeId, sessionLanguage: seat.sessionLanguage, serviceId: seat.serviceId, moveFrom: { topicId: session.topicId, sessionId: session.id } };
  return { session, query };
}

/**
 * Where a seat can move (issue #28 item 3): the other sessions of its topic at its office in its
 * language, open to booking, in the date step's shape (a full one shown full). A seat in a series
 * does not move (409 `group_series_seat_move`): it is cancelled and another series booked.
 */
export async function seatMoveOptions(db: Database, seat: Appointment, service: ServiceRow, now: Date): Promise<AppointmentOptions> {
  const { query } = await moveQuery(db, seat);
  const timeZone = getConfig().clinicTimezone;
  const fromDate = utcToLocalDate(now, timeZone);
  const toDate = lastBookableLocalDate(now, service.maxAdvanceBookingDays, timeZone);
  if (toDate < fromDate) return {};
  return groupSessionOptions(db, query, service, { now, timeZone, fromDate, toDate: toDate < addDays(fromDate, 366) ? toDate : addDays(fromDate, 366) });
}

/**
 * Moves a seat to another session of its topic, in one transaction: the seat's row is cancelled
 * and a row in the new session takes its place, with its payments, receipts and calendar entry
 * (rescheduleAppointment, as for a visit), at the price it was booked at, and the person is told
 * (the "rescheduled" e-mail, with the updated calendar entry). The old session gets
 * its seat back; the new one's last seat is decided by the database (409 `group_session_full`),
 * as are a seat the person already holds there (`group_seat_held`) and an overlap with their
 * own visits (`slot_unavailable`).
 */
export async function moveSeat(db: Database, seat: Appointment, service: ServiceRow, target: { sessionId: number; start: string }, now: Date): Promise<Appointment> {
  const { session, query } = await moveQuery(db, seat);
  /** The target as it is now: open, of the seat's topic, not its own session, at the time chosen. */
  const targetOf = async (from: Database) => {
    const [to] = await chosenGroupSession(from, query, service, target.sessionId, now);
    const moving = to && to.seriesId === null && to.topicId === session.topicId && to.id !== session.id && to.startsAt.getTime() === Date.parse(target.start);
    if (!moving) throw slotUnavailable();
    return to;
  };
  const { employeeId } = await targetOf(db);
  try {
    return await db.transaction(async (tx) => {
      await lockDietitianBookings(tx, employeeId);
      // Again under the lock the clinic's move of that session takes: the seat goes where it is now.
      const to = await targetOf(tx);
      const { appointment } = await rescheduleAppointment(tx, {
        appointmentId: seat.id,
        newValues: movedSeat(seat, to),
        by: null,
        override: false,
      });
      // Told in the same transaction: the e-mail goes if and only if the seat moved.
      await queueBookingNotices(tx, { appointmentId: appointment.id, kind: 'rescheduled', previousStart: seat.startsAt });
      return appointment;
    });
  } catch (error) {
    const { code, constraint } = dbErrorOf(error);
    if (code === '23514' && constraint === 'group_sessions_seats_check') throw sessionFull();
    if (code === '23514' && constraint === 'group_sessions_open_check') throw slotUnavailable();
    if (code === '23505' && constraint?.startsWith('appointments_one_seat_per_')) throw seatHeld();
    throw error;
  }
}
