import 'server-only';
import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { clockToMinutes, minutesToClock, type ScheduleRange } from '@/lib/schemas/clinicSchedule';
import { lockDietitianBookings } from '@/lib/server/booking/appointments';
import { isoWeekday, localDayToUtcConverter, utcToLocalDate } from '@/lib/server/booking/clinicTime';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { offices, timeOff, weeklySchedules } from '@/lib/server/db/schema';
import { announce } from '@/lib/server/events/announce';
import { AppError } from '@/lib/server/http/appError';
import { recordFreedHours } from '@/lib/server/events/freedTime';
import { bookedAppointmentsOf, orphansError, type BookedAppointment } from './scheduleOrphans';

/**
 * An employee's own weekly schedule (issue #8, item 1): read it with their upcoming time off,
 * and replace it whole. Availability reads weekly_schedules on every fetch, so the booking
 * flow offers the new hours as soon as the replacement commits.
 */

const MINUTE_MS = 60_000;

/** GET /api/clinic/schedule: the offices to choose from, the weekly ranges, the time off not yet over. */
export async function getSchedule(db: Database, employeeId: number, locale: Locale, now: Date) {
  const ranges = await db
    .select()
    .from(weeklySchedules)
    .where(eq(weeklySchedules.employeeId, employeeId))
    .orderBy(asc(weeklySchedules.weekday), asc(weeklySchedules.startMinute));
  const usedOfficeIds = [...new Set(ranges.map((r) => r.officeId))];
  // Available offices, plus any withdrawn one still in the schedule (so its rows can be shown and changed).
  const officeRows = await db
    .select()
    .from(offices)
    .where(usedOfficeIds.length ? or(eq(offices.isAvailable, true), inArray(offices.id, usedOfficeIds)) : eq(offices.isAvailable, true))
    .orderBy(asc(offices.isVirtual), asc(offices.id));
  // The employee's own absences: the reason is theirs to read (never a patient's).
  const absences = await db
    .select()
    .from(timeOff)
    .where(and(eq(timeOff.employeeId, employeeId), gt(timeOff.endsAt, now)))
    .orderBy(asc(timeOff.startsAt), asc(timeOff.id));
  return {
    offices: officeRows.map((o) => ({
      id: o.id,
      name: locale === 'fr' ? o.nameFr : o.nameEn,
      is_virtual: o.isVirtual,
      is_available: o.isAvailable,
    })),
    ranges: ranges.map((r) => ({
      office_id: r.officeId,
      weekday: r.weekday,
      start: minutesToClock(r.startMinute),
      end: minutesToClock(r.endMinute),
    })),
    time_off: absences.map(timeOffDto),
  };
}

export function timeOffDto(row: typeof timeOff.$inferSelect) {
  return { id: row.id, starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString(), reason: row.reason };
}

/** The instant a range ends on a local date; an end inside a DST gap ends at the last minute that exists. */
function rangeEndMs(toUtc: (minute: number) => number | null, endMinute: number): number {
  for (let minute = endMinute; minute > 0; minute--) {
    const ms = toUtc(minute);
    if (ms !== null) return minute === endMinute ? ms : ms + MINUTE_MS;
  }
  return toUtc(0) ?? 0;
}

/**
 * Whether the appointment still lies inside a range of its office on its local weekday, read as
 * availability reads them: touching ranges of one office join (9-12 and 12-17 is 9-17), the
 * dietitian's whole block (visit and notes) must fit, wall-clock in the clinic's zone.
 */
function fitsSchedule(appointment: BookedAppointment, ranges: readonly ScheduleRange[], timeZone: string): boolean {
  const date = utcToLocalDate(appointment.startsAt, timeZone);
  const weekday = isoWeekday(date);
  const merged: [number, number][] = [];
  const sameDay = ranges
    .filter((r) => r.weekday === weekday && r.office_id === appointment.officeId)
    .map((r) => [clockToMinutes(r.start), clockToMinutes(r.end)] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  for (const [start, end] of sameDay) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const toUtc = localDayToUtcConverter(date, timeZone);
  const startMs = appointment.startsAt.getTime();
  const endMs = appointment.blockedUntil.getTime();
  return merged.some(([start, end]) => {
    const rangeStart = toUtc(start);
    return rangeStart !== null && rangeStart <= startMs && endMs <= rangeEndMs(toUtc, end);
  });
}

/**
 * PUT /api/clinic/schedule: replaces the employee's weekly schedule in one transaction. The
 * ranges are already checked by the shared schema (grid, window, no overlap); here the offices
 * must exist and take appointments, and no booked appointment still to come may fall outside
 * the new hours (409 `schedule_orphans` with their list, nothing written).
 */
export async function replaceSchedule(
  db: Database,
  employeeId: number,
  input: { ranges: readonly ScheduleRange[]; locale: Locale; now: Date },
) {
  const officeIds = [...new Set(input.ranges.map((r) => r.office_id))];
  const open = officeIds.length
    ? await db.select({ id: offices.id }).from(offices).where(and(inArray(offices.id, officeIds), eq(offices.isAvailable, true)))
    : [];
  const openIds = new Set(open.map((o) => o.id));
  const fieldErrors: Record<string, string[]> = {};
  input.ranges.forEach((range, index) => {
    if (!openIds.has(range.office_id)) fieldErrors[`ranges.${index}.office_id`] = ['scheduleOfficeUnavailable'];
  });
  if (Object.keys(fieldErrors).length) throw new AppError('validation_error', 400, 'validationError', { fieldErrors });

  const timeZone = getConfig().clinicTimezone;
  await db.transaction(async (tx) => {
    await lockDietitianBookings(tx, employeeId);
    // Appointments still to come: one under way keeps its time, whatever the new hours.
    const booked = await bookedAppointmentsOf(tx, employeeId, input.locale, { blockedAfter: input.now });
    const orphans = booked.filter((a) => a.startsAt >= input.now && !fitsSchedule(a, input.ranges, timeZone));
    if (orphans.length) throw orphansError('schedule_orphans', orphans);
    await tx.delete(weeklySchedules).where(eq(weeklySchedules.employeeId, employeeId));
    // New hours may suit someone on the waitlist (issue #16): the job runner looks at every week to come.
    await recordFreedHours(tx, employeeId, input.now);
    if (input.ranges.length) {
      await tx.insert(weeklySchedules).values(
        input.ranges.map((r) => ({
          employeeId,
          officeId: r.office_id,
          weekday: r.weekday,
          startMinute: clockToMinutes(r.start),
          endMinute: clockToMinutes(r.end),
        })),
      );
    }
  });
  announce('time-freed');
  return getSchedule(db, employeeId, input.locale, input.now);
}
