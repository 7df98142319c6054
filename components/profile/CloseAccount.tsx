'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from '@/lib/i18n/navigation';

// The form (react-hook-form, the shared schema, the password field) is loaded only when asked for:
// the profile is opened far more often than an account is closed.
const CloseAccountForm = lazy(() => import('./CloseAccountForm'));

/**
 * Closing the account (issue #30 item 3): what it does, said before anything is done, then the
 * form that asks for the password again.
 */
export function CloseAccount() {
  const t = useTranslations('Profile.close');
  const [asking, setAsking] = useState(false);
  const headingId = useId();
  return (
    <div>
      <h3 id={headingId}>{t('heading')}</h3>
      <p>{t('erased')}</p>
      {/* The periods are the server's settings (RETENTION_*): the policy states them (issue #38). */}
      <p>{t.rich('kept', { link: (chunks) => <Link href="/privacy-policy">{chunks}</Link> })}</p>
      {asking ? (
        <Suspense fallback={null}>
          <CloseAccountForm headingId={headingId} onCancel={() => setAsking(false)} />
        </Suspense>
      ) : (
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
            {t('start')}
          </button>
        </div>
      )}
    </div>
  );
}
