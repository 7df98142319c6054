'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { dateLanguage, formatDateTimeRange } from '@/lib/format/dates';
import type { OrphanAppointment } from '@/lib/api/clinicSchedule';
import { Link } from '@/lib/i18n/navigation';
import styles from './schedule.module.css';

/** The booked appointments that block a change, and what to do about them; focused when shown. */
export function OrphanList({ kind, appointments }: { kind: 'schedule' | 'timeOff'; appointments: OrphanAppointment[] }) {
  const t = useTranslations('ClinicSchedule.orphans');
  const language = dateLanguage(useLocale());
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [appointments]);
  const headingId = `orphans-${kind}`;
  const when = (a: OrphanAppointment) =>
    formatDateTimeRange(a.starts_at, a.ends_at, language);
  return (
    <div ref={ref} tabIndex={-1} className={styles.alert} role="alert" aria-labelledby={headingId}>
      <h3 id={headingId}>{kind === 'schedule' ? t('scheduleHeading') : t('timeOffHeading')}</h3>
      <p>{t('explanation')}</p>
      <ul className={styles.orphans}>
        {appointments.map((a) => (
          <li key={a.id}>
            <dl>
              <div>
                <dt>{t('when')}</dt>
                <dd>
                  <time dateTime={a.starts_at}>{when(a)}</time>
                </dd>
              </div>
              <div>
                <dt>{t('patient')}</dt>
                <dd>{a.patient}</dd>
              </div>
              <div>
                <dt>{t('service')}</dt>
                <dd>{a.service}</dd>
              </div>
              <div>
                <dt>{t('office')}</dt>
                <dd>{a.office}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <p>
        <Link href="/profile/agenda">{t('agendaLink')}</Link>
      </p>
    </div>
  );
}
