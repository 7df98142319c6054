'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { useAuthStore, useUserStore } from '@/stores/StoresProvider';
import { selectFirstName } from '@/stores/user';
import styles from './AccountMenu.module.css';
import { SignOutButton } from './SignOutButton';

/**
 * The header's account entry: "Sign in" for visitors, the first name (to the profile) and
 * "Sign out" once signed in. Until the start-up session check settles it holds the place of
 * "Sign in" without showing it, so a signed-in visitor never sees it flash.
 */
export function AccountMenu({ linkClassName = '' }: { linkClassName?: string }) {
  const t = useTranslations('AccountMenu');
  const validated = useAuthStore((s) => s.validated);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const firstName = useUserStore(selectFirstName);

  if (!validated) {
    return (
      <span className={`${linkClassName} ${styles.pending}`} aria-hidden="true" data-testid="account-pending">
        {t('signIn')}
      </span>
    );
  }

  if (!isAuthenticated) {
    return (
      <Link className={linkClassName} href="/login">
        {t('signIn')}
      </Link>
    );
  }

  return (
    <>
      <Link
        className={linkClassName}
        href="/profile"
        aria-label={firstName ? `${firstName}, ${t('profileSuffix')}` : undefined}
      >
        <span className={styles.firstName}>{firstName ?? t('myAccount')}</span>
      </Link>
      <SignOutButton className={`${linkClassName} ${styles.linkButton}`} label={t('signOut')} pendingLabel={t('signingOut')} />
    </>
  );
}
