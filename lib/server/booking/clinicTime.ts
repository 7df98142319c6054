import 'server-only';

import { tzOffset } from '@date-fns/tz';
import { addDays as addCalendarDays } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { formatISO } from 'date-fns/formatISO';
import { getISODay } from 'date-fns/getISODay';
import { getISOWeek } from 'date-fns/getISOWeek';
import { getISOWeekYear } from 'date-fns/getISOWeekYear';

/**
 * Wall-clock time in a named IANA zone (config's clinicTimezone: CLINIC_TIMEZONE, America/Toronto
 * by default), with @date-fns/tz for the zone and date-fns for the calendar. Local dates are
 * 'YYYY-MM-DD' strings; instants are Dates or epoch milliseconds (UTC).
 */

/** A calendar date in the clinic's zone, 'YYYY-MM-DD'. */
export type LocalDate = string;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const MINUTES_PER_DAY = 1440;
const LOCAL_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The zone's offset from UTC at an instant, in ms (Toronto: -4 h in summer, -5 h in winter). */
function offsetMsAt(instantMs: number, timeZone: string): number {
  return tzOffset(timeZone, new Date(instantMs)) * MINUTE_MS;
}

/**
 * A local date as a Date at noon on the process's own calendar, where date-fns does its day
 * arithmetic: noon, because no zone changes its clocks then, so no day is ever shifted.
 */
function calendarDate(localDate: LocalDate): Date {
  const match = LOCAL_DATE_PATTERN.exec(localDate);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const date = new Date(year, month - 1, day, 12);
  // Date would roll 2026-02-30 over to March; refuse it instead of guessing.
  if (!match || date.getMonth() !== month - 1 || date.getDate() !== day) throw new RangeError(`Not a YYYY-MM-DD date: ${localDate}`);
  return date;
}

function toLocalDate(date: Date): LocalDate {
  return formatISO(date, { representation: 'date' });
}

/** Midnight of a local date read as if it were UTC (epoch ms): the base of the integer-minute arithmetic. */
function localMidnightAsUtcMs(localDate: LocalDate): number {
  const date = calendarDate(localDate);
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
}

/**
 * The UTC instant at which the local clock reads `minuteOfDay` (0..1440; 1440 is the next
 * midnight) on `localDate`, in epoch ms. Null when the clock never shows that time (the hour
 * skipped when DST starts). When it shows it twice (the hour repeated when DST ends), the FIRST
 * occurrence is returned, so each wall-clock time names exactly one instant.
 */
export function zonedMinuteToUtcMs(localDate: LocalDate, minuteOfDay: number, timeZone: string): number | null {
  if (!Number.isInteger(minuteOfDay) || minuteOfDay < 0 || minuteOfDay > MINUTES_PER_DAY) {
    throw new RangeError(`Minute of day out of range: ${minuteOfDay}`);
  }
  // Not `new TZDate(…)`: it moves a skipped time forward instead of refusing it, and in a repeated
  // half hour (Lord Howe's) it gives the second occurrence. Try each offset the zone has around
  // this time (a day before and after cover both sides of any change) and keep the first fit.
  const wallMs = localMidnightAsUtcMs(localDate) + minuteOfDay * MINUTE_MS;
  const candidateOffsets = new Set([offsetMsAt(wallMs - DAY_MS, timeZone), offsetMsAt(wallMs + DAY_MS, timeZone)]);
  let first: number | null = null;
  for (const offset of candidateOffsets) {
    const instant = wallMs - offset;
    if (offsetMsAt(instant, timeZone) === offset && (first === null || instant < first)) first = instant;
  }
  return first;
}

/** zonedMinuteToUtcMs as a Date: the booking's public form of the conversion. */
export function zonedDateTimeToUtc(localDate: LocalDate, minuteOfDay: number, timeZone: string): Date | null {
  const ms = zonedMinuteToUtcMs(localDate, minuteOfDay, timeZone);
  return ms === null ? null : new Date(ms);
}

/**
 * A converter for many minutes of one local day. On the ~363 days a year without a DST change
 * the offset is constant, so each minute costs one subtraction instead of several Intl calls.
 * The check assumes a zone never changes its offset twice within 50 hours (true of all zones).
 *
 * The slot search's hot path, so it stays on plain integer minutes rather than a TZDate per
 * minute: date-fns TZDate: 11.1 µs/call, this: 0.11 µs/call (100k conversions, 100 minutes a
 * day over a year of days, measured 2026-11-25 on this machine, Node 20). Its result is checked
 * against zonedMinuteToUtcMs (TZDate) for every minute of DST days in tests/unit.
 */
