'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerFieldErrors } from '@/components/auth/serverErrors';
import { SelectField, TextField } from '@/components/ui/form/Field';
import { FormAlert } from '@/components/ui/form/FormParts';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import text from '@/components/ui/text.module.css';
import { readApiFailure } from '@/lib/api/auth';
import { PAYMENT_METHODS, voidReceipt, type PaymentItem, type ReceiptSummary, type ReceiptVoidInput, type VisitPayments } from '@/lib/api/payments';
import { dateLanguage, formatLocalDate } from '@/lib/format/dates';
import { MAX_REASON_LENGTH } from '@/lib/payments';
import { clinicToday, paymentDateError } from './money';
import styles from './payments.module.css';
import { usePaymentErrorText } from './usePaymentErrorText';

/**
 * The correction as typed: '' for "unchanged" method. A changed date keeps a payment's bounds: not
 * before the visit was booked (`bookedOn`), not after today.
 */
export const voidFormSchema = (payment: Pick<PaymentItem, 'paid_on'>, bookedOn: string) =>
  z.object({ reason: z.string(), method: z.string(), paid_on: z.string() }).superRefine((value, ctx) => {
    const reason = value.reason.trim();
    if (reason === '') ctx.addIssue({ code: 'custom', path: ['reason'], message: 'voidReasonRequired' });
    else if (reason.length > MAX_REASON_LENGTH) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'reasonTooLong' });
    if (value.method !== '' && !(PAYMENT_METHODS as readonly string[]).includes(value.method)) {
      ctx.addIssue({ code: 'custom', path: ['method'], message: 'methodRequired' });
    }
    const dateError = value.paid_on === payment.paid_on ? null : paymentDateError(value.paid_on, bookedOn);
    if (dateError) ctx.addIssue({ code: 'custom', path: ['paid_on'], message: dateError });
  });
type VoidFormValues = z.infer<ReturnType<typeof voidFormSchema>>;

interface Props {
  payment: PaymentItem;
  receipt: ReceiptSummary;
  /** The day the visit was booked (YYYY-MM-DD): no payment is dated before it. */
  bookedOn: string;
  /** Unique on the page: the form's ids start with it. */
  idBase: string;
  /** The server voided the receipt and issued its replacement: the visit's payments now. */
  onVoided: (updated: VisitPayments) => void;
  onCancel: () => void;
}

/**
 * Voiding a receipt and issuing its replacement, asked in place: why (required), and what the new
 * receipt corrects, the method or the date of the payment (both left as they are by default).
 */
export function ReceiptVoidForm({ payment, receipt, bookedOn, idBase, onVoided, onCancel }: Props) {
  const t = useTranslations('ClinicPayments.void');
  const methods = useTranslations('ClinicPayments.methods');
  const language = dateLanguage(useLocale());
  const errorText = usePaymentErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const questionId = `${idBase}-question`;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<VoidFormValues>({
    resolver: useZodResolver(useMemo(() => voidFormSchema(payment, bookedOn), [payment, bookedOn])),
    defaultValues: { reason: '', method: '', paid_on: payment.paid_on },
  });

  // The question opens below the button pressed: take the reader to it.
  useEffect(() => {
    questionRef.current?.focus();
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    if (isSubmitting) return;
    setFormError(null);
    const input: ReceiptVoidInput = { reason: values.reason.trim() };
    if (values.method && values.method !== payment.method) input.method = values.method as ReceiptVoidInput['method'];
    if (values.paid_on !== payment.paid_on) input.paid_on = values.paid_on;
    try {
      onVoided(await voidReceipt(receipt.id, input));
    } catch (error) {
      const failure = readApiFailure(error);
      const applied = applyServerFieldErrors(setError, failure.fieldErrors, [
        ['reason', 'reason'],
        ['method', 'method'],
        ['paid_on', 'paid_on'],
      ]);
      if (applied === 0) setFormError(failure.message ?? t('failed'));
    }
  });

  const paidOn = formatLocalDate(payment.paid_on, language, 'long');
  return (
    <form method="post" className={styles.confirm} noValidate aria-labelledby={questionId} onSubmit={onSubmit}>
      <p id={questionId} ref={questionRef} tabIndex={-1} className={`${styles.question} ${text.focusTarget}`}>
        {t('question', { number: receipt.number })}
      </p>
      <p className={styles.muted}>{t('text')}</p>
      {formError ? (
        <FormAlert>
          <p>{formError}</p>
        </FormAlert>
      ) : null}
      <div className={styles.fields}>
        <TextField
          id={`${idBase}-reason`}
          label={t('reason')}
          maxLength={MAX_REASON_LENGTH}
          autoComplete="off"
          error={errorText(errors.reason?.message)}
          {...register('reason')}
        />
        <SelectField
          id={`${idBase}-method`}
          label={t('method')}
          error={errorText(errors.method?.message)}
          options={[
            { value: '', label: t('methodUnchanged', { method: methods(payment.method) }) },
            ...PAYMENT_METHODS.filter((method) => method !== payment.method).map((method) => ({ value: method, label: methods(method) })),
          ]}
          {...register('method')}
        />
        <TextField
          id={`${idBase}-date`}
          type="date"
          label={t('date')}
          hint={t('dateHint', { date: paidOn })}
          className={styles.date}
          min={bookedOn}
          max={clinicToday()}
          error={errorText(errors.paid_on?.message, { date: formatLocalDate(bookedOn, language, 'long') })}
          {...register('paid_on')}
        />
      </div>
      <div className="button-row">
        <button
          type="submit"
          className={`button ${styles.danger}`}
          aria-disabled={isSubmitting || undefined}
          onClick={(event) => {
            if (isSubmitting) event.preventDefault();
          }}
        >
          {isSubmitting ? t('confirming') : t('confirm')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={isSubmitting}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
