'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { AppointmentSummary } from '@/lib/api/booking';
import { dateLanguage, formatDateTime } from '@/lib/format/dates';
import styles from './booking.module.css';

/**
 * Which appointment the booking moves, and a way back to a new booking. Its own file, loaded
 * only while rescheduling: the date formatting it needs (date-fns and its time zones, 9.6 kB
 * gzip) stays out of the booking page's first load.
 */
export default function RescheduleNotice({ appointment, onCancel }: { appointment: AppointmentSummary; onCancel: () => void }) {
  const t = useTranslations('Booking');
  const locale = useLocale();
  return (
    <div className={styles.notice}>
      <p>
        {t('rescheduleNotice', {
          service: appointment.service.translated_name,
          date: formatDateTime(appointment.start, dateLanguage(locale), 'full'),
        })}
      </p>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t('cancelReschedule')}
      </button>
    </div>
  );
}
