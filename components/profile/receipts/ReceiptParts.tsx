'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { PatientReceipt } from '@/lib/api/payments';
import { useReceiptFormat } from './format';
import styles from './receipts.module.css';

const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

/** A download control's text: "Download" shown, the receipt's number read out too. */
export function DownloadLabel({ number, language }: { number: string; language?: 'en' | 'fr' }) {
  const t = useTranslations('Receipts');
  return language ? t.rich(`downloadIn.${language}`, { number, hidden }) : t.rich('download', { number, hidden });
}

/** The receipt's number as its card's heading, with "Voided" when it no longer counts. */
export function ReceiptTitle({ receipt, id, level }: { receipt: PatientReceipt; id: string; level: 3 | 4 }) {
  const t = useTranslations('Receipts');
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <Heading id={id} className={styles.title}>
      <span>{receipt.number}</span>
      {/* The space keeps "R-… Voided" two words when read out; the flex layout does not show it. */}
      {receipt.voided ? <> <span className={styles.badge}>{t('voided')}</span></> : null}
    </Heading>
  );
}

/** The amount in dollars; a negative one is a refund and says so. */
export function ReceiptAmount({ cents }: { cents: number }) {
  const t = useTranslations('Receipts');
  const { money } = useReceiptFormat();
  if (cents < 0) return <span className={styles.refund}>{t('refund', { amount: money(-cents) })}</span>;
  return <>{money(cents)}</>;
}
