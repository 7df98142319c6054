'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { AppointmentStatistics as Statistics } from '@/lib/api/booking';
import type { Viewer } from './AppointmentCard';
import { useAppointmentTime } from './appointmentTime';
import styles from './appointments.module.css';

/** SPEC §3 user appointment statistics: a patient's rhythm of visits, or a dietitian's workload. */
export function AppointmentStatistics({ statistics, viewer }: { statistics: Statistics; viewer: Viewer }) {
  const t = useTranslations('Appointments.statistics');
  const format = useFormatter();
  const time = useAppointmentTime();
  const count = (value: number) => format.number(value);
  const days = (value: number | null) => (value === null ? t('none') : t('days', { days: value }));

  // The next appointment's date is long: it takes a whole row.
  const items: Array<[label: string, value: ReactNode, wide?: boolean]> =
    viewer === 'employee'
      ? [
          [t('today'), count(statistics.today_appointments)],
          [t('week'), count(statistics.weekly_appointments)],
          [t('month'), count(statistics.monthly_appointments)],
          [t('preferredPatients'), t('patients', { count: statistics.preferred_patients })],
          [t('upcoming'), count(statistics.upcoming_count)],
          [t('completed'), count(statistics.completed_appointments)],
          [t('total'), count(statistics.total_appointments)],
        ]
      : [
          [t('upcoming'), count(statistics.upcoming_count)],
          [t('completed'), count(statistics.completed_appointments)],
          [t('total'), count(statistics.total_appointments)],
          [
            t('next'),
            statistics.next_appointment ? (
              <>
                <time dateTime={statistics.next_appointment.start}>{time.start(statistics.next_appointment)}</time>
                <span className={styles.nextService}>{statistics.next_appointment.service.translated_name}</span>
              </>
            ) : (
              t('none')
            ),
            true,
          ],
          [t('averageGap'), days(statistics.average_gap_days)],
          [t('longestGap'), days(statistics.longest_gap_days)],
          // The server scores 0 when there are fewer than two visits: no gaps, so no rhythm to rate yet.
          [
            t('consistency'),
            statistics.average_gap_days === null ? t('none') : t('score', { score: statistics.consistency_score }),
          ],
        ];

  return (
    <dl className={styles.stats}>
      {items.map(([label, value, wide]) => (
        <div key={label} className={wide ? `${styles.stat} ${styles.wide}` : styles.stat}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
