'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import facts from '@/components/ui/facts.module.css';
import listStyles from '@/components/ui/list.module.css';
import text from '@/components/ui/text.module.css';
import { manageReceiptPdf, manageReceipts, type PatientReceipt } from '@/lib/api/payments';
import { otherLanguage, useReceiptFormat } from './format';
import { DownloadLabel, ReceiptAmount, ReceiptTitle } from './ReceiptParts';
import styles from './receipts.module.css';
import { saveBlob } from './saveBlob';

type Pending = { id: string; language?: 'en' | 'fr' };

/**
 * The receipts of the visit a manage link opens (issue #20). Nothing at all while they load, when
 * there are none, or when they cannot be read: the page is about the appointment. Each PDF is
 * fetched with the link's token in the request's body (never in an address) and saved from memory.
 */
export function ManageReceipts({ token }: { token: string }) {
  const t = useTranslations('Receipts');
  const [loaded, setLoaded] = useState<{ token: string; receipts: PatientReceipt[] } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    manageReceipts(token).then(
      (receipts) => live && setLoaded({ token, receipts }),
      () => live && setLoaded({ token, receipts: [] }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const receipts = loaded?.token === token ? loaded.receipts : [];
  if (receipts.length === 0) return null;

  const download = (receipt: PatientReceipt, language?: 'en' | 'fr') => {
    if (pending) return;
    setPending({ id: receipt.id, language });
    setFailed(null);
    manageReceiptPdf(token, receipt.id, language)
      .then(
        (blob) => saveBlob(blob, `${receipt.number}${language ? `-${language}` : ''}.pdf`),
        () => setFailed(receipt.number),
      )
      .finally(() => setPending(null));
  };
  const preparing = pending ? receipts.find((receipt) => receipt.id === pending.id) : undefined;

  return (
    <section aria-labelledby="manage-receipts">
      <h2 id="manage-receipts">{t('heading')}</h2>
      <p className={styles.intro}>{t('manage.intro')}</p>
      {failed ? (
        <p className={`${text.alert} ${styles.alert}`} role="alert">
          {t('manage.downloadFailed', { number: failed })}
        </p>
      ) : null}
      <p className={preparing ? styles.status : 'visually-hidden'} role="status">
        {preparing ? t('manage.downloading', { number: preparing.number }) : null}
      </p>
      <ul className={`${listStyles.cardList} ${styles.list}`}>
        {receipts.map((receipt) => (
          <li key={receipt.id}>
            <ManageReceiptCard receipt={receipt} pending={pending} onDownload={download} />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface CardProps {
  receipt: PatientReceipt;
  pending: Pending | null;
  onDownload: (receipt: PatientReceipt, language?: 'en' | 'fr') => void;
}

function ManageReceiptCard({ receipt, pending, onDownload }: CardProps) {
  const t = useTranslations('Receipts');
  const other = otherLanguage(useLocale());
  const { date } = useReceiptFormat();
  const headingId = useId();
  const busy = (language?: 'en' | 'fr') => pending?.id === receipt.id && pending.language === language;
  return (
    <article className={listStyles.card} aria-labelledby={headingId}>
      <ReceiptTitle receipt={receipt} id={headingId} level={3} />
      <dl className={`${facts.facts} ${styles.facts}`}>
        <div>
          <dt>{t('issued')}</dt>
          <dd>{date(receipt.issued_at)}</dd>
        </div>
        <div>
          <dt>{t('amount')}</dt>
          <dd>
            <ReceiptAmount cents={receipt.amount_cents} />
          </dd>
        </div>
      </dl>
      {/* aria-disabled rather than disabled while a file is prepared: focus stays on the button. */}
      <div className={`button-row ${styles.actions}`}>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={pending ? true : undefined}
          aria-busy={busy() || undefined}
          onClick={() => onDownload(receipt)}
        >
          <DownloadLabel number={receipt.number} />
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={pending ? true : undefined}
          aria-busy={busy(other) || undefined}
          onClick={() => onDownload(receipt, other)}
        >
          <DownloadLabel number={receipt.number} language={other} />
        </button>
      </div>
    </article>
  );
}
