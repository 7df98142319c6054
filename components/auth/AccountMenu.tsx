'use client';

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
export interface AccountMenuTexts {
  signIn: string;
  signOut: string;
  signingOut: string;
  myAccount: string;
  profileSuffix: string;
}

/** Its texts come from the header (a server component): no message formatting loads with every page. */
export function AccountMenu({ linkClassName = '', texts }: { linkClassName?: string; texts: AccountMenuTexts }) {
  const validated = useAuthStore((s) => s.validated);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const firstName = useUserStore(selectFirstName);

  if (!validated) {
    return (
      <span className={`${linkClassName} ${styles.pending}`} aria-hidden="true" data-testid="account-pending">
        {texts.signIn}
      </span>
    );
  }

  if (!isAuthenticated) {
    return (
      <Link className={linkClassName} href="/login">
        {texts.signIn}
      </Link>
    );
  }

  return (
    <>
      <Link
        className={linkClassName}
        href="/profile"
        aria-label={firstName ? `${firstName}, ${texts.profileSuffix}` : undefined}
      >
        <span className={styles.firstName}>{firstName ?? texts.myAccount}</span>
      </Link>
      <SignOutButton className={`${linkClassName} ${styles.linkButton}`} label={texts.signOut} pendingLabel={texts.signingOut} />
    </>
  );
}
