import 'server-only';
import { and, asc, eq, gt, lt, ne } from 'drizzle-orm';
import { dateLanguage, formatDateTime } from '@/lib/format/dates';
import type { Locale } from '@/lib/i18n/routing';
import { clockToMinutes, type TimeOffInput } from '@/lib/schemas/clinicSchedule';
import { lockDietitianBookings } from '@/lib/server/booking/appointments';
import { addDays, utcToLocalDate, zonedDateTimeToUtc } from '@/lib/server/booking/clinicTime';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { groupSessions, timeOff } from '@/lib/server/db/schema';
import { announce } from '@/lib/server/events/announce';
import { AppError, fieldInvalid } from '@/lib/server/http/appError';
import { recordFreedTime } from '@/lib/server/events/freedTime';
import { timeOffDto } from './schedule';
import { bookedAppointmentsOf, orphansError } from './scheduleOrphans';

/**
 * An employee's own time off (issue #8, item 1). Whole days in the clinic's zone (from the
 * first day's midnight to the midnight after the last, so a DST day counts 23 or 25 hours), or
 * from/until a time on the first/last day. The reason is private: it is stored and shown back
 * to its author only, never to patients, never written to a log.
 */

/** POST /api/clinic/time-off: refused (409 `time_off_orphans`, nothing written) over booked appointments. */
export async function addTimeOff(db: Database, employeeId: number, input: TimeOffInput & { locale: Locale; now: Date }) {
  const timeZone = getConfig().clinicTimezone;
  if (input.start_date < utcToLocalDate(input.now, timeZone)) throw fieldInvalid('start_date', 'scheduleTimeOffInPast');
  const startsAt = zonedDateTimeToUtc(input.start_date, input.start_time ? clockToMinutes(input.start_time) : 0, timeZone);
  const endsAt = input.end_time
    ? zonedDateTimeToUtc(input.end_date, clockToMinutes(input.end_time), timeZone)
    : zonedDateTimeToUtc(addDays(input.end_date, 1), 0, timeZone);
  // A time the clock skips (the hour lost when DST starts) names no instant.
  if (!startsAt) throw fieldInvalid('start_time', 'timeInvalid');
  if (!endsAt) throw fieldInvalid('end_time', 'timeInvalid');
  if (endsAt <= startsAt) throw fieldInvalid('end_time', 'scheduleEndBeforeStart');
  if (endsAt <= input.now) throw fieldInvalid('end_time', 'scheduleTimeOffInPast');

  const row = await db.transaction(async (tx) => {
    await lockDietitianBookings(tx, employeeId);
    // Anything of the dietitian's day still ahead that the absence covers (a visit already over is history).
    const booked = await bookedAppointmentsOf(tx, employeeId, input.locale, { startsBefore: endsAt, blockedAfter: startsAt });
    const orphans = booked.filter((a) => a.blockedUntil > input.now);
    if (orphans.length) throw orphansError('time_off_orphans', orphans);
    // A group session of theirs ahead is the clinic's to move or cancel first (issue #28).
    const [session] = await tx
      .select({ startsAt: groupSessions.startsAt })
      .from(groupSessions)
      .where(
        and(
          eq(groupSessions.employeeId, employeeId),
          ne(groupSessions.status, 'cancelled'),
          lt(groupSessions.startsAt, endsAt),
          gt(groupSessions.blockedUntil, startsAt > input.now ? startsAt : input.now),
        ),
      )
      .orderBy(asc(groupSessions.startsAt))
      .limit(1);
    if (session) {
      const when = formatDateTime(session.startsAt, dateLanguage(input.locale), 'full', { timeZone });
      throw new AppError('time_off_over_group_session', 409, 'scheduleTimeOffOverGroupSession', { values: { when } });
    }
    const [inserted] = await tx
      .insert(timeOff)
      .values({ employeeId, startsAt, endsAt, reason: input.reason ?? null })
      .returning();
    return inserted!;
  });
  return timeOffDto(row);
}

/** DELETE /api/clinic/time-off/<id>: the employee's own only; anyone else's is not found (404). */
export async function deleteTimeOff(db: Database, employeeId: number, id: number): Promise<void> {
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(timeOff)
      .where(and(eq(timeOff.id, id), eq(timeOff.employeeId, employeeId)))
      .returning({ startsAt: timeOff.startsAt, endsAt: timeOff.endsAt });
    // The hours it blocked may suit someone on the waitlist (issue #16).
    for (const row of rows) await recordFreedTime(tx, employeeId, row.startsAt, row.endsAt);
    return rows;
  });
  if (deleted.length === 0) throw new AppError('time_off_not_found', 404, 'scheduleTimeOffNotFound');
  announce('time-freed');
}
