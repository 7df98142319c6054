'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import facts from '@/components/ui/facts.module.css';
import text from '@/components/ui/text.module.css';
import type { PaymentItem, ReceiptSummary, VisitPayments as VisitPaymentsData } from '@/lib/api/payments';
import { Link } from '@/lib/i18n/navigation';
import { useMoney } from './money';
import { PaymentEntry, paymentHeadingId } from './PaymentEntry';
import styles from './payments.module.css';
import { useVisitPayments } from './useVisitPayments';

// The forms validate with zod: loaded when a panel opens, not with the agenda or the patient's page.
const PaymentForm = lazy(() => import('./PaymentForm').then((module) => ({ default: module.PaymentForm })));

interface Props {
  appointmentId: number;
  /** Whose visit: names the toggle for screen readers (left out on a page about one patient). */
  patientName?: string;
  /** When the visit is (or another short phrase telling it from the others on the page). */
  when?: string;
  /**
   * The level of the panel's headings ("Payments", "Record a payment"): one below the heading of
   * the visit it belongs to. Each payment's heading is one more.
   */
  headingLevel?: 3 | 4 | 5;
  /** Open from the start: a cancelled visit with a refund due shows its refund form at once. */
  initiallyOpen?: boolean;
  /** A payment, refund or void was recorded: the visit's payments now (the agenda's "Refund due" follows). */
  onChanged?: (updated: VisitPaymentsData) => void;
}

/** The newest payment of an answer: the one not there before, else the last recorded. */
function newestPayment(updated: VisitPaymentsData, before: VisitPaymentsData | null): PaymentItem | undefined {
  const known = new Set(before?.payments.map((p) => p.id) ?? []);
  const added = updated.payments.filter((p) => !known.has(p.id));
  const pool = added.length > 0 ? added : updated.payments;
  return pool.reduce<PaymentItem | undefined>((newest, p) => (!newest || p.recorded_at > newest.recorded_at ? p : newest), undefined);
}

/** The receipt a payment has now, if any (the first one, unless it was voided without a replacement). */
const currentReceipt = (payment: PaymentItem | undefined) => {
  const first = payment?.receipts[0];
  return first && !first.voided ? first : undefined;
};

/**
 * One visit's payments and receipts, for the clinic: closed at first (a button opens it); open,
 * the price, what was paid and what is left, each payment with its receipts (download, in either
 * language; void and reissue the current one), and a form to record a payment or a refund. A
 * cancelled visit's payments are shown only, but for the refund of what was paid for it (issue #27
 * item 6). Each change is announced in the panel's status
 * line, and focus goes to the payment changed.
 */
