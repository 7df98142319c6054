import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { dateLanguage, formatLocalDate } from '@/lib/format/dates';
import type { Locale } from '@/lib/i18n/routing';
import type { GroupSessionMoveInput } from '@/lib/schemas/groupSessions';
import { clockToMinutes } from '@/lib/schemas/clinicSchedule';
import { lockDietitianBookings, rescheduleAppointment } from '@/lib/server/booking/appointments';
import { utcToLocalDate, zonedDateTimeToUtc } from '@/lib/server/booking/clinicTime';
import { isVirtualOffice } from '@/lib/server/booking/newAppointment';
import { queueBookingNotices } from '@/lib/server/booking/notifications';
import { newVideoRoom } from '@/lib/server/booking/videoRoom';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { appointments, groupSessions, offices, services, type GroupSession } from '@/lib/server/db/schema';
import { kickMailQueue } from '@/lib/server/email/queue';
import { announce } from '@/lib/server/events/announce';
import { recordFreedTime } from '@/lib/server/events/freedTime';
import { AppError, fieldInvalid } from '@/lib/server/http/appError';
import { awayDuring, sessionOverlapOf } from './conflicts';
import { sessionSpan } from './groupService';
import { dbErrorOf, movedSeat } from './seats';


/**
 * POST /api/clinic/group-sessions/<id>/move (issue #28): the clinic moves one session (one meeting
 * of a series) to another date, time or office, seats and all, in one transaction. The session
 * holds the dietitian's new time as when it was scheduled (their time off, visits and other
 * sessions refuse it, the database deciding a race); each seat moves with it as a visit moves
 * (its payments, receipts and calendar entry go along), and each attendee is told once, in their
 * seat's language, with the updated calendar entry (and the dietitian, when a colleague moved
 * it, with the usual notice per seat). An attendee's own visit at the new time
 * refuses the whole, without naming them. Answers how many attendees were told.
 */
export async function moveGroupSession(db: Database, input: GroupSessionMoveInput & { sessionId: number; by: number; now: Date; locale: Locale }): Promise<{ attendees: number }> {
  const timeZone = getConfig().clinicTimezone;
  const values = { date: formatLocalDate(input.date, dateLanguage(input.locale), 'full') };
  if (input.date < utcToLocalDate(input.now, timeZone)) throw fieldInvalid('date', 'groupMoveNotAhead');
  const startsAt = zonedDateTimeToUtc(input.date, clockToMinutes(input.time), timeZone);
  // A time the clock skips (the hour lost when DST starts) names no instant.
  if (!startsAt) throw fieldInvalid('time', 'timeInvalid');
  // Later today is fine (a session shifted by half an hour); a time already past is not.
  if (startsAt <= input.now) throw fieldInvalid('time', 'groupMoveNotAhead');
  const [office] = await db.select({ id: offices.id }).from(offices).where(and(eq(offices.id, input.office_id), eq(offices.isAvailable, true)));
  if (!office) throw fieldInvalid('office_id', 'required');
  const virtual = await isVirtualOffice(db, input.office_id);

  const attendees = await db.transaction(async (tx) => {
    const [found] = await tx.select({ employeeId: groupSessions.employeeId }).from(groupSessions).where(eq(groupSessions.id, input.sessionId));
    if (!found) throw new AppError('group_session_not_found', 404, 'groupSessionNotFound');
    await lockDietitianBookings(tx, found.employeeId);
    const [session] = await tx.select().from(groupSessions).where(eq(groupSessions.id, input.sessionId)).for('update');
    if (!session || session.status !== 'scheduled' || session.startsAt <= input.now) throw new AppError('group_session_not_scheduled', 409, 'groupSessionNotScheduled');
    if (session.startsAt.getTime() === startsAt.getTime() && session.officeId === input.office_id) throw new AppError('group_session_unchanged', 409, 'groupSessionUnchanged');
    const [service] = await tx.select().from(services).where(eq(services.id, session.serviceId));
    const span = sessionSpan(service!, startsAt);
    if (await awayDuring(tx, session.employeeId, span)) throw new AppError('group_session_time_off', 409, 'groupMoveTimeOff', { values });
    const videoRoom = virtual ? (session.videoRoom ?? newVideoRoom()) : null;
    let moved: GroupSession | undefined;
    try {
      [moved] = await tx.update(groupSessions).set({ ...span, officeId: input.office_id, videoRoom, sequence: sql`${groupSessions.sequence} + 1` }).where(eq(groupSessions.id, session.id)).returning();
    } catch (error) {
      const overlap = sessionOverlapOf(error);
      if (!overlap) throw error;
      throw overlap === 'visit'
        ? new AppError('group_session_over_visit', 409, 'groupMoveOverVisit', { values })
        : new AppError('group_session_over_session', 409, 'groupMoveOverSession', { values });
    }
    // Its old time is the dietitian's again (a visit, or the waitlist, may take it).
    await recordFreedTime(tx, session.employeeId, session.startsAt, session.blockedUntil);
    const seats = await tx.select().from(appointments).where(and(eq(appointments.groupSessionId, session.id), eq(appointments.status, 'booked')));
    for (const seat of seats) {
      try {
        const { appointment } = await rescheduleAppointment(tx, {
          appointmentId: seat.id,
          newValues: movedSeat(seat, moved!),
          by: input.by,
          // The clinic moves it: inside any notice.
          override: true,
        });
        await queueBookingNotices(tx, { appointmentId: appointment.id, kind: 'rescheduled', previousStart: seat.startsAt, dietitianActed: input.by === session.employeeId });
      } catch (error) {
        // The attendee's own visit at the new time (their overlap constraint): never named here.
        if (dbErrorOf(error).code === '23P01' || (error instanceof AppError && error.code === 'slot_unavailable')) {
          throw new AppError('group_session_attendee_busy', 409, 'groupMoveAttendeeBusy', { values });
        }
        throw error;
      }
    }
    return seats.length;
  });
  void kickMailQueue();
  announce('time-freed');
  return { attendees };
}
