import { describe, expect, it } from 'vitest';
import { appointmentStatistics, type StatAppointment } from '@/lib/server/booking/statistics';

const TZ = 'America/Toronto';
// Wednesday 2026-11-18, 15:00 in Toronto.
const now = new Date('2026-11-18T20:00:00Z');
const at = (iso: string, status: StatAppointment['status'] = 'booked'): StatAppointment => ({ startsAt: new Date(iso), status });

describe('appointment statistics', () => {
  it('counts today, this ISO week and this month in the clinic time zone', () => {
    const stats = appointmentStatistics(
      [
        at('2026-11-18T14:00:00Z', 'completed'), // today 9:00
        at('2026-11-19T04:30:00Z'), // Wednesday 23:30 in Toronto: still today
        at('2026-11-16T15:00:00Z', 'completed'), // Monday: this week
        at('2026-11-23T15:00:00Z'), // next Monday: this month, not this week
        at('2026-12-01T15:00:00Z'), // next month
        at('2026-11-18T16:00:00Z', 'cancelled'), // never counted
      ],
      { now, timeZone: TZ },
    );
    expect(stats).toMatchObject({
      today_appointments: 2,
      weekly_appointments: 3,
      monthly_appointments: 4,
      total_appointments: 5,
      upcoming_count: 3,
      completed_appointments: 2,
    });
  });

  it('leaves no-shows out of completed and cancelled ones out of everything', () => {
    const stats = appointmentStatistics(
      [at('2026-11-01T15:00:00Z', 'no_show'), at('2026-11-02T15:00:00Z', 'completed'), at('2026-11-03T15:00:00Z', 'cancelled')],
      { now, timeZone: TZ },
    );
    expect(stats.completed_appointments).toBe(1);
    expect(stats.no_show_appointments).toBe(1);
    expect(stats.total_appointments).toBe(2);
    expect(stats.upcoming_count).toBe(0);
  });

  it('counts a past visit not marked yet as completed (presumed attended) and as waiting for a mark', () => {
    const stats = appointmentStatistics(
      [
        at('2026-11-10T15:00:00Z'), // past, not marked
        at('2026-11-11T15:00:00Z', 'completed'),
        at('2026-11-12T15:00:00Z', 'no_show'),
        at('2026-11-25T15:00:00Z'), // ahead
      ],
      { now, timeZone: TZ },
    );
    expect(stats).toMatchObject({ completed_appointments: 2, unmarked_appointments: 1, no_show_appointments: 1, upcoming_count: 1, total_appointments: 4 });
  });

  it('measures the gaps between consecutive appointments and how even they are', () => {
    const even = appointmentStatistics(
      [at('2026-09-02T14:00:00Z', 'completed'), at('2026-09-16T14:00:00Z', 'completed'), at('2026-09-30T14:00:00Z', 'completed')],
      { now, timeZone: TZ },
    );
    expect(even).toMatchObject({ average_gap_days: 14, longest_gap_days: 14, consistency_score: 100 });

    const uneven = appointmentStatistics(
      [at('2026-09-01T14:00:00Z'), at('2026-09-02T14:00:00Z'), at('2026-10-01T14:00:00Z')],
      { now, timeZone: TZ },
    );
    // Gaps of 1 and 29 days: mean 15, spread 14, score 100 x (1 - 14/15) = 7.
    expect(uneven).toMatchObject({ average_gap_days: 15, longest_gap_days: 29, consistency_score: 7 });
  });

  it('has no gaps and a zero score with fewer than two appointments', () => {
    expect(appointmentStatistics([at('2026-11-20T15:00:00Z')], { now, timeZone: TZ })).toMatchObject({
      average_gap_days: null,
      longest_gap_days: null,
      consistency_score: 0,
      total_appointments: 1,
    });
    expect(appointmentStatistics([], { now, timeZone: TZ, preferredPatients: 4 })).toMatchObject({
      total_appointments: 0,
      preferred_patients: 4,
      consistency_score: 0,
    });
  });
});
