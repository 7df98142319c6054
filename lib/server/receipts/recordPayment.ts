import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { formatPrice } from '@/lib/format/price';
import type { Locale } from '@/lib/i18n/routing';
import type { PaymentInput, VisitPayments } from '@/lib/schemas/payments';
import { utcToLocalDate } from '@/lib/server/booking/clinicTime';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { payments } from '@/lib/server/db/schema';
import { kickMailQueue } from '@/lib/server/email/queue';
import { AppError } from '@/lib/server/http/appError';
import { assertReceiptable, issueReceipt, lockVisit, type Recorder } from './issueReceipt';
import { visitNotFound, visitPayments } from './visitPayments';

/**
 * Recording a payment or a refund (issue #20), which issues its receipt in the same transaction.
 *
 * The visit's row is locked (FOR UPDATE) while its payments are summed and the new one written,
 * so two desks recording at once cannot take the balance below zero or above the total; the
 * receipts' CHECK constraints hold the same rule in the database.
 */

/** A payment's date is the day the money changed hands: never after today on the clinic's calendar. */
export function assertNotFuture(date: string, now: Date) {
  if (date > utcToLocalDate(now, getConfig().clinicTimezone)) {
    throw new AppError('validation_error', 400, 'validationError', { fieldErrors: { paid_on: ['paymentDateFuture'] } });
  }
}

/**
 * POST /api/clinic/appointments/<id>/payments: records a payment or a refund and issues its
 * receipt. Refused (409, localized) for a cancelled or free visit, a dietitian without a College
 * registration number, a taxed visit while CLINIC_HST_NUMBER is unset, more than the balance, or
 * a refund of more than was paid; a date after today is a field error.
 */
export async function recordPayment(
  db: Database,
  input: { appointmentId: number; payment: PaymentInput; recorder: Recorder; locale: Locale; now?: Date },
): Promise<VisitPayments> {
  const now = input.now ?? new Date();
  const { amount_cents: amount, method, paid_on: paidOn, reason } = input.payment;
  assertNotFuture(paidOn, now);
  await db.transaction(async (tx) => {
    const visit = await lockVisit(tx, input.appointmentId);
    if (!visit) throw visitNotFound();
    const a = visit.appointment;
    if (a.status === 'cancelled') throw new AppError('appointment_cancelled', 409, 'paymentCancelledVisit');
    if (a.totalCents === 0) throw new AppError('nothing_due', 409, 'paymentNothingDue');
    assertReceiptable(visit);
    const paid = await paidCents(tx, a.id);
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

async function paidCents(db: Database, appointmentId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(eq(payments.appointmentId, appointmentId));
  return row!.cents;
}
