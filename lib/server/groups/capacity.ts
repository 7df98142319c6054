import 'server-only';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/client';
import { groupSessions } from '@/lib/server/db/schema';
import { announce } from '@/lib/server/events/announce';
import { recordFreedTime } from '@/lib/server/events/freedTime';
import { AppError } from '@/lib/server/http/appError';

/**
 * PATCH /api/clinic/group-sessions/<id> (issue #28): the clinic changes a session's seats. A
 * series' seat is a seat in each meeting, so a series changes in every meeting still ahead. Never
 * below the seats taken (the rows are locked first, so no booking slips in between); the table's
 * own check holds it too. More seats are recorded and announced as freed time, for the waitlist.
 */
export async function setGroupCapacity(db: Database, input: { sessionId: number; capacity: number; now: Date }): Promise<{ sessions: number }> {
  const changed = await db.transaction(async (tx) => {
    const [found] = await tx.select({ seriesId: groupSessions.seriesId }).from(groupSessions).where(eq(groupSessions.id, input.sessionId));
    if (!found) throw new AppError('group_session_not_found', 404, 'groupSessionNotFound');
    // Locked in time order, as a series' booking takes them (its seats' counter): no deadlock.
    const meetings = await tx
      .select()
      .from(groupSessions)
      .where(
        found.seriesId === null
          ? eq(groupSessions.id, input.sessionId)
          : and(eq(groupSessions.seriesId, found.seriesId), eq(groupSessions.status, 'scheduled'), gte(groupSessions.startsAt, input.now)),
      )
      .orderBy(asc(groupSessions.startsAt))
      .for('update');
    const clicked = meetings.find((meeting) => meeting.id === input.sessionId);
    if (clicked?.status !== 'scheduled') throw new AppError('group_session_not_scheduled', 409, 'groupSessionNotScheduled');
    const taken = Math.max(...meetings.map((meeting) => meeting.seatsTaken));
    if (input.capacity < taken) {
      throw new AppError('group_capacity_below_seats', 409, 'groupCapacityBelowSeats', { values: { taken } });
    }
    for (const meeting of meetings) {
      await tx.update(groupSessions).set({ capacity: input.capacity }).where(eq(groupSessions.id, meeting.id));
      // More seats: the waitlist's places for this topic may take them.
      if (input.capacity > meeting.capacity) await recordFreedTime(tx, meeting.employeeId, meeting.startsAt, meeting.blockedUntil);
    }
    return { sessions: meetings.length, grew: meetings.some((meeting) => input.capacity > meeting.capacity) };
  });
  if (changed.grew) announce('time-freed');
  return { sessions: changed.sessions };
}
