import 'server-only';
import { formatLocalDate } from '@/lib/format/dates';
import { formatPrice } from '@/lib/format/price';
import type { Locale } from '@/lib/i18n/routing';
import type { PaymentInput, VisitPayments } from '@/lib/schemas/payments';
import { utcToLocalDate } from '@/lib/server/booking/clinicTime';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { payments } from '@/lib/server/db/schema';
import { kickMailQueue } from '@/lib/server/email/queue';
import { AppError } from '@/lib/server/http/appError';
import { serverTranslator } from '@/lib/server/http/translate';
import { assertReceiptable, issueReceipt, lockVisit, type Recorder, type Visit } from './issueReceipt';
import { netPaidCents } from './refundDue';
import { visitNotFound, visitPayments } from './visitPayments';

/**
 * Recording a payment or a refund (issue #20), which issues its receipt in the same transaction.
 *
 * The visit's row is locked (FOR UPDATE) while its payments are summed and the new one written,
 * so two desks recording at once cannot take the balance below zero or above the total; the
 * receipts' CHECK constraints hold the same rule in the database.
 */

const dateError = (message: string) => new AppError('validation_error', 400, 'validationError', { fieldErrors: { paid_on: [message] } });

/**
 * A payment's date is the day the money changed hands, on the clinic's calendar: not after today,
 * and not before the visit was booked (issue #27 item 7), each with its own message.
 */
export function assertPaymentDate(date: string, visit: Visit, input: { now: Date; locale: Locale }) {
  const zone = getConfig().clinicTimezone;
  if (date > utcToLocalDate(input.now, zone)) throw dateError('paymentDateFuture');
  const bookedOn = utcToLocalDate(visit.appointment.createdAt, zone);
  if (date < bookedOn) {
    throw dateError(serverTranslator(input.locale).server('paymentDateBeforeBooking', { date: formatLocalDate(bookedOn, input.locale, 'long') }));
  }
}

/**
 * POST /api/clinic/appointments/<id>/payments: records a payment or a refund and issues its
 * receipt. Refused (409, localized) for a free visit, a dietitian without a College registration
 * number, a taxed visit while CLINIC_HST_NUMBER is unset, more than the balance, or a refund of
 * more than was paid; a cancelled visit takes refunds only, up to what was paid for it (issue #27
 * item 6). A date after today or before the visit was booked is a field error.
 */
export async function recordPayment(
  db: Database,
  input: { appointmentId: number; payment: PaymentInput; recorder: Recorder; locale: Locale; now?: Date },
): Promise<VisitPayments> {
  const now = input.now ?? new Date();
  const { amount_cents: amount, method, paid_on: paidOn, reason } = input.payment;
  await db.transaction(async (tx) => {
    const visit = await lockVisit(tx, input.appointmentId);
    if (!visit) throw visitNotFound();
    const a = visit.appointment;
    assertPaymentDate(paidOn, visit, { now, locale: input.locale });
    if (a.totalCents === 0) throw new AppError('nothing_due', 409, 'paymentNothingDue');
    const paid = await netPaidCents(tx, a.id);
    if (a.status === 'cancelled' && (amount > 0 || paid <= 0)) throw new AppError('appointment_cancelled', 409, 'paymentCancelledVisit');
    assertReceiptable(visit);
    if (paid + amount > a.totalCents) {
      throw new AppError('payment_exceeds_balance', 409, 'paymentExceedsBalance', { values: { balance: formatPrice(a.totalCents - paid, input.locale) } });
    }
    if (paid + amount < 0) throw new AppError('refund_exceeds_paid', 409, 'refundExceedsPaid', { values: { paid: formatPrice(paid, input.locale) } });
    const [payment] = await tx
      .insert(payments)
      .values({ appointmentId: a.id, amountCents: amount, method, paidOn, reason: reason || null, recordedBy: input.recorder.id, createdAt: now })
      .returning();
    await issueReceipt(tx, visit, payment!, input.recorder, now);
  });
  void kickMailQueue();
  return visitPayments(db, input.appointmentId);
}
