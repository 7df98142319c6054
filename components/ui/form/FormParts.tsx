'use client';

import type { ReactNode } from 'react';
import styles from './form.module.css';

/** A message about the whole form, announced when it appears. */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'info' }) {
  return (
    <div className={tone === 'error' ? styles.alert : styles.notice} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/**
 * The form's main button: unavailable while the request runs (a second click or Enter does
 * nothing), with a visible progress label. aria-disabled rather than disabled, so keyboard
 * focus stays on the button instead of falling back to the page.
 */
export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <button
      type="submit"
      className={`button button--primary ${styles.submit}`}
      aria-disabled={pending}
      onClick={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      {pending ? (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          {pendingLabel}
        </>
      ) : (
        label
      )}
    </button>
  );
}
