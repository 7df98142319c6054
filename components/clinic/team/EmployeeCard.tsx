'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import listStyles from '@/components/ui/list.module.css';
import text from '@/components/ui/text.module.css';
import { readApiFailure } from '@/lib/api/auth';
import { blockingAppointmentsOf, setEmployeeActive, type BlockingAppointment, type TeamEmployee } from '@/lib/api/clinicTeam';
import { BlockingAppointments } from './BlockingAppointments';
import { RegistrationEditor } from './RegistrationEditor';
import styles from './team.module.css';

interface Props {
  employee: TeamEmployee;
  isSelf: boolean;
  onStarting: () => void;
  /** After a change the server accepted, with the sentence that announces it. */
  onChanged: (message: string) => void;
}

/**
 * One employee. Deactivating asks for confirmation first; a refusal because visits are still
 * booked shows them as a list to reassign. Reactivating needs no confirmation (it undoes nothing).
 * The College registration number (printed on receipts) is edited in place.
 */
export function EmployeeCard({ employee, isSelf, onStarting, onChanged }: Props) {
  const t = useTranslations('ClinicTeam.employees');
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<BlockingAppointment[] | null>(null);
  const nameRef = useRef<HTMLHeadingElement>(null);
  const deactivateRef = useRef<HTMLButtonElement>(null);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const headingId = `team-employee-${employee.id}`;
  const questionId = `${headingId}-confirm`;

  const ask = () => {
    onStarting();
    setError(null);
    setBlocked(null);
    setConfirming(true);
    // The question replaces nothing the reader was on: take them to it.
    requestAnimationFrame(() => questionRef.current?.focus());
  };
  const cancel = () => {
    setConfirming(false);
    requestAnimationFrame(() => deactivateRef.current?.focus());
  };

  const change = async (active: boolean) => {
    if (pending) return;
    onStarting();
    setPending(true);
    setError(null);
    try {
      await setEmployeeActive(employee.id, active);
      setConfirming(false);
      onChanged(t(active ? 'reactivated' : 'deactivated', { name: employee.name }));
      // The buttons pressed are gone or changed: keep the reader on this employee.
      requestAnimationFrame(() => nameRef.current?.focus());
    } catch (failure) {
      const { data, message } = readApiFailure(failure);
      const appointments = blockingAppointmentsOf(data);
      setConfirming(false);
      if (appointments) setBlocked(appointments);
      else {
        setError(message ?? t('failed'));
        requestAnimationFrame(() => nameRef.current?.focus());
      }
    } finally {
      setPending(false);
    }
  };

  const status = employee.is_active ? t('active') : t('inactive');
  return (
    <li className={listStyles.item}>
      <h3 id={headingId} ref={nameRef} tabIndex={-1} className={`${styles.name} ${text.focusTarget}`}>
        {employee.name}
        {isSelf ? (
          <>
            {' '}
            <span className={styles.muted}>({t('you')})</span>
          </>
        ) : null}
      </h3>
      {employee.title ? <p className={styles.title}>{employee.title}</p> : null}
      <dl className={`${listStyles.meta} ${styles.meta}`}>
        <div>
          <dt>{t('email')}</dt>
          <dd className={text.breakable}>{employee.email}</dd>
        </div>
        <div>
          <dt>{t('statusLabel')}</dt>
          <dd>
            <span className={employee.is_active ? styles.badge : `${styles.badge} ${styles.badgeOff}`}>{status}</span>
            {employee.is_admin ? <span className={styles.badge}>{t('admin')}</span> : null}
          </dd>
        </div>
        <div>
          <dt>{t('upcomingLabel')}</dt>
          <dd>{employee.future_appointments}</dd>
        </div>
        <div>
          <dt>{t('registrationLabel')}</dt>
          <dd>{employee.registration_number ?? <span className={styles.muted}>{t('registrationNone')}</span>}</dd>
        </div>
      </dl>

      <RegistrationEditor employee={employee} onStarting={onStarting} onChanged={onChanged} />

      {error ? (
        <div className={`${text.alert} ${styles.alert}`} role="alert">
          <p>{error}</p>
        </div>
      ) : null}

      {blocked ? <BlockingAppointments name={employee.name} appointments={blocked} onClose={() => setBlocked(null)} /> : null}

      {confirming ? (
        <div className={styles.confirm} role="group" aria-labelledby={questionId}>
          <p id={questionId} ref={questionRef} tabIndex={-1} className={`${styles.question} ${text.focusTarget}`}>
            {t('confirmQuestion', { name: employee.name })}
          </p>
          <p>{t('confirmText')}</p>
          <div className="button-row">
            <button type="button" className={`button ${styles.danger}`} aria-disabled={pending} onClick={() => void change(false)}>
              {pending ? t('confirming') : t('confirm')}
            </button>
            <button type="button" className="button button--secondary" onClick={cancel} disabled={pending}>
              {t('cancel')}
            </button>
          </div>
        </div>
      ) : isSelf ? null : employee.is_active ? (
        <div className="button-row">
          <button ref={deactivateRef} type="button" className="button button--secondary" onClick={ask}>
            {t('deactivate')} <span className="visually-hidden">{employee.name}</span>
          </button>
        </div>
      ) : (
        <div className="button-row">
          <button type="button" className="button button--secondary" aria-disabled={pending} onClick={() => void change(true)}>
            {pending ? t('reactivating') : t('reactivate')} <span className="visually-hidden">{employee.name}</span>
          </button>
        </div>
      )}
    </li>
  );
}
