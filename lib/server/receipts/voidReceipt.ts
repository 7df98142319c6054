import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { ReceiptVoidInput, VisitPayments } from '@/lib/schemas/payments';
import type { Database } from '@/lib/server/db/client';
import { payments, receipts } from '@/lib/server/db/schema';
import { kickMailQueue } from '@/lib/server/email/queue';
import { AppError } from '@/lib/server/http/appError';
import { receiptNotFound } from './access';
import { assertReceiptable, issueReceipt, lockVisit, type Recorder } from './issueReceipt';
import { toPrintable } from './mail';
import { assertPrintable, PLACEHOLDER_NUMBER } from './pdf';
import { assertPaymentDate } from './recordPayment';
import { visitPayments } from './visitPayments';

/**
 * POST /api/clinic/receipts/<id>/void: voids a receipt (with the reason, who and when) and issues
 * the payment's next receipt with a fresh snapshot, correcting the method or date when given.
 * A receipt already voided is refused (409): its replacement is the one to correct. A corrected
 * date keeps a payment's bounds: not before the visit was booked, not after today.
 */
export async function voidReceipt(
  db: Database,
  input: { receiptId: string; correction: ReceiptVoidInput; employee: Recorder; locale: Locale; now?: Date },
): Promise<VisitPayments> {
  const now = input.now ?? new Date();
  const { correction } = input;
  const appointmentId = await db.transaction(async (tx) => {
    const { visit, old } = await lockReceiptAndVisit(tx, input.receiptId);
    if (correction.paid_on) assertPaymentDate(correction.paid_on, visit, { now, locale: input.locale });
    if (old.voidedAt) throw new AppError('receipt_voided', 409, 'receiptAlreadyVoided', { values: { number: old.number } });
    assertReceiptable(visit);
    // The voided receipt prints its reason: one its fonts cannot draw would leave a receipt that
    // no one can download again. The replacement's number is not known yet.
    assertPrintable({ ...toPrintable(old, PLACEHOLDER_NUMBER), voided: { at: now, reason: correction.reason } }, 'receiptVoidReasonUnprintable');
    await tx
      .update(receipts)
      .set({ voidedAt: now, voidedBy: input.employee.id, voidReason: correction.reason })
      .where(eq(receipts.id, old.id));
    const changes = { ...(correction.method && { method: correction.method }), ...(correction.paid_on && { paidOn: correction.paid_on }) };
    const [payment] = Object.keys(changes).length
      ? await tx.update(payments).set(changes).where(eq(payments.id, old.paymentId)).returning()
      : await tx.select().from(payments).where(eq(payments.id, old.paymentId));
    const replacement = await issueReceipt(tx, visit, payment!, input.employee, now, true);
    await tx.update(receipts).set({ replacedById: replacement.id }).where(eq(receipts.id, old.id));
    return visit.appointment.id;
  });
  void kickMailQueue();
  return visitPayments(db, appointmentId);
}

/**
 * The receipt and its visit, both locked: the visit first, as a payment locks it, so a void and a
 * payment of one visit never deadlock. A move that committed between reading the receipt and
 * locking its visit carried the receipt to the new row: follow it there.
 */
async function lockReceiptAndVisit(tx: Database, receiptId: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [found] = await tx.select({ appointmentId: receipts.appointmentId }).from(receipts).where(eq(receipts.publicId, receiptId));
    if (!found) throw receiptNotFound();
    const visit = await lockVisit(tx, found.appointmentId);
    if (!visit) throw receiptNotFound();
    const [old] = await tx.select().from(receipts).where(eq(receipts.publicId, receiptId)).for('update');
    if (!old) throw receiptNotFound();
    if (old.appointmentId === visit.appointment.id) return { visit, old };
  }
  throw new AppError('receipt_busy', 409, 'receiptBusy');
}
