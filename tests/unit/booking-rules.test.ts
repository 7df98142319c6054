import { describe, expect, it } from 'vitest';
import { canCancelOrReschedule, isWithinAdvanceWindow, lastBookableLocalDate } from '@/lib/server/booking/rules';

const TZ = 'America/Toronto';
const HOUR = 3_600_000;

describe('advance booking window', () => {
  const now = new Date('2026-04-06T12:00:00Z'); // 08:00 in Toronto
  const window = { now, timeZone: TZ, minAdvanceBookingHours: 12, maxAdvanceBookingDays: 90 };
  const at = (ms: number) => ({ ...window, startsAt: new Date(ms) });

  it('needs at least min_advance_booking_hours of notice', () => {
    expect(isWithinAdvanceWindow(at(now.getTime() + 12 * HOUR))).toBe(true);
    expect(isWithinAdvanceWindow(at(now.getTime() + 12 * HOUR - 1))).toBe(false);
    expect(isWithinAdvanceWindow(at(now.getTime() - HOUR))).toBe(false);
  });

  it('allows up to max_advance_booking_days calendar days ahead, counted in the clinic zone', () => {
    expect(lastBookableLocalDate(now, 90, TZ)).toBe('2026-07-05');
    expect(isWithinAdvanceWindow(at(Date.parse('2026-07-05T23:30:00-04:00')))).toBe(true);
    expect(isWithinAdvanceWindow(at(Date.parse('2026-07-06T00:00:00-04:00')))).toBe(false);
  });

  it("takes today from the clinic's calendar, not from UTC", () => {
    // 23:30 on Feb 28 in Toronto is already March 1 in UTC: a 1-day horizon ends on March 1 local.
    const lateEvening = { now: new Date('2026-03-01T04:30:00Z'), timeZone: TZ, minAdvanceBookingHours: 0, maxAdvanceBookingDays: 1 };
    expect(lastBookableLocalDate(lateEvening.now, 1, TZ)).toBe('2026-03-01');
    expect(isWithinAdvanceWindow({ ...lateEvening, startsAt: new Date('2026-03-02T04:00:00Z') })).toBe(true); // 23:00 Mar 1
    expect(isWithinAdvanceWindow({ ...lateEvening, startsAt: new Date('2026-03-02T14:00:00Z') })).toBe(false); // 9:00 Mar 2
  });
});

describe('cancellation and reschedule notice', () => {
  const now = new Date('2026-04-06T12:00:00Z');
  const rule = (hoursAhead: number, actor: 'patient' | 'employee') =>
    canCancelOrReschedule({ startsAt: new Date(now.getTime() + hoursAhead * HOUR), now, minCancellationNoticeHours: 24, actor });

  it('lets a patient act outside the notice window, up to its very edge', () => {
    expect(rule(48, 'patient')).toEqual({ allowed: true, override: false });
    expect(rule(24, 'patient')).toEqual({ allowed: true, override: false });
  });

  it('refuses a patient inside the notice window', () => {
    expect(rule(23.5, 'patient')).toEqual({ allowed: false, override: false, reason: 'notice_period' });
  });

  it('lets an employee override the notice window, flagged so it can be recorded', () => {
    expect(rule(2, 'employee')).toEqual({ allowed: true, override: true, reason: 'notice_period' });
    expect(rule(48, 'employee')).toEqual({ allowed: true, override: false });
  });

  it('refuses everyone once the appointment has started', () => {
    expect(rule(0, 'employee')).toEqual({ allowed: false, override: false, reason: 'already_started' });
    expect(rule(-1, 'patient')).toEqual({ allowed: false, override: false, reason: 'already_started' });
  });
});
