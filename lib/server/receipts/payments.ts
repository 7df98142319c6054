import 'server-only';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clinic } from '@/lib/clinic';
import { formatPhone } from '@/lib/format/phone';
import { formatPrice } from '@/lib/format/price';
import type { Locale } from '@/lib/i18n/routing';
import type { PaymentInput, PaymentItem, ReceiptVoidInput, VisitPayments } from '@/lib/schemas/payments';
import { utcToLocalDate } from '@/lib/server/booking/clinicTime';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import {
  appointments,
  employeeProfiles,
  payments,
  receipts,
  services,
  users,
  type Payment,
  type Receipt,
  type ReceiptContent,
} from '@/lib/server/db/schema';
import { kickMailQueue } from '@/lib/server/email/queue';
import { AppError } from '@/lib/server/http/appError';
import { receiptNotFound } from './access';
import { queueReceiptEmail } from './mail';

/**
 * Payments and receipts (issue #20). An employee records a payment (or a refund) for a visit; it
 * issues a receipt numbered from the clinic-wide sequence, with a snapshot of everything it
 * prints, and e-mails it to the patient or guest (the outbox, in the same transaction). A
 * correction voids the receipt with a reason and issues the next number for the same payment.
 *
 * The visit's row is locked (FOR UPDATE) while its payments are summed and the new one written,
 * so two desks recording at once cannot take the balance below zero or above the total; the
 * receipts' CHECK constraints hold the same rule in the database.
 */

export interface Recorder {
  id: number;
}

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

const notFound = () => new AppError('appointment_not_found', 404, 'appointmentNotFound');

/** A payment's date is the day the money changed hands: never after today on the clinic's calendar. */
function assertNotFuture(date: string, now: Date) {
  if (date > utcToLocalDate(now, getConfig().clinicTimezone)) {
    throw new AppError('validation_error', 400, 'validationError', { fieldErrors: { paid_on: ['paymentDateFuture'] } });
  }
}

/** The clinic's head office, as receipts print it. */
function clinicAddressLines(): string[] {
  const office = clinic.offices[0];
  const postal = `${office.postalCode.slice(0, 3)} ${office.postalCode.slice(3)}`;
  return [office.streetAddress, `${office.city} (Ontario)  ${postal}`];
}

/** The visit with what a receipt prints about it, its row locked for the rest of the transaction. */
async function lockVisit(tx: Database, appointmentId: number) {
  const dietitian = alias(users, 'dietitian');
  const patient = alias(users, 'patient');
  const [row] = await tx
    .select({
      appointment: appointments,
      service: { nameEn: services.nameEn, nameFr: services.nameFr },
      dietitian: { firstName: dietitian.firstName, lastName: dietitian.lastName, registrationNumber: employeeProfiles.registrationNumber },
      patient: { firstName: patient.firstName, lastName: patient.lastName, email: patient.email },
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(dietitian, eq(dietitian.id, appointments.employeeId))
    .leftJoin(employeeProfiles, eq(employeeProfiles.userId, appointments.employeeId))
    .leftJoin(patient, eq(patient.id, appointments.patientId))
    .where(eq(appointments.id, appointmentId))
    .for('update', { of: appointments });
  return row;
}
type Visit = NonNullable<Awaited<ReturnType<typeof lockVisit>>>;

/** Who a receipt is for and where it is sent: the patient's account, or the guest's contact. */
function personOf(visit: Visit): { name: string; email: string } {
  if (visit.patient) return { name: fullName(visit.patient), email: visit.patient.email };
  const guest = visit.appointment.guestContact;
  return { name: guest ? fullName(guest) : '', email: guest?.email ?? '' };
}

/** What stops receipts for this visit, if anything (the dietitian's number, the clinic's HST number). */
function assertReceiptable(visit: Visit) {
  const name = fullName(visit.dietitian);
  if (!visit.dietitian.registrationNumber) throw new AppError('registration_number_missing', 409, 'paymentNoRegistration', { values: { name } });
  if (visit.appointment.taxCents > 0 && !getConfig().clinicHstNumber) throw new AppError('hst_number_missing', 409, 'paymentNoHstNumber');
}

function snapshot(visit: Visit, payment: Pick<Payment, 'method' | 'paidOn' | 'reason' | 'amountCents'>): ReceiptContent {
  return {
    clinic: {
      name: clinic.name,
      addressLines: clinicAddressLines(),
      phone: formatPhone(clinic.phone),
      email: clinic.email,
      hstNumber: visit.appointment.taxCents > 0 ? (getConfig().clinicHstNumber ?? null) : null,
    },
    patientName: personOf(visit).name,
    service: { en: visit.service.nameEn, fr: visit.service.nameFr },
    serviceDate: visit.appointment.startsAt.toISOString(),
    dietitian: { name: fullName(visit.dietitian), registrationNumber: visit.dietitian.registrationNumber ?? '' },
    method: payment.method,
    paidOn: payment.paidOn,
    refundReason: payment.amountCents < 0 ? payment.reason : null,
  };
}

/** Issues the receipt of a payment: the next number, the snapshot, the amounts up to this payment. */
async function issueReceipt(tx: Database, visit: Visit, payment: Payment, issuer: Recorder, now: Date, correction = false): Promise<Receipt> {
  const a = visit.appointment;
  const [upTo] = await tx
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.appointmentId, a.id), sql`${payments.id} <= ${payment.id}`));
  const paidToDate = upTo!.cents;
  const { rows } = await tx.execute<{ n: string }>(sql`SELECT nextval('receipt_number_seq')::text AS n`);
  const year = utcToLocalDate(now, getConfig().clinicTimezone).slice(0, 4);
  const number = `R-${year}-${rows[0]!.n.padStart(6, '0')}`;
  const [receipt] = await tx
    .insert(receipts)
    .values({
      number,
      paymentId: payment.id,
      appointmentId: a.id,
      patientId: a.patientId,
      language: a.sessionLanguage,
      issuedAt: now,
      issuedBy: issuer.id,
      feeCents: a.priceCents,
      taxCents: a.taxCents,
      totalCents: a.totalCents,
      paidCents: payment.amountCents,
      paidToDateCents: paidToDate,
      balanceCents: a.totalCents - paidToDate,
      content: snapshot(visit, payment),
    })
    .returning();
  const firstName = visit.patient?.firstName ?? a.guestContact?.firstName;
  await queueReceiptEmail(tx, { receipt: receipt!, to: personOf(visit).email, firstName, isGuest: a.patientId === null, correction });
  return receipt!;
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
    if (!visit) throw notFound();
    const a = visit.appointment;
    if (a.status === 'cancelled') throw new AppError('appointment_cancelled', 409, 'paymentCancelledVisit');
    if (a.totalCents === 0) throw new AppError('nothing_due', 409, 'paymentNothingDue');
    assertReceiptable(visit);
    const paid = await paidCents(tx, a.id);
    if (paid + amount > a.totalCents) {
      throw new AppError('payment_exceeds_balance', 409, 'paymentExceedsBalance', { values: { balance: money(a.totalCents - paid, input.locale) } });
    }
    if (paid + amount < 0) throw new AppError('refund_exceeds_paid', 409, 'refundExceedsPaid', { values: { paid: money(paid, input.locale) } });
    const [payment] = await tx
      .insert(payments)
      .values({ appointmentId: a.id, amountCents: amount, method, paidOn, reason: reason || null, recordedBy: input.recorder.id, createdAt: now })
      .returning();
    await issueReceipt(tx, visit, payment!, input.recorder, now);
  });
  void kickMailQueue();
  return visitPayments(db, input.appointmentId);
}

