'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { applyServerFieldErrors } from '@/components/auth/serverErrors';
import { TextField } from '@/components/ui/form/Field';
import { FormAlert, SubmitButton } from '@/components/ui/form/FormParts';
import { RadioGroup } from '@/components/ui/form/RadioGroup';
import formStyles from '@/components/ui/form/form.module.css';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { readApiFailure } from '@/lib/api/auth';
import { PAYMENT_METHODS, recordPayment, type PaymentInput, type VisitPayments } from '@/lib/api/payments';
import { MAX_PAYMENT_CENTS, MAX_REASON_LENGTH } from '@/lib/payments';
import { dateLanguage, formatLocalDate } from '@/lib/format/dates';
import { centsForInput, clinicToday, parseDollars, paymentDateError, useMoney } from './money';
import styles from './payments.module.css';
import { usePaymentErrorText } from './usePaymentErrorText';

/**
 * The form as typed: dollars as text, the method as a radio value ('' before a choice). Every
 * check is in one refinement, so all of them run together and each names its ClinicPayments.errors
 * key. The date lies between the day the visit was booked and today (the server checks the same).
 */
export const paymentFormSchema = (bookedOn: string) =>
  z
    // A radio group with nothing checked reads as null.
    .object({ amount: z.string(), method: z.string().nullable(), paid_on: z.string(), refund: z.boolean(), reason: z.string() })
    .superRefine((value, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      const cents = parseDollars(value.amount);
      if (value.amount.trim() === '') issue('amount', 'amountRequired');
      else if (cents === null) issue('amount', 'amountInvalid');
      else if (cents <= 0 || cents > MAX_PAYMENT_CENTS) issue('amount', 'amountRange');
      if (!(PAYMENT_METHODS as readonly string[]).includes(value.method ?? '')) issue('method', 'methodRequired');
      const dateError = paymentDateError(value.paid_on, bookedOn);
      if (dateError) issue('paid_on', dateError);
      const reason = value.reason.trim();
      if (value.refund && reason === '') issue('reason', 'refundReasonRequired');
      else if (value.refund && reason.length > MAX_REASON_LENGTH) issue('reason', 'reasonTooLong');
    });
export type PaymentFormValues = z.infer<ReturnType<typeof paymentFormSchema>>;

/** What the form sends: a refund is a negative amount with its reason. */
export function paymentInputOf(values: PaymentFormValues): PaymentInput {
  const cents = parseDollars(values.amount) ?? 0;
  const input: PaymentInput = {
    amount_cents: values.refund ? -cents : cents,
    method: values.method as PaymentInput['method'],
    paid_on: values.paid_on,
  };
  if (values.refund) input.reason = values.reason.trim();
  return input;
}

interface Props {
  appointmentId: number;
  payments: VisitPayments;
  /** The form's heading: h4 under an h3, and so on. */
  headingLevel: 3 | 4 | 5 | 6;
  /** A cancelled visit paid in advance: only its refund can be recorded (issue #27 item 6). */
  refundOnly?: boolean;
  /** The server recorded it: its answer, and the sentence that opens the announcement. */
  onRecorded: (updated: VisitPayments, message: string) => void;
}

/** Records a payment (or a refund) for the visit: amount, method, date; a refund's reason. */
export function PaymentForm({ appointmentId, payments, headingLevel, refundOnly = false, onRecorded }: Props) {
  const t = useTranslations('ClinicPayments.record');
  const methods = useTranslations('ClinicPayments.methods');
  const locale = useLocale();
  const money = useMoney();
  const errorText = usePaymentErrorText();
  const headingId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const Heading = `h${headingLevel}` as const;

  const bookedOn = formatLocalDate(payments.booked_on, dateLanguage(locale), 'long');
  const schema = useMemo(() => paymentFormSchema(payments.booked_on), [payments.booked_on]);
  // A payment offers the balance; a cancelled visit's refund, what is due back.
  const defaults = (data: VisitPayments): PaymentFormValues => {
    const suggested = refundOnly ? data.refund_due_cents : data.balance_cents;
    return { amount: suggested > 0 ? centsForInput(suggested, locale) : '', method: '', paid_on: clinicToday(), refund: refundOnly, reason: '' };
  };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PaymentFormValues>({ resolver: useZodResolver(schema), defaultValues: defaults(payments) });
  const refund = useWatch({ control, name: 'refund' });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const input = paymentInputOf(values);
    try {
      const updated = await recordPayment(appointmentId, input);
      const amount = money(Math.abs(input.amount_cents));
      reset(defaults(updated));
      onRecorded(updated, values.refund ? t('refundRecorded', { amount }) : t('recorded', { amount }));
    } catch (error) {
      const failure = readApiFailure(error);
      const applied = applyServerFieldErrors(setError, failure.fieldErrors, [
        ['amount_cents', 'amount'],
        ['method', 'method'],
        ['paid_on', 'paid_on'],
        ['reason', 'reason'],
      ]);
      if (applied === 0) setFormError(failure.message ?? t('failed'));
    }
  });

  return (
    <section className={styles.record} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.subheading}>
        {refundOnly ? t('refundHeading') : t('heading')}
      </Heading>
      <form method="post" className={`${formStyles.form} ${styles.form}`} noValidate onSubmit={onSubmit}>
        {formError ? (
          <FormAlert>
            <p>{formError}</p>
          </FormAlert>
        ) : null}
        <TextField
          label={t('amount')}
          hint={refund ? t('refundAmountHint') : t('amountHint')}
          inputMode="decimal"
          autoComplete="off"
          className={styles.amount}
          error={errorText(errors.amount?.message)}
          {...register('amount')}
        />
        <RadioGroup
          legend={t('method')}
          error={errorText(errors.method?.message)}
          options={PAYMENT_METHODS.map((method) => ({ value: method, label: methods(method) }))}
          {...register('method')}
        />
        <TextField
          label={t('date')}
          type="date"
          min={payments.booked_on}
          max={clinicToday()}
          hint={t('dateHint', { from: bookedOn })}
          className={styles.date}
          error={errorText(errors.paid_on?.message, { date: bookedOn })}
          {...register('paid_on')}
        />
        {refundOnly ? null : (
          <label className={styles.check}>
            <input type="checkbox" {...register('refund')} />
            {t('refund')}
          </label>
        )}
        {refund ? <TextField label={t('reason')} maxLength={MAX_REASON_LENGTH} error={errorText(errors.reason?.message)} {...register('reason')} /> : null}
        <div className="button-row">
          <SubmitButton pending={isSubmitting} label={refund ? t('submitRefund') : t('submit')} pendingLabel={t('submitting')} />
        </div>
      </form>
    </section>
  );
}
