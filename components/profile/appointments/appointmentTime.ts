'use client';

import { useFormatter } from 'next-intl';
import type { AppointmentSummary } from '@/lib/api/booking';
import { clinic } from '@/lib/clinic';

/**
 * Appointment times in the clinic's zone: a visitor travelling elsewhere still sees the time
 * on the clinic's clock, the one in the confirmation e-mail.
 */
export function useAppointmentTime() {
  const format = useFormatter();
  return {
    /** 'Monday, December 7, 2026, 10:00 – 10:50 AM' */
    range: (appointment: Pick<AppointmentSummary, 'start' | 'end'>) =>
      format.dateTimeRange(new Date(appointment.start), new Date(appointment.end), {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: clinic.timeZone,
      }),
    /** 'Monday, December 7, 2026 at 10:00 AM' */
    start: (appointment: Pick<AppointmentSummary, 'start'>) =>
      format.dateTime(new Date(appointment.start), { dateStyle: 'full', timeStyle: 'short', timeZone: clinic.timeZone }),
  };
}
