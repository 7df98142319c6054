'use client';

import { useTranslations } from 'next-intl';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import styles from './form.module.css';
import { useValidationMessage } from './useValidationMessage';

/** What the control inside a Field needs to be labelled and described. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** A Validation key, or a text already written (server field errors). */
  error?: string;
  optional?: boolean;
  id?: string;
  children: (control: ControlProps) => ReactNode;
}

/** Label, hint and error around one control; the error is announced and tied to the control. */
export function Field({ label, hint, error, optional, id, children }: FieldProps) {
  const t = useTranslations('Forms');
  const text = useValidationMessage()(error);
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = text ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
        {optional ? <span className={styles.optional}> {t('optional')}</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {text ? (
        <p id={errorId} className={styles.error} role="alert">
          {text}
        </p>
      ) : null}
      {children({ id: controlId, 'aria-invalid': text ? true : undefined, 'aria-describedby': describedBy })}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  id?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled text input; spread react-hook-form's register() into it. */
export function TextField({ label, hint, error, optional, id, className, ref, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} optional={optional} id={id}>
      {(control) => (
        <input ref={ref} className={`${styles.input} ${className ?? ''}`} {...control} {...input} />
      )}
    </Field>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  id?: string;
  ref?: Ref<HTMLSelectElement>;
  options: ReadonlyArray<{ value: string; label: string }>;
};

export function SelectField({ label, hint, error, id, options, className, ref, ...select }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => (
        <select ref={ref} className={`${styles.input} ${styles.select} ${className ?? ''}`} {...control} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
