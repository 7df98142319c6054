import 'server-only';
import { isoWeekKey, utcToLocalDate } from './clinicTime';

/** What the statistics need of an appointment (a patient's own, or a dietitian's). */
export interface StatAppointment {
  startsAt: Date;
  status: 'booked' | 'completed' | 'no_show' | 'cancelled';
}

/** SPEC §3 user appointment statistics (the summary of the next appointment is added by the caller). */
export interface AppointmentStatistics {
  today_appointments: number;
  preferred_patients: number;
  weekly_appointments: number;
  monthly_appointments: number;
  completed_appointments: number;
  no_show_appointments: number;
  unmarked_appointments: number;
  total_appointments: number;
  upcoming_count: number;
  average_gap_days: number | null;
  longest_gap_days: number | null;
  consistency_score: number;
}

const DAY_MS = 86_400_000;
const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The formulas (also in docs/booking.md, "Statistics"). "Active" means not cancelled. Dates are the clinic's local
 * dates (CLINIC_TIMEZONE).
 * - today / weekly / monthly: active appointments on today's date, in this ISO week, this month.
 * - completed: active appointments the dietitian marked completed, plus those still 'booked'
 *   that started before now (not marked yet: presumed attended, so a forgotten mark costs the
 *   patient nothing; the prerequisite rule reads them the same way, booking/steps/service.ts).
 * - no_show_appointments: those marked no-show (never counted as completed).
 * - unmarked_appointments: those still 'booked' that started before now (waiting for a mark).
 * - total: active appointments, past and future.
 * - upcoming_count: booked appointments starting now or later.
 * - average_gap_days / longest_gap_days: the gaps in days between the starts of consecutive active
 *   appointments (1 decimal); null with fewer than two appointments.
 * - consistency_score (0-100): how even those gaps are, 100 x (1 - coefficient of variation of the
 *   gaps), floored at 0; a single gap is perfectly even (100); fewer than two appointments: 0.
 * - preferred_patients: given by the caller (patients whose preferred dietitian is this employee).
 */
export function appointmentStatistics(
  appointments: readonly StatAppointment[],
  { now, timeZone, preferredPatients = 0 }: { now: Date; timeZone: string; preferredPatients?: number },
): AppointmentStatistics {
  const active = appointments.filter((a) => a.status !== 'cancelled').sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const today = utcToLocalDate(now, timeZone);
  const week = isoWeekKey(today);
  const month = today.slice(0, 7);
  const localDates = active.map((a) => utcToLocalDate(a.startsAt, timeZone));

  const gaps = active.slice(1).map((a, i) => (a.startsAt.getTime() - active[i]!.startsAt.getTime()) / DAY_MS);
  const mean = gaps.length ? gaps.reduce((sum, g) => sum + g, 0) / gaps.length : 0;
  const spread = gaps.length ? Math.sqrt(gaps.reduce((sum, g) => sum + (g - mean) ** 2, 0) / gaps.length) : 0;
  const consistency = gaps.length === 0 ? 0 : mean === 0 ? 100 : Math.max(0, Math.round(100 * (1 - spread / mean)));

  return {
    today_appointments: localDates.filter((d) => d === today).length,
    preferred_patients: preferredPatients,
    weekly_appointments: localDates.filter((d) => isoWeekKey(d) === week).length,
    monthly_appointments: localDates.filter((d) => d.slice(0, 7) === month).length,
    completed_appointments: active.filter((a) => a.status === 'completed' || (a.status === 'booked' && a.startsAt < now)).length,
    no_show_appointments: active.filter((a) => a.status === 'no_show').length,
    unmarked_appointments: active.filter((a) => a.status === 'booked' && a.startsAt < now).length,
    total_appointments: active.length,
    upcoming_count: active.filter((a) => a.status === 'booked' && a.startsAt >= now).length,
    average_gap_days: gaps.length ? round1(mean) : null,
    longest_gap_days: gaps.length ? round1(Math.max(...gaps)) : null,
    consistency_score: consistency,
  };
}
