'use client';

import { useTranslations } from 'next-intl';
import { useMoney } from './money';
import styles from './payments.module.css';

/**
 * A cancelled visit's money still to give back, said above its payments panel (the agenda, the
 * patient's record): "Refund due: $135.00", then "Cancelled and refunded in full." once it is.
 */
export function RefundDueNote({ cents }: { cents: number }) {
  const t = useTranslations('ClinicPayments');
  const money = useMoney();
  if (cents <= 0) return <p className={styles.muted}>{t('refundedInFull')}</p>;
  return <p className={styles.refundDue}>{t('refundDue', { amount: money(cents) })}</p>;
}
