'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '@/components/ui/form/FormParts';
import { authApi, readApiFailure } from '@/lib/api/auth';
import { Link } from '@/lib/i18n/navigation';
import { useAuthStore } from '@/stores/StoresProvider';
import styles from './auth.module.css';
import { EmailActionForm } from './EmailActionForm';
import { useQueryParam } from './useQueryParam';

type Outcome = 'success' | 'invalid' | 'failed';

/**
 * The e-mailed link (/verify-email?uid=..&token=..): posted once on arrival, then success (go
 * sign in) or an invalid link (ask for a new one right here).
 */
export function VerifyEmail() {
  const t = useTranslations('Auth.verify');
  const resend = useTranslations('Auth.resend');
  const pendingEmail = useAuthStore((s) => s.pendingEmail);
  const uid = useQueryParam('uid');
  const token = useQueryParam('token');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The token is single-use: one request per attempt, also under Strict Mode's double effects.
  const sentFor = useRef<number | null>(null);

  useEffect(() => {
    if (!uid || !token || sentFor.current === attempt) return;
    sentFor.current = attempt;
    authApi.verifyEmail({ uid, token }).then(
      () => setOutcome('success'),
      (error: unknown) => {
        const { status } = readApiFailure(error);
        setOutcome(status !== null && status >= 400 && status < 500 ? 'invalid' : 'failed');
      },
    );
  }, [uid, token, attempt]);

  const missing = uid === null || token === null || uid === '' || token === '';
  const state: Outcome | 'verifying' = missing ? 'invalid' : (outcome ?? 'verifying');

  if (state === 'verifying') {
    return (
      <p className={styles.status} role="status">
        {t('verifying')}
      </p>
    );
  }

  if (state === 'success') {
    return (
      <div className={styles.stack}>
        <FormAlert tone="info">
          <p>{t('success')}</p>
        </FormAlert>
        <p>
          <Link className="button button--primary" href="/login">
            {t('signIn')}
          </Link>
        </p>
      </div>
    );
  }

  if (state === 'failed') {
    return (
      <div className={styles.stack}>
        <FormAlert>
          <p>{t('failed')}</p>
        </FormAlert>
        <div className="button-row">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setOutcome(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t('retry')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.stack}>
      <FormAlert>
        <p>{t('invalid')}</p>
      </FormAlert>
      <section className={styles.section} aria-labelledby="verify-resend">
        <h2 id="verify-resend">{t('resendHeading')}</h2>
        <EmailActionForm
          key={pendingEmail ?? ''}
          knownEmail={pendingEmail}
          action={(email) => authApi.resendVerification({ email })}
          emailLabel={resend('email')}
          submitLabel={resend('submit')}
          pendingLabel={resend('submitting')}
          sentText={resend('verificationSent')}
        />
      </section>
    </div>
  );
}