export function VisitPayments({ appointmentId, patientName, when, headingLevel = 4, initiallyOpen = false, onChanged }: Props) {
  const t = useTranslations('ClinicPayments');
  const money = useMoney();
  const [open, setOpen] = useState(initiallyOpen);
  const [announcement, setAnnouncement] = useState('');
  const [voidingId, setVoidingId] = useState<string | null>(null);
  const payments = useVisitPayments(appointmentId, open);
  const { data, loading, failed } = payments;
  const idBase = `visit-payments-${appointmentId}`;
  const toggleId = `${idBase}-toggle`;
  const panelId = `${idBase}-panel`;
  const subject = [patientName, when].filter(Boolean).join(', ');
  const Heading = `h${headingLevel}` as const;
  const entryLevel = (headingLevel + 1) as 4 | 5 | 6;

  const toggle = () => {
    if (!open) payments.starting();
    setOpen(!open);
    setAnnouncement('');
    setVoidingId(null);
  };

  const focusPayment = (payment: PaymentItem | undefined) => {
    if (payment) requestAnimationFrame(() => document.getElementById(paymentHeadingId(idBase, payment.id))?.focus());
  };

  const recorded = (updated: VisitPaymentsData, message: string) => {
    const payment = newestPayment(updated, data);
    const receipt = currentReceipt(payment);
    payments.replace(updated);
    onChanged?.(updated);
    setVoidingId(null);
    setAnnouncement(receipt ? `${message} ${t('receiptIssued', { number: receipt.number })}` : message);
    focusPayment(payment);
  };

  const voided = (updated: VisitPaymentsData, payment: PaymentItem, receipt: ReceiptSummary) => {
    const now = updated.payments.find((p) => p.id === payment.id);
    const replacement = currentReceipt(now);
    payments.replace(updated);
    onChanged?.(updated);
    setVoidingId(null);
    const message = t('void.done', { old: receipt.number });
    setAnnouncement(replacement && replacement.id !== receipt.id ? `${message} ${t('receiptIssued', { number: replacement.number })}` : message);
    focusPayment(now);
  };

  const cancelled = data?.status === 'cancelled';
  const refundDue = cancelled ? data.refund_due_cents : 0;
  const teamLink = (chunks: ReactNode) => <Link href="/profile/team">{chunks}</Link>;

  return (
    <div className={styles.visit}>
      <button
        id={toggleId}
        type="button"
        className={`button button--secondary ${styles.toggle}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        {t('toggle')}
        {subject ? (
          <>
            {' '}
            <span className="visually-hidden">{t('toggleFor', { subject })}</span>
          </>
        ) : null}
      </button>

      {open ? (
        <div id={panelId} role="region" aria-labelledby={toggleId} className={styles.panel}>
          <p className={styles.muted} role="status">
            {loading ? t('loading') : null}
          </p>

          {failed ? (
            <div className={text.alert} role="alert">
              <p className={styles.flush}>{t('loadFailed')}</p>
              <button type="button" className={`button button--secondary ${styles.retry}`} onClick={payments.retry}>
                {t('retry')}
              </button>
            </div>
          ) : null}

          <div role="status" className={announcement ? styles.announcement : undefined}>
            {announcement}
          </div>

          {data ? (
            <div aria-busy={loading}>
              <dl className={`${facts.facts} ${styles.totals}`}>
                <div>
                  <dt>{t('total')}</dt>
                  <dd>{money(data.total_cents)}</dd>
                </div>
                <div>
                  <dt>{t('paid')}</dt>
                  <dd>{money(data.paid_cents)}</dd>
                </div>
                <div>
                  <dt>{t('balance')}</dt>
                  <dd className={styles.balance}>{money(data.balance_cents)}</dd>
                </div>
              </dl>

              {cancelled ? <p className={styles.notice}>{refundDue > 0 ? t('cancelledRefundNote', { amount: money(refundDue) }) : t('cancelledNote')}</p> : null}
              {(!cancelled || refundDue > 0) && !data.dietitian_registered ? <p className={styles.notice}>{t.rich('notRegistered', { link: teamLink })}</p> : null}

              <section aria-labelledby={`${idBase}-list`}>
                <Heading id={`${idBase}-list`} className={styles.subheading}>
                  {t('paymentsHeading')}
                </Heading>
                {data.payments.length === 0 ? (
                  <p className={styles.muted}>{t('noPayments')}</p>
                ) : (
                  <ul className={styles.payments}>
                    {data.payments.map((payment) => (
                      <PaymentEntry
                        key={payment.id}
                        payment={payment}
                        bookedOn={data.booked_on}
                        idBase={idBase}
                        headingLevel={entryLevel}
                        readOnly={cancelled}
                        voidingId={voidingId}
                        onVoiding={(receiptId) => {
                          setAnnouncement('');
                          setVoidingId(receiptId);
                        }}
                        onVoided={voided}
                      />
                    ))}
                  </ul>
                )}
              </section>

              {cancelled && refundDue <= 0 ? null : (
                <Suspense fallback={null}>
                  <PaymentForm appointmentId={appointmentId} payments={data} headingLevel={headingLevel} refundOnly={cancelled} onRecorded={recorded} />
                </Suspense>
              )}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
