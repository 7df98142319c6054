'use client';

import { useTranslations } from 'next-intl';
import { useId, type ReactNode } from 'react';
import { get, useFormContext, useWatch } from 'react-hook-form';
import formStyles from '@/components/ui/form/form.module.css';
import { useValidationMessage } from '@/components/ui/form/useValidationMessage';
import styles from './intake.module.css';

/** The error text (a Validation key or a server text) at a field path of the step's form. */
export function useFieldError(path: string): string | undefined {
  const { formState } = useFormContext();
  const message = (get(formState.errors, path) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

interface GroupProps {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}

/** A fieldset with its legend, hint and error (tied to the group for screen readers). */
export function Group({ legend, hint, error, children, className }: GroupProps) {
  const id = useId();
  const text = useValidationMessage()(error);
  const describedBy = [hint ? `${id}-hint` : null, text ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`${formStyles.fieldset} ${className ?? ''}`} aria-describedby={describedBy}>
      <legend className={formStyles.label}>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className={formStyles.hint}>
          {hint}
        </p>
      ) : null}
      {text ? (
        <p id={`${id}-error`} className={formStyles.error} role="alert">
          {text}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}

interface ChecklistProps {
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Most boxes that may be ticked: the others are unavailable once that many are. */
  max?: number;
}

/** Checkboxes whose ticked values form a list (react-hook-form gathers boxes of one name). */
export function Checklist({ name, legend, hint, options, max }: ChecklistProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const ticked = useWatch({ name }) as unknown;
  const chosen = Array.isArray(ticked) ? ticked.map(String) : [];
  const full = max !== undefined && chosen.length >= max;
  return (
    <Group legend={legend} hint={hint} error={error}>
      <div className={styles.checks}>
        {options.map((option) => (
          <label key={option.value} className={styles.check}>
            <input
              type="checkbox"
              value={option.value}
              disabled={full && !chosen.includes(option.value)}
              aria-invalid={error ? true : undefined}
              {...register(name)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </Group>
  );
}

/** A yes/no question as a switch: on is yes. */
export function Toggle({ name, label, hint }: { name: string; label: ReactNode; hint?: ReactNode }) {
  const t = useTranslations('Intake.form');
  const { register } = useFormContext();
  const on = useWatch({ name }) === true;
  const id = useId();
  return (
    <div className={formStyles.field}>
      <div className={styles.toggleRow}>
        <input id={id} type="checkbox" role="switch" className={styles.switch} aria-describedby={hint ? `${id}-hint` : undefined} {...register(name)} />
        <label htmlFor={id} className={formStyles.label}>
          {label}
        </label>
        <span className={styles.toggleState} aria-hidden="true">
          {on ? t('yes') : t('no')}
        </span>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={formStyles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The reasons for consulting while their list loads, or after it failed (with a retry). */
export function ReasonsStatus({ legend, failed = false, onRetry }: { legend: string; failed?: boolean; onRetry?: () => void }) {
  const t = useTranslations('Intake.form');
  return (
    <div className={formStyles.field} role="status">
      <p className={formStyles.label}>{legend}</p>
      <p className={formStyles.hint}>{failed ? t('reasonsFailed') : t('reasonsLoading')}</p>
      {failed && onRetry ? (
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('retry')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
