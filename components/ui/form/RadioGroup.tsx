'use client';

import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './form.module.css';
import { useValidationMessage } from './useValidationMessage';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'id'> & {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
  options: ReadonlyArray<{ value: string; label: string; lang?: string }>;
};

/** A fieldset of radios; spread register() into it (every radio takes the ref, as react-hook-form expects). */
export function RadioGroup({ legend, hint, error, options, ref, ...input }: Props) {
  const baseId = useId();
  const text = useValidationMessage()(error);
  const hintId = hint ? `${baseId}-hint` : undefined;
  const errorId = text ? `${baseId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={styles.fieldset} aria-describedby={describedBy}>
      <legend className={styles.label}>{legend}</legend>
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
      <div className={styles.radios}>
        {options.map((option) => (
          <label key={option.value} className={styles.radio} lang={option.lang}>
            <input
              type="radio"
              value={option.value}
              id={`${baseId}-${option.value}`}
              ref={ref}
              {...input}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
