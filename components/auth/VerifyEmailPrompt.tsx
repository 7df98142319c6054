'use client';

import { useTranslations } from 'next-intl';
import { authApi } from '@/lib/api/auth';
import { Link } from '@/lib/i18n/navigation';
import { useAuthStore } from '@/stores/StoresProvider';
import styles from './auth.module.css';
import { EmailActionForm } from './EmailActionForm';

/** After sign-up (or a sign-in refused for an unconfirmed address): check your inbox, or resend. */
export function VerifyEmailPrompt() {
  const t = useTranslations('Auth.verifyPrompt');
  const resend = useTranslations('Auth.resend');
  const email = useAuthStore((s) => s.pendingEmail);

  return (
    <div className={styles.stack}>
      <p>{email ? t.rich('sentTo', { email, strong: (text) => <strong>{text}</strong> }) : t('sentToUnknown')}</p>
      <p>{t('notReceived')}</p>
      <section className={styles.section} aria-labelledby="verify-prompt-resend">
        <h2 id="verify-prompt-resend">{t('resendHeading')}</h2>
        <EmailActionForm
          key={email ?? ''}
          knownEmail={email}
          action={(address) => authApi.resendVerification({ email: address })}
          emailLabel={resend('email')}
          submitLabel={resend('submit')}
          pendingLabel={resend('submitting')}
          sentText={resend('verificationSent')}
        />
      </section>
      <p>
        {t('verified')} <Link href="/login">{t('signIn')}</Link>
      </p>
    </div>
  );
}
