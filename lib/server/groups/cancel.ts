import 'server-only';
import { and, asc, eq, gte, inArray, ne } from 'drizzle-orm';
import { cancelAppointment } from '@/lib/server/booking/appointments';
import { queueBookingNotices } from '@/lib/server/booking/notifications';
import type { Database } from '@/lib/server/db/client';
import { appointments, groupSessions, type Appointment } from '@/lib/server/db/schema';
import { kickMailQueue } from '@/lib/server/email/queue';
import { announce } from '@/lib/server/events/announce';
import { AppError } from '@/lib/server/http/appError';

/**
 * POST /api/clinic/group-sessions/<id>/cancel (issue #28): the clinic cancels a session, or with
 * `wholeSeries` every meeting of its series still ahead. In one transaction: the sessions and
 * their seats are cancelled (the clinic acts inside any notice), each attendee gets one e-mail in
 * their seat's language carrying every cancelled meeting's calendar file, and seats paid in
 * advance read "refund due". Answers how many sessions and attendees it reached.
 */
export async function cancelGroupSessions(
  db: Database,
  input: { sessionId: number; wholeSeries: boolean; by: number; now: Date },
): Promise<{ sessions: number; attendees: number }> {
  const result = await db.transaction(async (tx) => {
    const [session] = await tx.select().from(groupSessions).where(eq(groupSessions.id, input.sessionId)).for('update');
    if (!session) throw new AppError('group_session_not_found', 404, 'groupSessionNotFound');
    if (session.status !== 'scheduled') throw new AppError('group_session_not_scheduled', 409, 'groupSessionNotScheduled');
    const sessions =
      input.wholeSeries && session.seriesId !== null
        ? await tx
            .select()
            .from(groupSessions)
            .where(and(eq(groupSessions.seriesId, session.seriesId), eq(groupSessions.status, 'scheduled'), gte(groupSessions.startsAt, input.now)))
            .orderBy(asc(groupSessions.startsAt))
        : [session];
    const ids = sessions.map((s) => s.id);
    const seats = await tx
      .select()
      .from(appointments)
      .where(and(inArray(appointments.groupSessionId, ids), ne(appointments.status, 'cancelled')))
      .orderBy(asc(appointments.startsAt));
    for (const seat of seats) await cancelAppointment(tx, { appointmentId: seat.id, by: input.by, override: true });
    await tx.update(groupSessions).set({ status: 'cancelled', cancelledAt: input.now }).where(inArray(groupSessions.id, ids));
    // One e-mail per attendee: their first cancelled meeting, with the others' calendar files.
    const byPerson = new Map<string, Appointment[]>();
    for (const seat of seats) {
      const key = seat.patientId !== null ? `patient:${seat.patientId}` : `guest:${seat.guestContact?.email.toLowerCase()}`;
      byPerson.set(key, [...(byPerson.get(key) ?? []), seat]);
    }
    for (const [first, ...others] of byPerson.values()) {
      await queueBookingNotices(tx, {
        appointmentId: first!.id,
        kind: 'cancelled',
        groupCancellation: { otherMeetingIds: others.map((o) => o.id) },
        dietitianActed: input.by === session.employeeId,
      });
    }
    return { sessions: sessions.length, attendees: byPerson.size };
  });
  void kickMailQueue();
  announce('time-freed');
  return result;
}