/**
 * POST /api/clinic/receipts/<id>/void: voids a receipt (with the reason, who and when) and issues
 * the payment's next receipt with a fresh snapshot, correcting the method or date when given.
 * A receipt already voided is refused (409): its replacement is the one to correct.
 */
export async function voidReceipt(
  db: Database,
  input: { receiptId: string; correction: ReceiptVoidInput; employee: Recorder; now?: Date },
): Promise<VisitPayments> {
  const now = input.now ?? new Date();
  const { correction } = input;
  if (correction.paid_on) assertNotFuture(correction.paid_on, now);
  const appointmentId = await db.transaction(async (tx) => {
    const [found] = await tx.select({ appointmentId: receipts.appointmentId }).from(receipts).where(eq(receipts.publicId, input.receiptId));
    if (!found) throw receiptNotFound();
    // The visit first, as a payment locks it: a void and a payment of one visit never deadlock.
    const visit = await lockVisit(tx, found.appointmentId);
    if (!visit) throw receiptNotFound();
    const [old] = await tx.select().from(receipts).where(eq(receipts.publicId, input.receiptId)).for('update');
    if (!old) throw receiptNotFound();
    if (old.voidedAt) throw new AppError('receipt_voided', 409, 'receiptAlreadyVoided', { values: { number: old.number } });
    assertReceiptable(visit);
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

async function paidCents(db: Database, appointmentId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(eq(payments.appointmentId, appointmentId));
  return row!.cents;
}

const money = (cents: number, locale: Locale) => formatPrice(cents, locale);

/** GET /api/clinic/appointments/<id>/payments: the visit's total, payments, balance and receipts. */
export async function visitPayments(db: Database, appointmentId: number): Promise<VisitPayments> {
  const [visit] = await db
    .select({ appointment: appointments, registrationNumber: employeeProfiles.registrationNumber })
    .from(appointments)
    .leftJoin(employeeProfiles, eq(employeeProfiles.userId, appointments.employeeId))
    .where(eq(appointments.id, appointmentId));
  if (!visit) throw notFound();
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
  return {
    appointment_id: appointmentId,
    status: visit.appointment.status,
    total_cents: visit.appointment.totalCents,
    paid_cents: paid,
    balance_cents: visit.appointment.totalCents - paid,
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

