'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { JoinButton } from '@/components/booking/JoinButton';
import facts from '@/components/ui/facts.module.css';
import listStyles from '@/components/ui/list.module.css';
import type { AppointmentSummary } from '@/lib/api/booking';
import { clinic } from '@/lib/clinic';
import { dateLanguage, formatTime } from '@/lib/format/dates';
import { formatPhone, phoneHref } from '@/lib/format/phone';
import { useAppointmentTime } from './appointmentTime';
import styles from './appointments.module.css';

export type Viewer = 'patient' | 'employee';

interface Props {
  appointment: AppointmentSummary;
  viewer: Viewer;
  onReschedule: (appointment: AppointmentSummary) => void;
  onCancel: (appointment: AppointmentSummary, button: HTMLButtonElement) => void;
}

/** One upcoming appointment: an article named by its service and time, with what can be done. */
export function AppointmentCard({ appointment, viewer, onReschedule, onCancel }: Props) {
  const t = useTranslations('Appointments');
  const format = useFormatter();
  const locale = useLocale();
  const time = useAppointmentTime();
  const headingId = useId();
  const whenId = useId();
  const { office, reasons } = appointment;
  const canChange = appointment.can_cancel || appointment.can_reschedule;

  return (
    <article className={listStyles.card} aria-labelledby={`${headingId} ${whenId}`}>
      <h4 id={headingId} className={styles.cardTitle}>
        {appointment.service.translated_name}
      </h4>
      <p id={whenId} className={styles.when}>
        <time dateTime={appointment.start}>{time.range(appointment)}</time>
      </p>
      <dl className={`${facts.facts} ${styles.facts}`}>
        <div>
          <dt>{viewer === 'employee' ? t('patient') : t('dietitian')}</dt>
          <dd>{(viewer === 'employee' ? appointment.patient.name : appointment.dietitian.name) || t('statistics.none')}</dd>
        </div>
        <div>
          <dt>{t('office')}</dt>
          <dd>{office.is_virtual ? t('virtual') : office.name}</dd>
        </div>
        {reasons.length > 0 ? (
          <div>
            <dt>{t('reasons')}</dt>
            <dd>{format.list(reasons.map((reason) => reason.translated_name))}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('sessionLanguage')}</dt>
          <dd>{t(`languages.${appointment.session_language}`)}</dd>
        </div>
      </dl>
      {appointment.join_url ? (
        <JoinButton
          url={appointment.join_url}
          start={appointment.start}
          end={appointment.end}
          label={t('join')}
          notYet={(opensAt) => t('joinOpens', { time: formatTime(opensAt, dateLanguage(locale)) })}
        />
      ) : null}
      {canChange ? (
        <div className="button-row">
          {appointment.can_reschedule ? (
            <button type="button" className="button button--secondary" onClick={() => onReschedule(appointment)}>
              {t('reschedule')}
            </button>
          ) : null}
          {appointment.can_cancel ? (
            <button
              type="button"
              className="button button--secondary"
              aria-haspopup="dialog"
              onClick={(event) => onCancel(appointment, event.currentTarget)}
            >
              {t('cancel')}
            </button>
          ) : null}
        </div>
      ) : null}
      {appointment.can_cancel && appointment.can_reschedule ? null : (
        // The notice hours are not in the summary: say it is too late, never a number that could be wrong.
        <p className={styles.notice}>
          {t.rich(`tooLate.${canChange ? (appointment.can_cancel ? 'reschedule' : 'cancel') : 'both'}`, {
            number: formatPhone(clinic.phone),
            phone: (chunks) => <a href={phoneHref(clinic.phone)}>{chunks}</a>,
          })}
        </p>
      )}
    </article>
  );
}
