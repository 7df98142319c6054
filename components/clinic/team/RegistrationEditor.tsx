'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '@/components/auth/serverErrors';
import { TextField } from '@/components/ui/form/Field';
import { SubmitButton } from '@/components/ui/form/FormParts';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import text from '@/components/ui/text.module.css';
import { readApiFailure } from '@/lib/api/auth';
import { setRegistrationNumber, type TeamEmployee } from '@/lib/api/clinicTeam';
import { REGISTRATION_FORM_INVALID, registrationFormSchema } from '@/lib/schemas/clinicTeam';
import styles from './team.module.css';

interface Props {
  employee: TeamEmployee;
  onStarting: () => void;
  /** After a change the server accepted, with the sentence that announces it. */
  onChanged: (message: string) => void;
}

const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

/**
 * The College registration number's form, in place: Edit opens it (focus goes to the field); it
 * is checked as the server checks it (3 to 20 letters, digits or hyphens; empty removes it);
 * the server's field error or refusal shows in place; Save and Cancel take focus back to Edit.
 */
export function RegistrationEditor({ employee, onStarting, onChanged }: Props) {
  const t = useTranslations('ClinicTeam.employees');
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);

  const close = (message?: string) => {
    setEditing(false);
    if (message) onChanged(message);
    requestAnimationFrame(() => editRef.current?.focus());
  };

  if (!editing) {
    return (
      <div className={`button-row ${styles.registrationRow}`}>
        <button
          ref={editRef}
          type="button"
          className="button button--secondary"
          onClick={() => {
            onStarting();
            setEditing(true);
          }}
        >
          {t.rich('registrationEdit', { name: employee.name, hidden })}
        </button>
      </div>
    );
  }
  return <RegistrationForm employee={employee} onStarting={onStarting} onClose={close} />;
}

interface FormProps {
  employee: TeamEmployee;
  onStarting: () => void;
  /** Closes the form; with the sentence to announce after a saved change. */
  onClose: (message?: string) => void;
}

function RegistrationForm({ employee, onStarting, onClose }: FormProps) {
  const t = useTranslations('ClinicTeam.employees');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: useZodResolver(registrationFormSchema),
    defaultValues: { registration_number: employee.registration_number ?? '' },
    // An error stays until the next Save, as the server's do.
    reValidateMode: 'onSubmit',
  });

  useEffect(() => {
    requestAnimationFrame(() => setFocus('registration_number'));
  }, [setFocus]);

  const save = handleSubmit(async ({ registration_number: value }) => {
    onStarting();
    try {
      const kept = await setRegistrationNumber(employee.id, value);
      onClose(t(kept ? 'registrationSaved' : 'registrationCleared', { name: employee.name }));
    } catch (failure) {
      const { message, fieldErrors } = readApiFailure(failure);
      if (applyServerFieldErrors(setError, fieldErrors, [['registration_number', 'registration_number']]) === 0) {
        setFormError(message ?? t('registrationFailed'));
        setFocus('registration_number');
      }
    }
  });

  const fieldError = errors.registration_number?.message;
  return (
    <form
      method="post"
      className={styles.registration}
      noValidate
      onSubmit={(event) => {
        if (isSubmitting) {
          event.preventDefault();
          return;
        }
        setFormError(null);
        void save(event);
      }}
    >
      {formError ? (
        <div className={`${text.alert} ${styles.alert}`} role="alert">
          <p>{formError}</p>
        </div>
      ) : null}
      <TextField
        id={`team-employee-${employee.id}-registration`}
        label={t('registrationLabel')}
        hint={t('registrationHint')}
        error={fieldError === REGISTRATION_FORM_INVALID ? t('registrationInvalid') : fieldError}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        maxLength={40}
        {...register('registration_number')}
      />
      <div className="button-row">
        <SubmitButton pending={isSubmitting} label={t('registrationSave')} pendingLabel={t('registrationSaving')} />
        <button type="button" className="button button--secondary" onClick={() => onClose()} disabled={isSubmitting}>
          {t('registrationCancel')}
        </button>
      </div>
    </form>
  );
}
