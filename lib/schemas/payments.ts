import { z } from 'zod';
import { MAX_EXPORT_DAYS, MAX_PAYMENT_CENTS, MAX_REASON_LENGTH, PAYMENT_METHODS, type PaymentMethod } from '@/lib/payments';
import { calendarDateMs } from '@/lib/format/dates';
import { isClinicDate } from './clinicSchedule';

export { MAX_EXPORT_DAYS, MAX_PAYMENT_CENTS, MAX_REASON_LENGTH, PAYMENT_METHODS, type PaymentMethod };

/**
 * Payments and receipts (issue #20): what an employee records for a visit, the correction of a
 * receipt, the accountant's export, and the answers shared by the route handlers and the browser
 * (lib/api/payments.ts). Messages are Validation keys. Money is integer cents (CAD).
 */

const method = z.enum(PAYMENT_METHODS, { error: (issue) => (issue.input === undefined ? 'required' : 'choiceInvalid') });
const clinicDate = z.string({ error: 'required' }).refine(isClinicDate, 'dateInvalid');
/**
 * A payment's date: any real calendar date is well formed (1999-12-31 too); whether it falls
 * between the visit's booking and today is the server's check (recordPayment.ts), with a message
 * for each bound, and the form's (which knows both days).
 */
const paymentDate = z.string({ error: 'required' }).refine((value) => !Number.isNaN(calendarDateMs(value)), 'dateInvalid');
const reason = z.string().trim().max(MAX_REASON_LENGTH, 'tooLong');

/** POST /api/clinic/appointments/<id>/payments. A negative amount is a refund and needs a reason. */
export const paymentInputSchema = z
  .strictObject({
    amount_cents: z
      .number({ error: 'numberInvalid' })
      .int('numberInvalid')
      .min(-MAX_PAYMENT_CENTS, 'paymentAmountRange')
      .max(MAX_PAYMENT_CENTS, 'paymentAmountRange')
      .refine((n) => n !== 0, 'paymentAmountZero'),
    method,
    paid_on: paymentDate,
    reason: reason.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.amount_cents < 0 && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'refundReasonRequired' });
  });
export type PaymentInput = z.infer<typeof paymentInputSchema>;

/** POST /api/clinic/receipts/<id>/void: the reason, and what the new receipt corrects (if anything). */
export const receiptVoidSchema = z.strictObject({
  reason: reason.min(1, 'required'),
  method: method.optional(),
  paid_on: paymentDate.optional(),
});
export type ReceiptVoidInput = z.infer<typeof receiptVoidSchema>;

/** GET /api/clinic/payments/export?from=YYYY-MM-DD&to=YYYY-MM-DD (payment dates, both included). */
export const paymentsExportQuerySchema = z
  .object({ from: clinicDate, to: clinicDate })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'exportRangeOrder' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_EXPORT_DAYS, { path: ['to'], message: 'exportRangeTooLong' });

/** ?lang=en|fr on a receipt's download: the other language than the visit's, on request. */
export const receiptLanguageSchema = z.enum(['en', 'fr']).optional();

/** A receipt's id in a URL: its opaque public id. */
export const receiptIdSchema = z.uuid();

/** POST /api/booking/manage/receipts and …/receipts/pdf: the manage link's token, and which receipt. */
export const manageReceiptPdfSchema = z.strictObject({
  token: z.string().min(1).max(200),
  id: receiptIdSchema,
  lang: receiptLanguageSchema,
});

/* Answers. */

export interface ReceiptSummary {
  /** Opaque: the receipt's public id, used in download addresses. */
  id: string;
  number: string;
  /** ISO date-time. */
  issued_at: string;
  /** The language it was issued in (the visit's session language). */
  language: 'en' | 'fr';
  voided: { at: string; reason: string; by: string | null } | null;
  /** The number of the receipt that replaced this voided one. */
  replaced_by: string | null;
}

export interface PaymentItem {
  id: string;
  /** Negative for a refund. */
  amount_cents: number;
  method: PaymentMethod;
  /** YYYY-MM-DD. */
  paid_on: string;
  /** A refund's reason. */
  reason: string | null;
  recorded_by: string | null;
  recorded_at: string;
  /** The current receipt first, then the voided ones it replaced. */
  receipts: ReceiptSummary[];
}

/** GET/POST /api/clinic/appointments/<id>/payments. */
export interface VisitPayments {
  appointment_id: number;
  status: 'booked' | 'completed' | 'no_show' | 'cancelled';
  /** The day the visit was booked, on the clinic's calendar (YYYY-MM-DD): no payment is dated before it. */
  booked_on: string;
  total_cents: number;
  paid_cents: number;
  balance_cents: number;
  /** A cancelled visit's money still to be given back (what was paid, net of refunds); 0 otherwise. */
  refund_due_cents: number;
  /** The visit's dietitian has a College registration number: receipts can be issued. */
  dietitian_registered: boolean;
  payments: PaymentItem[];
}

/** A receipt as its patient (or a guest through the manage link) sees it in a list. */
export interface PatientReceipt {
  id: string;
  number: string;
  issued_at: string;
  service_name: string;
  /** ISO date-time of the visit. */
  service_date: string;
  amount_cents: number;
  voided: boolean;
}

/** GET /api/receipts: the signed-in patient's receipts, newest year first. */
export interface PatientReceiptYears {
  years: Array<{ year: number; receipts: PatientReceipt[] }>;
}
