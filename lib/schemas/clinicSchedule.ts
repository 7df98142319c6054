import { z } from 'zod';
import { idSchema } from './ids';
import { calendarDateMs } from '@/lib/format/dates';

/**
 * An employee's weekly schedule and time off (issue #8, item 1): one source of truth for the
 * schedule page's forms and for PUT /api/clinic/schedule and POST /api/clinic/time-off.
 * Error messages are keys: Validation.<key> when shared, else Server.<key> on the server and
 * ClinicSchedule.errors.<key> in the page (same keys).
 */

/** Working hours may fall between 06:00 and 22:00, on the booking's 15-minute grid. */
export const SCHEDULE_FIRST_MINUTE = 6 * 60;
export const SCHEDULE_LAST_MINUTE = 22 * 60;
export const SCHEDULE_GRID_MINUTES = 15;
/** Enough for several blocks a day, seven days a week, at several offices. */
export const MAX_SCHEDULE_RANGES = 30;
export const TIME_OFF_REASON_MAX = 200;
/** The longest absence entered at once (a year, leap day included). */
export const TIME_OFF_MAX_DAYS = 366;

const CLOCK_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;

/** 'HH:MM' -> minutes after midnight (the pattern is checked first). */
export function clockToMinutes(clock: string): number {
  const match = CLOCK_PATTERN.exec(clock);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

/** Minutes after midnight -> 'HH:MM'. */
export function minutesToClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const clock = z.string().regex(CLOCK_PATTERN, 'timeInvalid');

/**
 * Dates the clinic's calendar works with. Far-off years are refused here: date arithmetic on
 * them (a day after 9999-12-31) leaves what JavaScript and the time zone rules can represent.
 */
export function isClinicDate(value: string): boolean {
  const ms = calendarDateMs(value);
  return ms >= Date.UTC(2000, 0, 1) && ms <= Date.UTC(2199, 11, 31);
}

const localDate = z.string().refine(isClinicDate, 'dateInvalid');

export const scheduleRangeSchema = z
  .object({
    office_id: idSchema('required'),
    weekday: z.number().int().min(1).max(7),
    start: clock,
    end: clock,
  })
  .superRefine((range, ctx) => {
    const start = clockToMinutes(range.start);
    const end = clockToMinutes(range.end);
    for (const [field, minutes] of [['start', start], ['end', end]] as const) {
      if (minutes % SCHEDULE_GRID_MINUTES !== 0) ctx.addIssue({ code: 'custom', path: [field], message: 'scheduleTimeGrid' });
      else if (minutes < SCHEDULE_FIRST_MINUTE || minutes > SCHEDULE_LAST_MINUTE) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'scheduleTimeWindow' });
      }
    }
    if (start >= end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'scheduleEndBeforeStart' });
  });
export type ScheduleRange = z.infer<typeof scheduleRangeSchema>;

export const scheduleSchema = z
  .object({ ranges: z.array(scheduleRangeSchema).max(MAX_SCHEDULE_RANGES, 'scheduleTooManyRanges') })
  .superRefine(({ ranges }, ctx) => {
    // A dietitian is in one place at a time: ranges of one weekday may touch, never overlap,
    // whatever their offices. Each overlapping range is marked, so the page shows both rows.
    ranges.forEach((range, index) => {
      const start = clockToMinutes(range.start);
      const end = clockToMinutes(range.end);
      const clash = ranges.some(
        (other, j) => j !== index && other.weekday === range.weekday && clockToMinutes(other.start) < end && clockToMinutes(other.end) > start,
      );
      if (clash) ctx.addIssue({ code: 'custom', path: ['ranges', index, 'start'], message: 'scheduleOverlap' });
    });
  });

/** '' (an empty optional field) counts as not given. */
const optionalClock = z.union([clock, z.literal('')]).optional().transform((value) => value || undefined);

export const timeOffSchema = z
  .object({
    start_date: localDate,
    /** Inclusive: time off until the end of this day, unless end_time says otherwise. */
    end_date: localDate,
    /** A partial first day: from this time on start_date (else from midnight). */
    start_time: optionalClock,
    /** A partial last day: until this time on end_date (else until the day's end). */
    end_time: optionalClock,
    /** Private to the clinic: never shown to patients, never logged. */
    reason: z
      .string()
      .trim()
      .max(TIME_OFF_REASON_MAX, 'tooLong')
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((input, ctx) => {
    const from = calendarDateMs(input.start_date);
    const to = calendarDateMs(input.end_date);
    if (Number.isNaN(from) || Number.isNaN(to)) return;
    if (to < from) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'scheduleTimeOffEndBeforeStart' });
    else if ((to - from) / DAY_MS + 1 > TIME_OFF_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'scheduleTimeOffTooLong' });
    else if (to === from && input.start_time && input.end_time && clockToMinutes(input.end_time) <= clockToMinutes(input.start_time)) {
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'scheduleEndBeforeStart' });
    }
  });
export type TimeOffInput = z.infer<typeof timeOffSchema>;
export type TimeOffFormValues = z.input<typeof timeOffSchema>;

/**
 * A booked appointment that blocks a schedule or time-off change (409 schedule_orphans /
 * time_off_orphans): enough to find and move it, no health data.
 */
export interface OrphanAppointment {
  id: number;
  starts_at: string;
  ends_at: string;
  service: string;
  patient: string;
  office: string;
}