export function localDayToUtcConverter(localDate: LocalDate, timeZone: string): (minuteOfDay: number) => number | null {
  const midnightWallMs = localMidnightAsUtcMs(localDate);
  // Every instant of this local day, in any zone (UTC-12..UTC+14), lies between these two.
  // Cached per UTC day: a 90-day fetch asks for 180 of these, mostly the same few offsets.
  const offsetBefore = cachedOffsetMsAt(midnightWallMs - 14 * HOUR_MS, timeZone);
  const offsetAfter = cachedOffsetMsAt(midnightWallMs + DAY_MS + 12 * HOUR_MS, timeZone);
  if (offsetBefore === offsetAfter) return (minuteOfDay) => midnightWallMs + minuteOfDay * MINUTE_MS - offsetBefore;
  // A DST-change day: find the change to the minute once (about a dozen Intl calls), then each
  // wall-clock time is valid under the old offset before it and under the new one after it.
  let lastBefore = midnightWallMs - 14 * HOUR_MS;
  let firstAfter = midnightWallMs + DAY_MS + 12 * HOUR_MS;
  while (firstAfter - lastBefore > MINUTE_MS) {
    const middle = lastBefore + Math.floor((firstAfter - lastBefore) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetMsAt(middle, timeZone) === offsetBefore) lastBefore = middle;
    else firstAfter = middle;
  }
  return (minuteOfDay) => {
    const wallMs = midnightWallMs + minuteOfDay * MINUTE_MS;
    const underOldOffset = wallMs - offsetBefore;
    const underNewOffset = wallMs - offsetAfter;
    // In a repeated hour both readings are valid: the old offset's is the first occurrence.
    if (underOldOffset < firstAfter) return underOldOffset;
    return underNewOffset >= firstAfter ? underNewOffset : null;
  };
}

// Per zone and UTC day: the offset when it holds all day (null on a DST-change day). Reading a
// date then costs an addition instead of an Intl call, which matters for thousands of appointments:
// date-fns format(…, 'yyyy-MM-dd', { in: tz(zone) }): 9.7 µs/call, TZDate's getters: 3.7 µs/call,
// this: 0.81 µs/call (utcToLocalDate, 100k instants, measured 2026-11-25 on this machine).
const steadyOffsets = new Map<string, number | null>();
const STEADY_OFFSETS_LIMIT = 20_000;

function cachedOffsetMsAt(instantMs: number, timeZone: string): number {
  const utcDay = Math.floor(instantMs / DAY_MS);
  const key = `${timeZone}|${utcDay}`;
  let steady = steadyOffsets.get(key);
  if (steady === undefined) {
    // Equal offsets at both ends mean no change in between: zones never change twice in a day.
    const atStart = offsetMsAt(utcDay * DAY_MS, timeZone);
    steady = atStart === offsetMsAt((utcDay + 1) * DAY_MS, timeZone) ? atStart : null;
    if (steadyOffsets.size >= STEADY_OFFSETS_LIMIT) steadyOffsets.clear();
    steadyOffsets.set(key, steady);
  }
  return steady ?? offsetMsAt(instantMs, timeZone);
}

/** The local calendar date of an instant in the zone. */
export function utcToLocalDate(instant: Date | number, timeZone: string): LocalDate {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return new Date(ms + cachedOffsetMsAt(ms, timeZone)).toISOString().slice(0, 10);
}

/** ISO weekday of a local date: 1 = Monday .. 7 = Sunday (the weekly_schedules convention). */
export function isoWeekday(localDate: LocalDate): number {
  return getISODay(calendarDate(localDate));
}

/** The local date `days` calendar days later (earlier when negative). */
export function addDays(localDate: LocalDate, days: number): LocalDate {
  return toLocalDate(addCalendarDays(calendarDate(localDate), days));
}

/** Calendar days from `from` to `to`: negative when `to` comes first. */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return differenceInCalendarDays(calendarDate(to), calendarDate(from));
}

// The slot search asks the week of the same few hundred dates thousands of times, and date-fns's
// ISO week costs 3.2 µs a call against 0.6 µs for the former hand-written one: remember them.
const weekKeys = new Map<LocalDate, string>();

/** ISO 8601 week of a local date, 'YYYY-Www' (weeks start on Monday; week 1 holds January 4). */
export function isoWeekKey(localDate: LocalDate): string {
  let key = weekKeys.get(localDate);
  if (key === undefined) {
    const date = calendarDate(localDate);
    key = `${getISOWeekYear(date)}-W${String(getISOWeek(date)).padStart(2, '0')}`;
    if (weekKeys.size >= STEADY_OFFSETS_LIMIT) weekKeys.clear();
    weekKeys.set(localDate, key);
  }
  return key;
}
