// Table declarations only, no 'server-only': drizzle-kit loads this file outside Next.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgSequence, pgTable, serial, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { appointments } from './appointments';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const PAYMENT_METHOD_VALUES = ['card', 'cash', 'e_transfer', 'direct_billing'] as const;

/**
 * A payment the clinic took for a visit, or a refund (a negative amount, with its reason), as an
 * employee recorded it (issue #20). No card is processed here. Never edited: a correction voids the
 * payment's receipt and issues another (`receipts`).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** The id in addresses and answers; the serial id never leaves the server. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id),
    /** Cents, CAD; negative for a refund. */
    amountCents: integer('amount_cents').notNull(),
    method: text('method', { enum: PAYMENT_METHOD_VALUES }).notNull(),
    /** The day the money changed hands, on the clinic's calendar. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** A refund's reason. Not health data: the form says so. */
    reason: text('reason'),
    recordedBy: integer('recorded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_public_id_key').on(t.publicId),
    index('payments_appointment_idx').on(t.appointmentId),
    index('payments_paid_on_idx').on(t.paidOn),
    check('payments_amount_check', sql`${t.amountCents} <> 0 AND ${t.amountCents} BETWEEN -1000000 AND 1000000`),
    check('payments_method_check', sql`${t.method} IN ('card', 'cash', 'e_transfer', 'direct_billing')`),
    check('payments_refund_reason_check', sql`${t.amountCents} > 0 OR length(btrim(coalesce(${t.reason}, ''))) > 0`),
  ],
);
export type Payment = typeof payments.$inferSelect;

/** What a receipt prints, fixed when it is issued, in both languages where words differ. */
export interface ReceiptContent {
  clinic: {
    name: string;
    /** The address in the receipt's own language (receipts issued before issue #27: one form for both). */
    addressLines: string[];
    /** The address as each language writes it (issue #27 item 8); absent on older receipts. */
    address?: { en: string[]; fr: string[] };
    phone: string;
    email: string;
    hstNumber: string | null;
  };
  patientName: string;
  service: { en: string; fr: string };
  /** ISO date-time of the visit's start. */
  serviceDate: string;
  /** The visit's length for the patient (the service's client duration), in minutes; absent on receipts issued before issue #27. */
  durationMinutes?: number;
  /** The visit was cancelled when the receipt was issued (a refund of money paid in advance). */
  visitCancelled?: boolean;
  dietitian: { name: string; registrationNumber: string };
  method: (typeof PAYMENT_METHOD_VALUES)[number];
  /** YYYY-MM-DD. */
  paidOn: string;
  refundReason: string | null;
}

/** One clinic-wide sequence for every receipt number: never reused, even by a rolled-back payment. */
export const receiptNumberSeq = pgSequence('receipt_number_seq', { startWith: 1, increment: 1 });

/**
 * A receipt: issued with each payment (and again for it after a void), numbered from
 * `receipt_number_seq` (R-2026-000123). Never edited, except to be voided: the void's time, who
 * and why, and the receipt that replaced it. The amounts are kept as printed, and the checks make
 * them add up: total = fee + HST, balance = total - paid to date, paid to date within [0, total].
 * One live (not voided) receipt per payment. No health data: no reasons for visit, no notes.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    number: text('number').notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id),
    /** The patient account it belongs to; null for a guest's visit (reached by the manage link). */
    patientId: integer('patient_id').references(() => users.id),
    /** The visit's session language, the receipt's own; the other is printed on request. */
    language: text('language', { enum: ['en', 'fr'] }).notNull(),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
    issuedBy: integer('issued_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    feeCents: integer('fee_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** This payment (negative for a refund). */
    paidCents: integer('paid_cents').notNull(),
    /** Every payment of the visit up to and including this one. */
    paidToDateCents: integer('paid_to_date_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    content: jsonb('content').$type<ReceiptContent>().notNull(),
    voidedAt: timestamptz('voided_at'),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'restrict' }),
    voidReason: text('void_reason'),
    replacedById: integer('replaced_by_id').references((): AnyPgColumn => receipts.id),
  },
  (t) => [
    uniqueIndex('receipts_number_key').on(t.number),
    uniqueIndex('receipts_public_id_key').on(t.publicId),
    uniqueIndex('receipts_one_live_per_payment_key').on(t.paymentId).where(sql`${t.voidedAt} IS NULL`),
    index('receipts_patient_idx').on(t.patientId, t.issuedAt),
    index('receipts_appointment_idx').on(t.appointmentId),
    check('receipts_number_check', sql`${t.number} ~ '^R-[0-9]{4}-[0-9]{6,}$'`),
    check('receipts_language_check', sql`${t.language} IN ('en', 'fr')`),
    check(
      'receipts_money_check',
      sql`${t.feeCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.totalCents} = ${t.feeCents} + ${t.taxCents} AND ${t.paidCents} <> 0 AND ${t.paidToDateCents} BETWEEN 0 AND ${t.totalCents} AND ${t.balanceCents} = ${t.totalCents} - ${t.paidToDateCents}`,
    ),
    check(
      'receipts_void_check',
      sql`(${t.voidedAt} IS NULL) = (${t.voidReason} IS NULL) AND (${t.voidedAt} IS NULL) = (${t.voidedBy} IS NULL) AND (${t.replacedById} IS NULL OR ${t.voidedAt} IS NOT NULL)`,
    ),
  ],
);
export type Receipt = typeof receipts.$inferSelect;
