import 'server-only';
import { addDays, utcToLocalDate, type LocalDate } from './clinicTime';

/**
 * A service's time limits (issue #4, Rules): how soon and how far ahead a visit may be booked,
 * and how late a patient may still cancel or move it. Availability uses the same functions, so
 * the slots offered and the booking check can never disagree.
 */

const HOUR_MS = 3_600_000;

export type Actor = 'patient' | 'employee';

export interface AdvanceWindowRules {
  minAdvanceBookingHours: number;
  maxAdvanceBookingDays: number;
}

/** The earliest start that can still be booked: now + min_advance_booking_hours (epoch ms). */
export function earliestBookableStartMs(now: Date, minAdvanceBookingHours: number): number {
  return now.getTime() + minAdvanceBookingHours * HOUR_MS;
}

/**
 * The last local date that can be booked: the clinic's today + max_advance_booking_days. Counted
 * in calendar days of the clinic's zone, so the limit does not shift with the time of day or DST.
 */
export function lastBookableLocalDate(now: Date, maxAdvanceBookingDays: number, timeZone: string): LocalDate {
  return addDays(utcToLocalDate(now, timeZone), maxAdvanceBookingDays);
}

/** Whether a start time respects both the minimum notice and the maximum horizon of the service. */
export function isWithinAdvanceWindow(input: AdvanceWindowRules & { startsAt: Date; now: Date; timeZone: string }): boolean {
  const startMs = input.startsAt.getTime();
  return (
    startMs >= earliestBookableStartMs(input.now, input.minAdvanceBookingHours) &&
    // 'YYYY-MM-DD' strings compare in calendar order.
    utcToLocalDate(startMs, input.timeZone) <= lastBookableLocalDate(input.now, input.maxAdvanceBookingDays, input.timeZone)
  );
}

export interface CancellationDecision {
  allowed: boolean;
  /** True when an employee acts inside the notice window: allowed, and to be recorded as such. */
  override: boolean;
  /** Why a patient is refused, or why an override was needed; absent when nothing stood in the way. */
  reason?: 'notice_period' | 'already_started';
}

/**
 * May this actor cancel or reschedule an appointment now? Patients must act at least
 * min_cancellation_notice hours before the start. Employees may act later (the clinic's call,
 * e.g. a sick dietitian), which is flagged as an override so it can be recorded. Nobody cancels
 * or moves a visit that has already begun: that is a no-show or a completed visit, not a change.
 */
export function canCancelOrReschedule(input: {
  startsAt: Date;
  now: Date;
  minCancellationNoticeHours: number;
  actor: Actor;
}): CancellationDecision {
  const startMs = input.startsAt.getTime();
  const nowMs = input.now.getTime();
  if (startMs <= nowMs) return { allowed: false, override: false, reason: 'already_started' };
  if (startMs - nowMs >= input.minCancellationNoticeHours * HOUR_MS) return { allowed: true, override: false };
  return input.actor === 'employee'
    ? { allowed: true, override: true, reason: 'notice_period' }
    : { allowed: false, override: false, reason: 'notice_period' };
}
