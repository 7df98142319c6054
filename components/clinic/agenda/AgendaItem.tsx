'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { JoinButton } from '@/components/booking/JoinButton';
import { RefundDueNote } from '@/components/clinic/payments/RefundDueNote';
import { VisitPayments } from '@/components/clinic/payments/VisitPayments';
import facts from '@/components/ui/facts.module.css';
import listStyles from '@/components/ui/list.module.css';
import { agendaKindOf, type AgendaAppointment, type AgendaMark } from '@/lib/api/clinicAgenda';
import { dateLanguage, formatTime, formatTimeRange } from '@/lib/format/dates';
import { formatPhone, phoneHref } from '@/lib/format/phone';
import { Link } from '@/lib/i18n/navigation';
import styles from './agenda.module.css';
import { VisitNote } from './VisitNote';

interface Props {
  appointment: AgendaAppointment;
  /** h3 in the day view, h4 under the day headings of the week view. */
  headingLevel: 3 | 4;
  /** A mark is being saved for this visit: its buttons do nothing meanwhile. */
  pending: boolean;
  /** Just marked: focus moves to the button now in place of the one pressed. */
  takeFocus: boolean;
  onFocused: () => void;
  onMark: (appointment: AgendaAppointment, status: AgendaMark) => void;
}

/**
 * One visit of the agenda: when, who, what for, where, its mark, and its payments and receipts. A
 * cancelled visit is listed only while money paid for it is still to be refunded: it says so, and
 * its payments panel is open on the refund form (issue #27 item 6).
 */
export function AgendaItem({ appointment, headingLevel, pending, takeFocus, onFocused, onMark }: Props) {
  const t = useTranslations('ClinicAgenda');
  const format = useFormatter();
  const language = dateLanguage(useLocale());
  const headingId = useId();
  const actions = useRef<HTMLDivElement>(null);
  const { patient, office, status } = appointment;
  // What the payments panel last said is due back, once a refund was recorded there.
  const [refundLeft, setRefundLeft] = useState<number | null>(null);
  const refundDue = refundLeft ?? appointment.refund_due_cents;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const time = formatTimeRange(appointment.starts_at, appointment.ends_at, language);
  const startTime = formatTime(appointment.starts_at, language);
  // A seat in a group session is no one-on-one visit: its panel says seat and session (issue #38).
  const kind = agendaKindOf(appointment);

  useEffect(() => {
    if (!takeFocus) return;
    actions.current?.querySelector('button')?.focus();
    onFocused();
  }, [takeFocus, onFocused]);

  const button = (label: string, mark: AgendaMark, primary = false) => (
    <button
      type="button"
      className={`button ${primary ? 'button--primary' : 'button--secondary'}`}
      aria-disabled={pending || undefined}
      onClick={() => {
        if (!pending) onMark(appointment, mark);
      }}
    >
      {label}
    </button>
  );

  return (
    <article className={listStyles.card} aria-labelledby={headingId}>
      <div className={styles.itemTop}>
        <Heading id={headingId} className={styles.itemTitle}>
          <time dateTime={appointment.starts_at}>{time}</time>
          <span className={styles.titleSeparator} aria-hidden="true">
            {' · '}
          </span>
          <span className={styles.visuallyHidden}>, </span>
          {patient.name}
        </Heading>
        <span className={`${styles.badge} ${styles[status]}`}>{t(`status.${status}`)}</span>
      </div>
      <dl className={`${facts.facts} ${styles.facts}`}>
        <div>
          <dt>{t('patient')}</dt>
          <dd>
            {patient.id !== null ? (
              <Link href={{ pathname: '/profile/patients/[id]', params: { id: String(patient.id) } }}>{patient.name}</Link>
            ) : (
              `${patient.name} (${t('noAccount')})`
            )}
          </dd>
        </div>
        {patient.email ? (
          <div>
            <dt>{t('email')}</dt>
            <dd>
              <a href={`mailto:${patient.email}`}>{patient.email}</a>
            </dd>
          </div>
        ) : null}
        {patient.phone ? (
          <div>
            <dt>{t('phone')}</dt>
            <dd>
              <a href={phoneHref(patient.phone)}>{formatPhone(patient.phone)}</a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('service')}</dt>
          <dd>{appointment.service.name}</dd>
        </div>
        {appointment.reasons.length > 0 ? (
          <div>
            <dt>{t('reasons', { kind })}</dt>
            <dd>{format.list(appointment.reasons)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('office')}</dt>
          <dd>{office.is_virtual ? t('virtual') : office.name}</dd>
        </div>
        <div>
          <dt>{t('sessionLanguage', { kind })}</dt>
          <dd>{t(`languages.${appointment.session_language}`)}</dd>
        </div>
      </dl>
      {appointment.join_url ? (
        <JoinButton url={appointment.join_url} start={appointment.starts_at} end={appointment.ends_at} label={t('join', { name: patient.name })} />
      ) : null}
      {status === 'cancelled' ? (
        <RefundDueNote cents={refundDue} />
      ) : appointment.can_mark ? (
        <div ref={actions} className="button-row" role="group" aria-label={t('actionsFor', { kind, name: patient.name, time: startTime })}>
          {status === 'booked' ? (
            <>
              {button(t('markCompleted'), 'completed', true)}
              {button(t('markNoShow'), 'no_show')}
            </>
          ) : (
            button(t('undo'), 'booked')
          )}
        </div>
      ) : (
        <p className={styles.muted}>{t('notStarted', { kind })}</p>
      )}
      <VisitNote appointment={appointment} />
      {status === 'cancelled' && appointment.refund_due_cents <= 0 ? null : (
        <VisitPayments
          appointmentId={appointment.id}
          patientName={patient.name}
          when={startTime}
          headingLevel={headingLevel === 3 ? 4 : 5}
          initiallyOpen={status === 'cancelled'}
          onChanged={status === 'cancelled' ? (updated) => setRefundLeft(updated.refund_due_cents) : undefined}
        />
      )}
    </article>
  );
}
