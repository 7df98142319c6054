'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import text from '@/components/ui/text.module.css';
import type { BlockingAppointment } from '@/lib/api/clinicTeam';
import { dateLanguage, formatDateTime } from '@/lib/format/dates';
import { Link } from '@/lib/i18n/navigation';
import styles from './team.module.css';

/**
 * Why a deactivation was refused: the employee's visits still booked, soonest first, each
 * leading to the patient's page (where it can be rescheduled with someone else) and, for guests,
 * to the agenda.
 */
export function BlockingAppointments({
  name,
  appointments,
  onClose,
}: {
  name: string;
  appointments: BlockingAppointment[];
  onClose: () => void;
}) {
  const t = useTranslations('ClinicTeam.blocked');
  const language = dateLanguage(useLocale());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const count = appointments.length;

  // It answers the button just pressed (now gone): the reader lands on it.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className={styles.blocked}>
      <h4 ref={headingRef} tabIndex={-1} className={text.focusTarget}>
        {t('heading', { name, count })}
      </h4>
      <p>{t('intro', { count })}</p>
      <ul className={styles.blockedList}>
        {appointments.map((appointment) => (
          <li key={appointment.id}>
            <time dateTime={appointment.starts_at}>
              {formatDateTime(appointment.starts_at, language, 'weekdayMedium')}
            </time>
            {' · '}
            {appointment.service}
            {' · '}
            {appointment.patient_id !== null ? (
              <Link href={{ pathname: '/profile/patients/[id]', params: { id: String(appointment.patient_id) } }}>
                {appointment.patient_name}
              </Link>
            ) : (
              <span>
                {appointment.patient_name} ({t('guest')})
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className="button-row">
        <Link className="button button--secondary" href="/profile/agenda">
          {t('agenda')}
        </Link>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </div>
  );
}
