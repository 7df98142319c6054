'use client';

import { useTranslations } from 'next-intl';
import { authApi } from '@/lib/api/auth';
import { Link } from '@/lib/i18n/navigation';
import { useAuthStore } from '@/stores/StoresProvider';
import styles from './auth.module.css';
import { EmailActionForm } from './EmailActionForm';

/** Check your inbox (the link is valid one hour, said by the page intro), or send a new link. */
export function PasswordResetPrompt() {
  const t = useTranslations('Auth.resetPrompt');
  const resend = useTranslations('Auth.resend');
  const email = useAuthStore((s) => s.pendingEmail);

  return (
    <div className={styles.stack}>
      {email ? <p>{t.rich('sentTo', { email, strong: (text) => <strong>{text}</strong> })}</p> : null}
      <p>{t('notReceived')}</p>
      <section className={styles.section} aria-labelledby="reset-prompt-resend">
        <h2 id="reset-prompt-resend">{t('resendHeading')}</h2>
        <EmailActionForm
          key={email ?? ''}
          knownEmail={email}
          action={(address) => authApi.requestPasswordReset({ email: address })}
          emailLabel={resend('email')}
          submitLabel={resend('submit')}
          pendingLabel={resend('submitting')}
          sentText={resend('resetSent')}
        />
      </section>
      <p>
        <Link href="/login">{t('signIn')}</Link>
      </p>
    </div>
  );
}
