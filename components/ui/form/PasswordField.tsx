'use client';

import { useTranslations } from 'next-intl';
import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Field } from './Field';
import styles from './form.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  autoComplete: 'current-password' | 'new-password';
};

/** A password input with a show/hide toggle; pasting stays allowed (password managers). */
export function PasswordField({ label, hint, error, id, ref, className, ...input }: Props) {
  const t = useTranslations('Forms');
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => (
        <div className={styles.passwordRow}>
          <input
            ref={ref}
            type={visible ? 'text' : 'password'}
            className={`${styles.input} ${className ?? ''}`}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...control}
            {...input}
          />
          <button
            type="button"
            className={styles.toggle}
            aria-controls={control.id}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? t('hidePassword') : t('showPassword')}
          </button>
        </div>
      )}
    </Field>
  );
}
