import 'server-only';

/**
 * Wall-clock time in a named IANA zone (config's clinicTimezone: CLINIC_TIMEZONE, America/Toronto
 * by default), built on Intl.DateTimeFormat alone: the runtime's time-zone database already knows
 * every DST rule, so no extra dependency (@date-fns/tz) is needed. Local dates are 'YYYY-MM-DD' strings; instants are Dates or
 * epoch milliseconds (UTC).
 */

/** A calendar date in the clinic's zone, 'YYYY-MM-DD'. */
export type LocalDate = string;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const MINUTES_PER_DAY = 1440;
const LOCAL_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

// Building a formatter costs far more than using one: keep one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of an instant, expressed as if that reading were UTC (epoch ms). */
function wallClockMs(instantMs: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instantMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = fields;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** The zone's offset from UTC at an instant, in ms (Toronto: -4 h in summer, -5 h in winter). */
function offsetMsAt(instantMs: number, timeZone: string): number {
  const wholeSecondMs = instantMs - (((instantMs % 1000) + 1000) % 1000);
  return wallClockMs(wholeSecondMs, timeZone) - wholeSecondMs;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Midnight of a local date read as if it were UTC (epoch ms). */
function parseLocalDate(localDate: LocalDate): number {
  const match = LOCAL_DATE_PATTERN.exec(localDate);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  // Date.UTC would roll 2026-02-30 over to March; refuse it instead of guessing.
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${localDate}`);
  }
  return Date.UTC(year, month - 1, day);
}

function formatUtcDate(ms: number): LocalDate {
  return new Date(ms).toISOString().slice(0, 10);
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
  const wallMs = parseLocalDate(localDate) + minuteOfDay * MINUTE_MS;
  // The offsets a day before and after cover both sides of any DST change near this time.
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
 */
export function localDayToUtcConverter(localDate: LocalDate, timeZone: string): (minuteOfDay: number) => number | null {
  const midnightWallMs = parseLocalDate(localDate);
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
// date then costs an addition instead of an Intl call, which matters for thousands of appointments.
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
  return formatUtcDate(ms + cachedOffsetMsAt(ms, timeZone));
}

/** ISO weekday of a local date: 1 = Monday .. 7 = Sunday (the weekly_schedules convention). */
export function isoWeekday(localDate: LocalDate): number {
  const day = new Date(parseLocalDate(localDate)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The local date `days` calendar days later (earlier when negative). */
export function addDays(localDate: LocalDate, days: number): LocalDate {
  return formatUtcDate(parseLocalDate(localDate) + days * DAY_MS);
}

/** ISO 8601 week of a local date, 'YYYY-Www' (weeks start on Monday; week 1 holds January 4). */
export function isoWeekKey(localDate: LocalDate): string {
  // The Thursday of the same week decides the week's year.
  const thursdayMs = parseLocalDate(localDate) + (4 - isoWeekday(localDate)) * DAY_MS;
  const year = new Date(thursdayMs).getUTCFullYear();
  const week = Math.floor((thursdayMs - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}
