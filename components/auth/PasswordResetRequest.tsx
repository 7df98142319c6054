'use client';

import { useTranslations } from 'next-intl';
import { authApi } from '@/lib/api/auth';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { useAuthStore } from '@/stores/StoresProvider';
import styles from './auth.module.css';
import { EmailActionForm } from './EmailActionForm';

/**
 * Forgotten password: the server answers the same whether or not the account exists, so the
 * visitor always continues to the same "check your inbox" page.
 */
export function PasswordResetRequest() {
  const t = useTranslations('Auth.resetRequest');
  const router = useRouter();
  const setPendingEmail = useAuthStore((s) => s.setPendingEmail);

  return (
    <div className={styles.stack}>
      <EmailActionForm
        action={(email) => authApi.requestPasswordReset({ email })}
        emailLabel={t('email')}
        submitLabel={t('submit')}
        pendingLabel={t('submitting')}
        onSent={(email) => {
          setPendingEmail(email);
          router.push('/password-reset-prompt');
        }}
      />
      <p>
        {t('remembered')} <Link href="/login">{t('signIn')}</Link>
      </p>
    </div>
  );
}
