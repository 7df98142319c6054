'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { MAX_PAYMENT_CENTS } from '@/lib/payments';
import { useMoney } from './money';

const ERROR_KEYS = [
  'amountRequired',
  'amountInvalid',
  'amountRange',
  'methodRequired',
  'dateRequired',
  'dateBeforeBooking',
  'dateFuture',
  'refundReasonRequired',
  'voidReasonRequired',
  'reasonTooLong',
] as const;
type ErrorKey = (typeof ERROR_KEYS)[number];

/**
 * A payments form's field error as text: the forms' own checks name ClinicPayments.errors keys
 * (`values` fills their blanks, such as the {date} the visit was booked); the server's field
 * errors arrive written in the interface language and pass through.
 */
export function usePaymentErrorText(): (message: string | undefined, values?: Record<string, string>) => string | undefined {
  const t = useTranslations('ClinicPayments.errors');
  const money = useMoney();
  return useCallback(
    (message, values) => {
      if (!message) return undefined;
      if (!(ERROR_KEYS as readonly string[]).includes(message)) return message;
      return t(message as ErrorKey, { date: '', ...values, max: money(MAX_PAYMENT_CENTS) });
    },
    [t, money],
  );
}
