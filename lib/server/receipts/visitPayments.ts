import 'server-only';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fullName } from '@/lib/format/personName';
import { utcToLocalDate } from '@/lib/server/booking/clinicTime';
import { getConfig } from '@/lib/server/config';
import type { PaymentItem, VisitPayments } from '@/lib/schemas/payments';
import type { Database } from '@/lib/server/db/client';
import { appointments, employeeProfiles, payments, receipts, users, type Payment } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';

/**
 * The payments panel of a visit (issue #20), as the agenda and the patient's page list it: the
 * total, each payment with who recorded it, its receipts (current first) and the balance; a
 * cancelled visit's balance is nil, and what was paid for it is a refund due (issue #27 item 6).
 */

export const visitNotFound = () => new AppError('appointment_not_found', 404, 'appointmentNotFound');

/** GET /api/clinic/appointments/<id>/payments: the visit's total, payments, balance and receipts. */
export async function visitPayments(db: Database, appointmentId: number): Promise<VisitPayments> {
  const [visit] = await db
    .select({ appointment: appointments, registrationNumber: employeeProfiles.registrationNumber })
    .from(appointments)
    .leftJoin(employeeProfiles, eq(employeeProfiles.userId, appointments.employeeId))
    .where(eq(appointments.id, appointmentId));
  if (!visit) throw visitNotFound();
  const recorder = alias(users, 'recorder');
  const paymentRows = await db
    .select({ payment: payments, recorder: { firstName: recorder.firstName, lastName: recorder.lastName } })
    .from(payments)
    .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
    .where(eq(payments.appointmentId, appointmentId))
    .orderBy(asc(payments.id));
  const receiptRows = paymentRows.length
    ? await receiptsWithVoider(db, inArray(receipts.paymentId, paymentRows.map((p) => p.payment.id)))
    : [];
  const paid = paymentRows.reduce((sum, row) => sum + row.payment.amountCents, 0);
  const cancelled = visit.appointment.status === 'cancelled';
  return {
    appointment_id: appointmentId,
    status: visit.appointment.status,
    booked_on: utcToLocalDate(visit.appointment.createdAt, getConfig().clinicTimezone),
    total_cents: visit.appointment.totalCents,
    paid_cents: paid,
    // A cancelled visit owes nothing; what was paid for it is due back.
    balance_cents: cancelled ? 0 : visit.appointment.totalCents - paid,
    refund_due_cents: cancelled ? Math.max(paid, 0) : 0,
    dietitian_registered: Boolean(visit.registrationNumber),
    payments: paymentRows.map(({ payment, recorder: who }) => toPaymentItem(payment, who, receiptRows)),
  };
}

async function receiptsWithVoider(db: Database, where: ReturnType<typeof eq>) {
  const voider = alias(users, 'voider');
  const replacement = alias(receipts, 'replacement');
  return db
    .select({ receipt: receipts, voider: { firstName: voider.firstName, lastName: voider.lastName }, replacedBy: replacement.number })
    .from(receipts)
    .leftJoin(voider, eq(voider.id, receipts.voidedBy))
    .leftJoin(replacement, eq(replacement.id, receipts.replacedById))
    .where(where)
    .orderBy(desc(receipts.id));
}
type ReceiptRow = Awaited<ReturnType<typeof receiptsWithVoider>>[number];

function toPaymentItem(payment: Payment, who: { firstName: string; lastName: string } | null, rows: ReceiptRow[]): PaymentItem {
  return {
    id: payment.publicId,
    amount_cents: payment.amountCents,
    method: payment.method,
    paid_on: payment.paidOn,
    reason: payment.reason,
    recorded_by: who ? fullName(who) : null,
    recorded_at: payment.createdAt.toISOString(),
    receipts: rows
      .filter((row) => row.receipt.paymentId === payment.id)
      .sort((x, y) => Number(x.receipt.voidedAt !== null) - Number(y.receipt.voidedAt !== null) || y.receipt.id - x.receipt.id)
      .map(({ receipt, voider, replacedBy }) => ({
        id: receipt.publicId,
        number: receipt.number,
        issued_at: receipt.issuedAt.toISOString(),
        language: receipt.language,
        voided: receipt.voidedAt ? { at: receipt.voidedAt.toISOString(), reason: receipt.voidReason ?? '', by: voider ? fullName(voider) : null } : null,
        replaced_by: replacedBy,
      })),
  };
}
