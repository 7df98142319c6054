import 'server-only';
import { and, asc, desc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '@/lib/i18n/routing';
import type { PatientReceipt, PatientReceiptYears } from '@/lib/schemas/payments';
import type { Database } from '@/lib/server/db/client';
import { appointments, payments, receipts, services, users, type Receipt } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { toPrintable } from './mail';
import { renderReceiptsPdf } from './pdf';
import { receiptTexts, type ReceiptLanguage } from './texts';

/**
 * Who may read which receipt (issue #20): an employee any; a patient their own (patient_id); a
 * guest those of the visit their manage link opens. Everyone else gets the same 404 as for a
 * receipt that does not exist, so an id tells nothing. Receipts are found by their public id only.
 */

export const receiptNotFound = () => new AppError('receipt_not_found', 404, 'receiptNotFound');

/** The receipts `where` picks, each with the number of the receipt that replaced it. */
function receiptRows(db: Database, where: SQL | undefined) {
  const replacement = alias(receipts, 'replacement');
  return db
    .select({ receipt: receipts, replacedBy: replacement.number })
    .from(receipts)
    .leftJoin(replacement, eq(replacement.id, receipts.replacedById))
    .where(where)
    .orderBy(asc(receipts.id));
}

export interface ReceiptFile {
  bytes: Uint8Array;
  fileName: string;
}

/** One receipt as a PDF, in `language` or its own; 404 unless `scope` (the caller's right) matches it. */
export async function receiptPdf(db: Database, input: { id: string; scope?: SQL; language?: ReceiptLanguage }): Promise<ReceiptFile> {
  const [row] = await receiptRows(db, and(eq(receipts.publicId, input.id), input.scope));
  if (!row) throw receiptNotFound();
  const language = input.language ?? row.receipt.language;
  return { bytes: await renderReceiptsPdf([toPrintable(row.receipt, row.replacedBy)], { language }), fileName: receiptTexts(language).fileName(row.receipt.number) };
}

/** A patient's receipts: only theirs. */
export const ownedBy = (patientId: number) => eq(receipts.patientId, patientId);
/** A manage link's receipts: those of its visit. */
export const ofAppointment = (appointmentId: number) => eq(receipts.appointmentId, appointmentId);

/** The year a receipt counts for: its payment's date (what a tax return or an insurer goes by). */
const paymentYear = sql<number>`extract(year from (${receipts.content} ->> 'paidOn')::date)::int`;

/** Receipts as their patient lists them, names in `locale`. */
function toPatientReceipt(receipt: Receipt, locale: Locale): PatientReceipt {
  return {
    id: receipt.publicId,
    number: receipt.number,
    issued_at: receipt.issuedAt.toISOString(),
    service_name: receipt.content.service[locale],
    service_date: receipt.content.serviceDate,
    amount_cents: receipt.paidCents,
    voided: receipt.voidedAt !== null,
  };
}

/** GET /api/receipts: the patient's receipts by the year of their payment, newest first. */
export async function patientReceipts(db: Database, patientId: number, locale: Locale): Promise<PatientReceiptYears> {
  const rows = await db
    .select({ receipt: receipts, year: paymentYear })
    .from(receipts)
    .where(ownedBy(patientId))
    .orderBy(desc(paymentYear), desc(receipts.id));
  const years: PatientReceiptYears['years'] = [];
  for (const { receipt, year } of rows) {
    if (years.at(-1)?.year !== year) years.push({ year, receipts: [] });
    years.at(-1)!.receipts.push(toPatientReceipt(receipt, locale));
  }
  return { years };
}

/** The receipts of the visit a manage link opens (the guest's page), newest first. */
export async function appointmentReceipts(db: Database, appointmentId: number, locale: Locale): Promise<PatientReceipt[]> {
  const rows = await db.select().from(receipts).where(ofAppointment(appointmentId)).orderBy(desc(receipts.id));
  return rows.map((receipt) => toPatientReceipt(receipt, locale));
}

/**
 * GET /api/receipts/year/<year>/pdf: the patient's receipts still valid (not voided) whose payment
 * falls in the year, in one PDF, oldest first; 404 when there are none.
 */
export async function yearPdf(db: Database, input: { patientId: number; year: number; language?: ReceiptLanguage; locale: Locale }): Promise<ReceiptFile> {
  const rows = await receiptRows(db, and(ownedBy(input.patientId), isNull(receipts.voidedAt), sql`${paymentYear} = ${input.year}`));
  if (rows.length === 0) throw receiptNotFound();
  const t = receiptTexts(input.language ?? input.locale);
  const bytes = await renderReceiptsPdf(
    rows.map((row) => toPrintable(row.receipt, row.replacedBy)),
    { language: input.language, title: t.yearTitle(input.year) },
  );
  return { bytes, fileName: t.yearFileName(input.year) };
}

/** A CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
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
      freeText(who ? `${who.firstName} ${who.lastName}` : ''),
      freeText(row.service),
      row.appointment.startsAt.toISOString(),
      row.payment.method,
      cents(row.payment.amountCents),
      cents(row.appointment.totalCents),
      cents(row.appointment.taxCents),
      freeText(row.payment.reason),
      freeText(row.recorder ? `${row.recorder.firstName} ${row.recorder.lastName}` : ''),
      row.payment.createdAt.toISOString(),
    ]
      .map(csvField)
      .join(',');
  });
  // A byte-order mark, so that a spreadsheet reads the accents as UTF-8.
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
