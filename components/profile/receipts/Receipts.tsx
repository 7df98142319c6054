'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import facts from '@/components/ui/facts.module.css';
import listStyles from '@/components/ui/list.module.css';
import text from '@/components/ui/text.module.css';
import { patientReceiptUrl, patientYearUrl, type PatientReceipt } from '@/lib/api/payments';
import { otherLanguage, useReceiptFormat } from './format';
import { DownloadLabel, ReceiptAmount, ReceiptTitle } from './ReceiptParts';
import styles from './receipts.module.css';
import { useMyReceipts } from './useMyReceipts';

/**
 * The profile's receipts (issue #20), a patient's only: each year's, newest first, with each
 * receipt's PDF (in its own language, or the other one than the page's) and the year's in one file.
 * The PDFs are plain links: the browser downloads them with the session's cookie.
 */
export function Receipts({ className }: { className?: string }) {
  const t = useTranslations('Receipts');
  const { data, loading, failed, reload } = useMyReceipts();
  const years = data ? [...data.years].filter((y) => y.receipts.length > 0).sort((a, b) => b.year - a.year) : [];

  return (
    <section className={className} aria-labelledby="profile-receipts">
      <h2 id="profile-receipts">{t('heading')}</h2>
      <p className={styles.intro}>{t('profile.intro')}</p>

      {data === null && loading ? (
        <p className={styles.status} role="status">
          {t('profile.loading')}
        </p>
      ) : null}

      {failed ? (
        <div className={`${text.alert} ${styles.alert}`} role="alert">
          <p>{t('profile.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={reload}>
            {t('profile.retry')}
          </button>
        </div>
      ) : null}

      {data && years.length === 0 ? <p>{t('profile.empty')}</p> : null}

      {years.map(({ year, receipts }) => (
        <section key={year} aria-labelledby={`profile-receipts-${year}`}>
          <h3 id={`profile-receipts-${year}`} className={styles.year}>
            {year}
          </h3>
          <ul className={`${listStyles.cardList} ${styles.list}`}>
            {receipts.map((receipt) => (
              <li key={receipt.id}>
                <ReceiptCard receipt={receipt} />
              </li>
            ))}
          </ul>
          <a className="button button--secondary" href={patientYearUrl(year)} download>
            {t('profile.downloadYear', { year: String(year) })}
          </a>
        </section>
      ))}
    </section>
  );
}

function ReceiptCard({ receipt }: { receipt: PatientReceipt }) {
  const t = useTranslations('Receipts');
  const other = otherLanguage(useLocale());
  const { date } = useReceiptFormat();
  const headingId = useId();
  return (
    <article className={listStyles.card} aria-labelledby={headingId}>
      <ReceiptTitle receipt={receipt} id={headingId} level={4} />
      <dl className={`${facts.facts} ${styles.facts}`}>
        <div>
          <dt>{t('issued')}</dt>
          <dd>{date(receipt.issued_at)}</dd>
        </div>
        <div>
          <dt>{t('service')}</dt>
          <dd>{receipt.service_name}</dd>
        </div>
        <div>
          <dt>{t('serviceDate')}</dt>
          <dd>{date(receipt.service_date)}</dd>
        </div>
        <div>
          <dt>{t('amount')}</dt>
          <dd>
            <ReceiptAmount cents={receipt.amount_cents} />
          </dd>
        </div>
      </dl>
      <div className={`button-row ${styles.actions}`}>
        <a className="button button--secondary" href={patientReceiptUrl(receipt.id)} download>
          <DownloadLabel number={receipt.number} />
        </a>
        <a className="button button--secondary" href={patientReceiptUrl(receipt.id, other)} hrefLang={other} download>
          <DownloadLabel number={receipt.number} language={other} />
        </a>
      </div>
    </article>
  );
}
