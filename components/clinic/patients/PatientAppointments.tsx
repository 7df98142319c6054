'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { RefundDueNote } from '@/components/clinic/payments/RefundDueNote';
import { VisitPayments } from '@/components/clinic/payments/VisitPayments';
import { AppointmentCard } from '@/components/profile/appointments/AppointmentCard';
import { useAppointmentTime } from '@/components/profile/appointments/appointmentTime';
import { CancelDialog } from '@/components/profile/appointments/CancelDialog';
import { useAppointmentActions } from '@/components/profile/appointments/useAppointmentActions';
import listStyles from '@/components/ui/list.module.css';
import text from '@/components/ui/text.module.css';
import type { AppointmentSummary } from '@/lib/api/booking';
import styles from './patients.module.css';

const STATUSES = ['booked', 'completed', 'no_show', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];
const statusOf = (value: string): Status => (STATUSES as readonly string[]).includes(value) ? (value as Status) : 'booked';

/**
 * The patient's appointments: the upcoming ones as the profile's cards (reschedule and cancel
 * for the clinic), then the history, newest first, with each visit's outcome. The cards show the
 * dietitian (the patient's point of view): the patient is the page's subject. Each visit not
 * cancelled has its payments and receipts (closed at first); a cancelled one with money still to
 * refund says so, its payments open on the refund form (issue #27 item 6).
 */
export function PatientAppointments({
  appointments,
  busy,
  onChanged,
}: {
  appointments: AppointmentSummary[];
  busy: boolean;
  onChanged: () => void;
}) {
  const t = useTranslations('ClinicPatients.detail');
  const time = useAppointmentTime();
  // The record is reloaded after a cancellation, also after a failure.
  const { headingRef, toCancel, cancelling, reschedule, askCancel, confirmCancel, closeDialog } = useAppointmentActions(onChanged, appointments);

  // For an employee a booked visit can be changed until it begins: exactly the upcoming ones.
  const upcoming = appointments.filter((a) => a.status === 'booked' && a.can_reschedule).reverse();
  const history = appointments.filter((a) => !(a.status === 'booked' && a.can_reschedule));

  return (
    <>
      <section aria-labelledby="patient-upcoming" className={styles.block}>
        <h3 id="patient-upcoming" ref={headingRef} tabIndex={-1} className={text.focusTarget}>
          {t('upcomingHeading')}
        </h3>
        {upcoming.length === 0 ? (
          <p>{t('upcomingEmpty')}</p>
        ) : (
          <ul className={styles.cards} aria-busy={busy}>
            {upcoming.map((appointment) => (
              <li key={appointment.id}>
                <AppointmentCard
                  appointment={appointment}
                  viewer="patient"
                  onReschedule={reschedule}
                  onCancel={askCancel}
                />
                <VisitPayments appointmentId={appointment.id} when={time.range(appointment)} headingLevel={5} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="patient-history" className={styles.block}>
        <h3 id="patient-history">{t('historyHeading')}</h3>
        {history.length === 0 ? (
          <p>{t('historyEmpty')}</p>
        ) : (
          <ul className={styles.list} aria-busy={busy}>
            {history.map((appointment) => {
              const status = statusOf(appointment.status);
              return (
                <li key={appointment.id} className={listStyles.item}>
                  <p className={styles.itemTitle}>
                    <span>{appointment.service.translated_name}</span>
                    <span className={`${styles.status} ${styles[`status_${status}`] ?? ''}`}>{t(`status.${status}`)}</span>
                  </p>
                  <p className={styles.when}>
                    <time dateTime={appointment.start}>{time.range(appointment)}</time>
                  </p>
                  <dl className={`${listStyles.meta} ${styles.meta}`}>
                    <div>
                      <dt>{t('dietitian')}</dt>
                      <dd>{appointment.dietitian.name}</dd>
                    </div>
                    <div>
                      <dt>{t('office')}</dt>
                      <dd>{appointment.office.is_virtual ? t('virtual') : appointment.office.name}</dd>
                    </div>
                  </dl>
                  {status !== 'cancelled' ? (
                    <VisitPayments appointmentId={appointment.id} when={time.range(appointment)} headingLevel={4} />
                  ) : appointment.refund_due_cents ? (
                    <CancelledVisitRefund appointmentId={appointment.id} due={appointment.refund_due_cents} when={time.range(appointment)} />
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <CancelDialog appointment={toCancel} viewer="patient" pending={cancelling} onConfirm={() => void confirmCancel()} onClose={closeDialog} />
    </>
  );
}

/** A cancelled visit paid in advance: what is still to refund, and its payments open on the refund form. */
function CancelledVisitRefund({ appointmentId, due, when }: { appointmentId: number; due: number; when: string }) {
  const [left, setLeft] = useState<number | null>(null);
  return (
    <>
      <RefundDueNote cents={left ?? due} />
      <VisitPayments appointmentId={appointmentId} when={when} headingLevel={4} initiallyOpen onChanged={(updated) => setLeft(updated.refund_due_cents)} />
    </>
  );
}
