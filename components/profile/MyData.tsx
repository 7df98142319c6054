'use client';

import { useLocale, useTranslations } from 'next-intl';
import { myDataUrl } from '@/lib/api/privacy';
import { Link } from '@/lib/i18n/navigation';
import { CloseAccount } from './CloseAccount';

/**
 * "My data" (issue #30): download everything the clinic holds, at once, as a ZIP (a plain link:
 * the browser saves the stream to disk), and, for a patient, close the account.
 */
export function MyData({ className, patient }: { className?: string; patient: boolean }) {
  const t = useTranslations('Profile.myData');
  const locale = useLocale() === 'fr' ? 'fr' : 'en';
  return (
    <section className={className} aria-labelledby="profile-my-data">
      <h2 id="profile-my-data">{t('heading')}</h2>
      <p>{t('text')}</p>
      <div className="button-row">
        <a className="button button--secondary" href={myDataUrl(locale)} download>
          {t('download')}
        </a>
      </div>
      <p>
        {t.rich('policy', { link: (chunks) => <Link href="/privacy-policy">{chunks}</Link> })}
      </p>
      {patient ? <CloseAccount /> : null}
    </section>
  );
}
