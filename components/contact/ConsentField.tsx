'use client';

import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import formStyles from '@/components/ui/form/form.module.css';
import { useValidationMessage } from '@/components/ui/form/useValidationMessage';
import styles from './contact.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
  /** May hold a link (the privacy policy): it sits beside the box, not inside a Field label. */
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A checkbox with its label to the right and its error above, tied to the box. */
export function ConsentField({ label, error, ref, ...input }: Props) {
  const id = useId();
  const text = useValidationMessage()(error);
  const errorId = text ? `${id}-error` : undefined;
  return (
    <div className={formStyles.field}>
      {text ? (
        <p id={errorId} className={formStyles.error} role="alert">
          {text}
        </p>
      ) : null}
      <div className={styles.checkRow}>
        <input
          ref={ref}
          type="checkbox"
          id={id}
          className={styles.checkbox}
          aria-invalid={text ? true : undefined}
          aria-describedby={errorId}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </div>
    </div>
  );
}
