import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clinic } from '@/lib/clinic';
import { fullName } from '@/lib/format/personName';
import { formatPhone } from '@/lib/format/phone';
import { utcToLocalDate } from '@/lib/server/booking/clinicTime';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import {
  appointments,
  employeeProfiles,
  groupSessions,
  groupTopics,
  payments,
  receipts,
  services,
  users,
  type Payment,
  type Receipt,
  type ReceiptContent,
} from '@/lib/server/db/schema';
import { nameWithTopic } from '@/lib/server/groups/groupService';
import { AppError } from '@/lib/server/http/appError';
import { queueReceiptEmail } from './mail';
import { assertPrintable, PLACEHOLDER_NUMBER } from './pdf';
import { receiptTexts } from './texts';

/**
 * Issuing a receipt (issue #20): the next number from the clinic-wide sequence, a snapshot of
 * everything it prints, and its e-mail to the patient or guest, queued in the caller's
 * transaction (the outbox), so the receipt and its e-mail are written together or not at all.
 */

export interface Recorder {
  id: number;
}

/**
 * The clinic's head office as receipts print it, in both languages (a receipt prints in either):
 * '180 Metcalfe Street, Suite 504' / 'Ottawa, Ontario  K2P 1P5' and
 * '180, rue Metcalfe, bureau 504' / 'Ottawa (Ontario)  K2P 1P5'.
 */
function clinicAddress(): { en: string[]; fr: string[] } {
  const office = clinic.offices[0];
  return { en: receiptTexts('en').addressLines(office), fr: receiptTexts('fr').addressLines(office) };
}

/**
 * The visit with what a receipt prints about it, its row locked (FOR UPDATE) for the rest of the
 * transaction: two desks writing payments of one visit at once take turns.
 */
export async function lockVisit(tx: Database, appointmentId: number) {
  const dietitian = alias(users, 'dietitian');
  const patient = alias(users, 'patient');
  const [row] = await tx
    .select({
      appointment: appointments,
      service: { nameEn: services.nameEn, nameFr: services.nameFr },
      // A seat's receipt names its group's topic (issue #28).
      topic: { en: groupTopics.titleEn, fr: groupTopics.titleFr },
      dietitian: { firstName: dietitian.firstName, lastName: dietitian.lastName, registrationNumber: employeeProfiles.registrationNumber },
      patient: { firstName: patient.firstName, lastName: patient.lastName, email: patient.email },
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(dietitian, eq(dietitian.id, appointments.employeeId))
    .leftJoin(employeeProfiles, eq(employeeProfiles.userId, appointments.employeeId))
    .leftJoin(patient, eq(patient.id, appointments.patientId))
    .leftJoin(groupSessions, eq(groupSessions.id, appointments.groupSessionId))
    .leftJoin(groupTopics, eq(groupTopics.id, groupSessions.topicId))
    .where(eq(appointments.id, appointmentId))
    .for('update', { of: appointments });
  return row;
}
export type Visit = NonNullable<Awaited<ReturnType<typeof lockVisit>>>;

/** Who a receipt is for and where it is sent: the patient's account, or the guest's contact. */
function personOf(visit: Visit): { name: string; email: string } {
  if (visit.patient) return { name: fullName(visit.patient), email: visit.patient.email };
  const guest = visit.appointment.guestContact;
  return { name: guest ? fullName(guest) : '', email: guest?.email ?? '' };
}

/** What stops receipts for this visit, if anything (the dietitian's number, the clinic's HST number). */
export function assertReceiptable(visit: Visit) {
  const name = fullName(visit.dietitian);
  if (!visit.dietitian.registrationNumber) throw new AppError('registration_number_missing', 409, 'paymentNoRegistration', { values: { name } });
  if (visit.appointment.taxCents > 0 && !getConfig().clinicHstNumber) throw new AppError('hst_number_missing', 409, 'paymentNoHstNumber');
}

function snapshot(visit: Visit, payment: Pick<Payment, 'method' | 'paidOn' | 'reason' | 'amountCents'>): ReceiptContent {
  const address = clinicAddress();
  return {
    clinic: {
      name: clinic.name,
      addressLines: address[visit.appointment.sessionLanguage],
      address,
      phone: formatPhone(clinic.phone),
      email: clinic.email,
      hstNumber: visit.appointment.taxCents > 0 ? (getConfig().clinicHstNumber ?? null) : null,
    },
    patientName: personOf(visit).name,
    service: nameWithTopic({ en: visit.service.nameEn, fr: visit.service.nameFr }, visit.topic),
    serviceDate: visit.appointment.startsAt.toISOString(),
    // The patient's time (the service's client duration), as insurers ask for it.
    durationMinutes: Math.round((visit.appointment.endsAt.getTime() - visit.appointment.startsAt.getTime()) / 60_000),
    ...(visit.appointment.status === 'cancelled' && { visitCancelled: true }),
    dietitian: { name: fullName(visit.dietitian), registrationNumber: visit.dietitian.registrationNumber ?? '' },
    method: payment.method,
    paidOn: payment.paidOn,
    refundReason: payment.amountCents < 0 ? payment.reason : null,
  };
}

/** Issues the receipt of a payment: the next number, the snapshot, the amounts up to this payment. */
export async function issueReceipt(tx: Database, visit: Visit, payment: Payment, issuer: Recorder, now: Date, correction = false): Promise<Receipt> {
  const a = visit.appointment;
  const [upTo] = await tx
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.appointmentId, a.id), sql`${payments.id} <= ${payment.id}`));
  const paidToDate = upTo!.cents;
  const printed = {
    language: a.sessionLanguage,
    issuedAt: now,
    feeCents: a.priceCents,
    taxCents: a.taxCents,
    totalCents: a.totalCents,
    paidCents: payment.amountCents,
    paidToDateCents: paidToDate,
    balanceCents: a.totalCents - paidToDate,
    content: snapshot(visit, payment),
  };
  // A name no font can draw is refused before a number is taken: a sequence does not roll back,
  // and receipt numbers have no gaps to explain.
  assertPrintable({ ...printed, number: PLACEHOLDER_NUMBER, voided: null, replacedBy: null });
  const { rows } = await tx.execute<{ n: string }>(sql`SELECT nextval('receipt_number_seq')::text AS n`);
  const year = utcToLocalDate(now, getConfig().clinicTimezone).slice(0, 4);
  const number = `R-${year}-${rows[0]!.n.padStart(6, '0')}`;
  const [receipt] = await tx
    .insert(receipts)
    .values({ ...printed, number, paymentId: payment.id, appointmentId: a.id, patientId: a.patientId, issuedBy: issuer.id })
    .returning();
  const firstName = visit.patient?.firstName ?? a.guestContact?.firstName;
  await queueReceiptEmail(tx, { receipt: receipt!, to: personOf(visit).email, firstName, isGuest: a.patientId === null, correction });
  return receipt!;
}
