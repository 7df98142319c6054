import 'server-only';
import { and, count, eq, getTableName, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@/lib/server/db/client';
import {
  appointmentLinks,
  appointments,
  chartAccessLog,
  chartAddenda,
  chartEntries,
  contactMessages,
  dataExportLinks,
  emailTokens,
  handoutSends,
  intakeAccessLog,
  intakeDrafts,
  intakeSubmissions,
  mailQueue,
  patientProfiles,
  payments,
  receipts,
  recordsRequests,
  sessions,
  users,
  waitlistEntries,
  waitlistOffers,
} from '@/lib/server/db/schema';
import type { RecordSubject } from './audit';
import { guestRowsExist } from './guestRows';
import { normalizedEmail } from './retentionRules';

/** The rows a purge takes: every row about one person, as the steps that delete them, and how many each step holds. */

/** What a purge deletes, table by table, in the order it deletes them. */
export type PurgeCounts = Record<string, number>;

interface PurgeStep {
  table: PgTable;
  where: SQL;
}

/**
 * Every row about the person, table by table, in an order the foreign keys allow deleting them
 * in. Receipts, payments and hand-out sends point to the visits; visits, places and forms to the
 * account. One DELETE takes a voided receipt and its replacement together (replaced_by_id is
 * checked at the end of the statement), and a rescheduled visit's row with its successor
 * (rescheduled_from_id is ON DELETE SET NULL).
 *
 * The rows kept under an address alone (e-mails sent, contact messages, export links) go with the
 * last record under that address: kept while another account, or the guest rows of a closed
 * account's address, still hold it.
 */
export async function purgeSteps(db: Database, subject: RecordSubject): Promise<PurgeStep[]> {
  const patientId = subject.kind === 'patient' ? subject.patientId : null;
  let address: string;
  if (subject.kind === 'patient') {
    const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, subject.patientId));
    address = normalizedEmail(account?.email ?? '');
  } else {
    address = normalizedEmail(subject.email);
  }
  const guestAppointment = sql`lower(${appointments.guestContact} ->> 'email') = ${address}`;
  const guestEntry = sql`lower(${waitlistEntries.guestContact} ->> 'email') = ${address}`;
  const guestForm = sql`${intakeSubmissions.email} = ${address}`;
  const ownAppointments = patientId !== null ? eq(appointments.patientId, patientId) : and(isNull(appointments.patientId), guestAppointment)!;
  const ownEntries = patientId !== null ? eq(waitlistEntries.patientId, patientId) : and(isNull(waitlistEntries.patientId), guestEntry)!;
  const ownForms = patientId !== null ? eq(intakeSubmissions.userId, patientId) : and(isNull(intakeSubmissions.userId), guestForm)!;

  const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
  const appointmentIds = ids(await db.select({ id: appointments.id }).from(appointments).where(ownAppointments));
  const entryIds = ids(await db.select({ id: waitlistEntries.id }).from(waitlistEntries).where(ownEntries));
  const formIds = ids(await db.select({ id: intakeSubmissions.id }).from(intakeSubmissions).where(ownForms));

  const { rows: holders } = await db.execute<{ held: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM ${users} WHERE ${users.email} = ${address} AND ${users.id} IS DISTINCT FROM ${patientId}::int)
        OR (${patientId !== null}::boolean AND ${guestRowsExist(address)}) AS held`);
  const addressFree = address !== '' && !holders[0]?.held;
  const byAddress = (where: SQL) => (addressFree ? where : sql`false`);
  const ofAccount = (where: (id: number) => SQL) => (patientId !== null ? where(patientId) : sql`false`);

  return [
    { table: receipts, where: or(inArray(receipts.appointmentId, appointmentIds), ofAccount((id) => eq(receipts.patientId, id)))! },
    { table: payments, where: inArray(payments.appointmentId, appointmentIds) },
    { table: handoutSends, where: inArray(handoutSends.appointmentId, appointmentIds) },
    { table: appointmentLinks, where: inArray(appointmentLinks.appointmentId, appointmentIds) },
    // The chart (issue #40), before the visits its entries name; the trigger that keeps signed
    // entries lets the purge through (clinic.purging, set by the purge's transaction).
    { table: chartAccessLog, where: ofAccount((id) => eq(chartAccessLog.patientId, id)) },
    { table: chartAddenda, where: ofAccount((id) => inArray(chartAddenda.entryId, db.select({ id: chartEntries.id }).from(chartEntries).where(eq(chartEntries.patientId, id)))) },
    { table: chartEntries, where: ofAccount((id) => eq(chartEntries.patientId, id)) },
    // Before the visits: a claimed offer's appointment_id would be set null, which its check refuses.
    { table: waitlistOffers, where: inArray(waitlistOffers.entryId, entryIds) },
    { table: waitlistEntries, where: inArray(waitlistEntries.id, entryIds) },
    { table: appointments, where: inArray(appointments.id, appointmentIds) },
    // Readings of their forms, and a patient's own readings (of guest forms sent with their address).
    { table: intakeAccessLog, where: or(inArray(intakeAccessLog.submissionId, formIds), ofAccount((id) => eq(intakeAccessLog.readerUserId, id)))! },
    { table: intakeSubmissions, where: inArray(intakeSubmissions.id, formIds) },
    { table: intakeDrafts, where: ofAccount((id) => eq(intakeDrafts.userId, id)) },
    { table: sessions, where: ofAccount((id) => eq(sessions.userId, id)) },
    { table: emailTokens, where: ofAccount((id) => eq(emailTokens.userId, id)) },
    { table: patientProfiles, where: ofAccount((id) => eq(patientProfiles.userId, id)) },
    { table: recordsRequests, where: patientId !== null ? eq(recordsRequests.patientId, patientId) : eq(recordsRequests.guestEmail, address) },
    { table: mailQueue, where: byAddress(sql`lower(${mailQueue.recipient}) = ${address}`) },
    { table: dataExportLinks, where: byAddress(eq(dataExportLinks.email, address)) },
    { table: contactMessages, where: byAddress(eq(contactMessages.email, address)) },
    { table: users, where: ofAccount((id) => eq(users.id, id)) },
  ];
}

export async function countRows(db: Database, steps: PurgeStep[]): Promise<PurgeCounts> {
  const counts: PurgeCounts = {};
  for (const step of steps) {
    const [row] = await db.select({ n: count() }).from(step.table).where(step.where);
    counts[getTableName(step.table)] = row?.n ?? 0;
  }
  return counts;
}
