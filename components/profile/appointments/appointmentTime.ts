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
    /** 'Monday, December 7, 2026, 10:00 – 10:50 a.m.' / « lundi 7 décembre 2026, 10 h 00 – 10 h 50 » */
    range: (appointment: Pick<AppointmentSummary, 'start' | 'end'>) =>
      formatDateTimeRange(appointment.start, appointment.end, language),
    /** 'Monday, December 7, 2026 at 10:00 a.m.' / « lundi 7 décembre 2026 à 10 h 00 » */
    start: (appointment: Pick<AppointmentSummary, 'start'>) =>
      formatDateTime(appointment.start, language, 'full'),
  };
}
