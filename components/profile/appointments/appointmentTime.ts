'use client';

import { useLocale } from 'next-intl';
import type { AppointmentSummary } from '@/lib/api/booking';
import { dateLanguage, formatDateTime, formatDateTimeRange } from '@/lib/format/dates';

/**
 * Appointment times in the clinic's zone: a visitor travelling elsewhere still sees the time
 * on the clinic's clock, the one in the confirmation e-mail.
 */
export function useAppointmentTime() {
  const language = dateLanguage(useLocale());
  return {
    /** 'Monday, December 7, 2026, 10:00 – 10:50 AM' */
    range: (appointment: Pick<AppointmentSummary, 'start' | 'end'>) =>
      formatDateTimeRange(appointment.start, appointment.end, language),
    /** 'Monday, December 7, 2026 at 10:00 AM' */
    start: (appointment: Pick<AppointmentSummary, 'start'>) =>
      formatDateTime(appointment.start, language, 'full'),
  };
}
