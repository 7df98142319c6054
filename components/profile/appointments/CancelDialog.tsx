'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';
import type { AppointmentSummary } from '@/lib/api/booking';
import type { Viewer } from './AppointmentCard';
import { useAppointmentTime } from './appointmentTime';
import styles from './appointments.module.css';

interface Props {
  /** The appointment to cancel; null keeps the dialog closed. */
  appointment: AppointmentSummary | null;
  viewer: Viewer;
  pending: boolean;
  onConfirm: () => void;
  /** The dialog closed (Escape, "Keep appointment", or after confirming). */
  onClose: () => void;
}

/**
 * The confirmation before a cancellation: a native modal dialog, so the browser traps focus,
 * makes the page behind inert and closes it on Escape. It opens with focus on itself, so its
 * name and description are read first; the caller returns focus when it closes.
 */
export function CancelDialog({ appointment, viewer, pending, onConfirm, onClose }: Props) {
  const t = useTranslations('Appointments.cancelDialog');
  const time = useAppointmentTime();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const isOpen = appointment !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      dialog.showModal();
      dialog.focus();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      tabIndex={-1}
      // While the cancellation is being sent, Escape must not hide its outcome.
      onCancel={(event) => {
        if (pending) event.preventDefault();
      }}
      onClose={onClose}
    >
      <h2 id={titleId} className={styles.dialogTitle}>
        {t('title')}
      </h2>
      <p id={textId}>
        {appointment
          ? t('text', {
              service: appointment.service.translated_name,
              when: time.start(appointment),
              person: viewer === 'employee' ? appointment.patient.name : appointment.dietitian.name,
            })
          : null}
      </p>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => ref.current?.close()} disabled={pending}>
          {t('keep')}
        </button>
        <button
          type="button"
          className={`button ${styles.danger}`}
          aria-disabled={pending}
          onClick={() => {
            if (!pending) onConfirm();
          }}
        >
          {pending ? (
            <>
              <span className={styles.spinner} aria-hidden="true" />
              {t('pending')}
            </>
          ) : (
            t('confirm')
          )}
        </button>
      </div>
    </dialog>
  );
}
