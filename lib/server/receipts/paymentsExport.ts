import 'server-only';
import { and, asc, eq, gte, isNull, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fullName } from '@/lib/format/personName';
import type { Database } from '@/lib/server/db/client';
import { appointments, payments, receipts, services, users } from '@/lib/server/db/schema';

/** A CSV field, quoted when it holds a quote, a comma or a line break. */
function csvField(value: string | null): string {
  const text = value ?? '';
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Free text (names, reasons) that a spreadsheet must not take for a formula. */
const freeText = (value: string | null) => (value && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const cents = (value: number) => (value / 100).toFixed(2);

/**
 * GET /api/clinic/payments/export: every payment dated from..to (both included), oldest first,
 * with its visit, current receipt and who recorded it, for the accountant. No reasons for the
 * visit, no notes: the same facts as the receipts.
 */
export async function paymentsCsv(db: Database, input: { from: string; to: string }): Promise<string> {
  const recorder = alias(users, 'recorder');
  const patient = alias(users, 'patient');
  const rows = await db
    .select({
      payment: payments,
      appointment: { startsAt: appointments.startsAt, totalCents: appointments.totalCents, taxCents: appointments.taxCents, guest: appointments.guestContact },
      service: services.nameEn,
      patient: { firstName: patient.firstName, lastName: patient.lastName },
      recorder: { firstName: recorder.firstName, lastName: recorder.lastName },
      receipt: receipts.number,
    })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(patient, eq(patient.id, appointments.patientId))
    .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
    .leftJoin(receipts, and(eq(receipts.paymentId, payments.id), isNull(receipts.voidedAt)))
    .where(and(gte(payments.paidOn, input.from), lte(payments.paidOn, input.to)))
    .orderBy(asc(payments.paidOn), asc(payments.id));
  const header = ['payment_date', 'receipt_number', 'patient', 'service', 'service_date', 'method', 'amount', 'visit_total', 'visit_hst', 'refund_reason', 'recorded_by', 'recorded_at'];
  const lines = rows.map((row) => {
    const who = row.patient ?? row.appointment.guest;
    return [
      row.payment.paidOn,
      row.receipt,
      freeText(who ? fullName(who) : ''),
      freeText(row.service),
      row.appointment.startsAt.toISOString(),
      row.payment.method,
      cents(row.payment.amountCents),
      cents(row.appointment.totalCents),
      cents(row.appointment.taxCents),
      freeText(row.payment.reason),
      freeText(row.recorder ? fullName(row.recorder) : ''),
      row.payment.createdAt.toISOString(),
    ]
      .map(csvField)
      .join(',');
  });
  // A byte-order mark, so that a spreadsheet reads the accents as UTF-8.
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
