'use client';

import { useLocale, useTranslations } from 'next-intl';
import { lazy, Suspense, type ReactNode } from 'react';
import listStyles from '@/components/ui/list.module.css';
import text from '@/components/ui/text.module.css';
import { clinicReceiptUrl, type PaymentItem, type ReceiptSummary, type VisitPayments } from '@/lib/api/payments';
import { dateLanguage, formatDate, formatLocalDate } from '@/lib/format/dates';
import { useMoney } from './money';
import styles from './payments.module.css';

// Loaded when a receipt is voided: it validates with zod.
const ReceiptVoidForm = lazy(() => import('./ReceiptVoidForm').then((module) => ({ default: module.ReceiptVoidForm })));

/** The id of a payment's heading, which takes focus after a change to it. */
export const paymentHeadingId = (idBase: string, paymentId: string) => `${idBase}-payment-${paymentId}`;
/** The id of a receipt's "Void and reissue" button, where focus returns when the form closes. */
const voidButtonId = (idBase: string, receiptId: string) => `${idBase}-void-${receiptId}`;

const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

interface Props {
  payment: PaymentItem;
  /** The day the visit was booked (YYYY-MM-DD): a corrected date may not precede it. */
  bookedOn: string;
  /** Unique on the page (the visit's panel): ids start with it. */
  idBase: string;
  headingLevel: 4 | 5 | 6;
  /** A cancelled visit's payments: nothing to void. */
  readOnly: boolean;
  /** The receipt whose void form is open in the panel, if any. */
  voidingId: string | null;
  onVoiding: (receiptId: string | null) => void;
  onVoided: (updated: VisitPayments, payment: PaymentItem, receipt: ReceiptSummary) => void;
}

/**
 * One payment or refund: amount, date, method, who recorded it (a refund's reason), then its
 * receipts, the current one first: each downloads in its language or the other, and the current
 * one can be voided and reissued.
 */
export function PaymentEntry({ payment, bookedOn, idBase, headingLevel, readOnly, voidingId, onVoiding, onVoided }: Props) {
  const t = useTranslations('ClinicPayments');
  const language = dateLanguage(useLocale());
  const money = useMoney();
  const Heading = `h${headingLevel}` as const;
  const headingId = paymentHeadingId(idBase, payment.id);
  const receiptsId = `${headingId}-receipts`;
  const refund = payment.amount_cents < 0;

  const closeVoid = (receipt: ReceiptSummary) => {
    onVoiding(null);
    requestAnimationFrame(() => document.getElementById(voidButtonId(idBase, receipt.id))?.focus());
  };

  const receiptEntry = (receipt: ReceiptSummary, index: number) => {
    const other = receipt.language === 'en' ? 'fr' : 'en';
    const current = index === 0 && !receipt.voided;
    const issued = formatDate(receipt.issued_at, language, 'long');
    return (
      <li key={receipt.id} className={styles.receipt}>
        <p className={styles.receiptLine}>
          <a href={clinicReceiptUrl(receipt.id)} download className={styles.receiptNumber}>
            <span className="visually-hidden">{t('download')}</span> {receipt.number}
          </a>
          <span className={styles.muted}>{t('issued', { date: issued, language: t(`languages.${receipt.language}`) })}</span>
          <a href={clinicReceiptUrl(receipt.id, other)} download hrefLang={other}>
            {t.rich(`downloadIn.${other}`, { number: receipt.number, hidden })}
          </a>
        </p>
        {receipt.voided ? (
          <p className={styles.voided}>
            {t('voided', { reason: receipt.voided.reason })}
            {receipt.replaced_by ? (
              <>
                {' '}
                {t('replacedBy', { number: receipt.replaced_by })}
              </>
            ) : null}
          </p>
        ) : null}
        {current && !readOnly ? (
          voidingId === receipt.id ? (
            <Suspense fallback={null}>
              <ReceiptVoidForm
                payment={payment}
                receipt={receipt}
                bookedOn={bookedOn}
                idBase={`${idBase}-voiding-${receipt.id}`}
                onVoided={(updated) => onVoided(updated, payment, receipt)}
                onCancel={() => closeVoid(receipt)}
              />
            </Suspense>
          ) : (
            <div className="button-row">
              <button
                id={voidButtonId(idBase, receipt.id)}
                type="button"
                className="button button--secondary"
                onClick={() => onVoiding(receipt.id)}
              >
                {t('void.open')} <span className="visually-hidden">{receipt.number}</span>
              </button>
            </div>
          )
        ) : null}
      </li>
    );
  };

  return (
    <li className={`${listStyles.item} ${styles.payment}`}>
      <Heading id={headingId} tabIndex={-1} className={`${styles.paymentTitle} ${text.focusTarget}`}>
        {refund ? t('refund', { amount: money(-payment.amount_cents) }) : t('payment', { amount: money(payment.amount_cents) })}
      </Heading>
      <dl className={`${listStyles.meta} ${styles.meta}`}>
        <div>
          <dt>{t('date')}</dt>
          <dd>
            <time dateTime={payment.paid_on}>{formatLocalDate(payment.paid_on, language, 'long')}</time>
          </dd>
        </div>
        <div>
          <dt>{t('method')}</dt>
          <dd>{t(`methods.${payment.method}`)}</dd>
        </div>
        {payment.recorded_by ? (
          <div>
            <dt>{t('recordedBy')}</dt>
            <dd>{payment.recorded_by}</dd>
          </div>
        ) : null}
        {payment.reason ? (
          <div>
            <dt>{t('reason')}</dt>
            <dd>{payment.reason}</dd>
          </div>
        ) : null}
      </dl>
      {payment.receipts.length === 0 ? (
        <p className={styles.muted}>{t('noReceipt')}</p>
      ) : (
        <>
          <p id={receiptsId} className={styles.receiptsLabel}>
            {t('receipts')}
          </p>
          <ul className={styles.receipts} aria-labelledby={receiptsId}>
            {payment.receipts.map(receiptEntry)}
          </ul>
        </>
      )}
    </li>
  );
}
