'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '@/components/ui/form/Field';
import { SubmitButton } from '@/components/ui/form/FormParts';
import listStyles from '@/components/ui/list.module.css';
import text from '@/components/ui/text.module.css';
import { readApiFailure } from '@/lib/api/auth';
import {
  blockingAppointmentsOf,
  setEmployeeActive,
  setRegistrationNumber,
  type BlockingAppointment,
  type TeamEmployee,
} from '@/lib/api/clinicTeam';
import { registrationNumberSchema } from '@/lib/schemas/clinicTeam';
import { BlockingAppointments } from './BlockingAppointments';
import styles from './team.module.css';

interface Props {
  employee: TeamEmployee;
  isSelf: boolean;
  onStarting: () => void;
  /** After a change the server accepted, with the sentence that announces it. */
  onChanged: (message: string) => void;
}

const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

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

/**
 * The College registration number's form, in place: Edit opens it (focus goes to the field); it
 * is checked as the server checks it (3 to 20 letters, digits or hyphens; empty removes it);
 * the server's field error or refusal shows in place; Save and Cancel take focus back to Edit.
 */
function RegistrationEditor({ employee, onStarting, onChanged }: Omit<Props, 'isSelf'>) {
  const t = useTranslations('ClinicTeam.employees');
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = `team-employee-${employee.id}-registration`;

  const open = () => {
    onStarting();
    setValue(employee.registration_number ?? '');
    setFieldError(null);
    setFormError(null);
    setEditing(true);
    requestAnimationFrame(() => inputRef.current?.focus());
  };
  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => editRef.current?.focus());
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const checked = registrationNumberSchema.shape.registration_number.safeParse(value);
    if (!checked.success) {
      setFieldError(t('registrationInvalid'));
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    onStarting();
    setPending(true);
    try {
      const kept = await setRegistrationNumber(employee.id, checked.data || null);
      setEditing(false);
      onChanged(t(kept ? 'registrationSaved' : 'registrationCleared', { name: employee.name }));
      requestAnimationFrame(() => editRef.current?.focus());
    } catch (failure) {
      const { message, fieldErrors } = readApiFailure(failure);
      const onField = fieldErrors.registration_number?.[0];
      if (onField) setFieldError(onField);
      else setFormError(message ?? t('registrationFailed'));
      inputRef.current?.focus();
    } finally {
      setPending(false);
    }
  };

  if (!editing) {
    return (
      <div className={`button-row ${styles.registrationRow}`}>
        <button ref={editRef} type="button" className="button button--secondary" onClick={open}>
          {t.rich('registrationEdit', { name: employee.name, hidden })}
        </button>
      </div>
    );
  }
  return (
    <form className={styles.registration} noValidate onSubmit={(event) => void save(event)}>
      {formError ? (
        <div className={`${text.alert} ${styles.alert}`} role="alert">
          <p>{formError}</p>
        </div>
      ) : null}
      <TextField
        ref={inputRef}
        id={inputId}
        label={t('registrationLabel')}
        hint={t('registrationHint')}
        error={fieldError ?? undefined}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        maxLength={40}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="button-row">
        <SubmitButton pending={pending} label={t('registrationSave')} pendingLabel={t('registrationSaving')} />
        <button type="button" className="button button--secondary" onClick={close} disabled={pending}>
          {t('registrationCancel')}
        </button>
      </div>
    </form>
  );
}
