import 'server-only';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '@/lib/i18n/routing';
import type { PatientReceipt, PatientReceiptYears } from '@/lib/schemas/payments';
import type { Database } from '@/lib/server/db/client';
import { receipts, type Receipt } from '@/lib/server/db/schema';
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
