import 'server-only';
import { and, asc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@/lib/server/db/client';
import {
  appointmentLinks,
  appointments,
  auditEvents,
  contactMessages,
  dataExportLinks,
  emailTokens,
  groupSessions,
  groupTopics,
  handoutSends,
  intakeAccessLog,
  intakeDrafts,
  intakeSubmissions,
  mailQueue,
  offices,
  patientProfiles,
  payments,
  receipts,
  recordsRequests,
  services,
  sessions,
  skills,
  users,
  waitlistEntries,
  waitlistOffers,
} from '@/lib/server/db/schema';
import { subjectKey, type RecordSubject } from './audit';

/**
 * Everything the clinic holds about one person (issue #30), read from every table that has a row
 * about them (lib/server/privacy/coverage.ts lists each table's rule; the integration test walks
 * the schema's foreign keys to check nothing is missed):
 * - a patient: the rows of their account (by user id), the e-mails sent to and the messages sent
 *   from its address since the account was opened, and the guest forms sent with that address
 *   once it was verified (what the intake review shows them too);
 * - a guest: the rows booked, joined or sent under the e-mail address, without an account.
 * `rowsRead` names each row read, table by table (its primary key): what the tests check.
 */

/** The person's rows, table by table, for collectExport to write out; `rowsRead` names them. */
export async function readExportRows(db: Database, subject: RecordSubject) {
  const rowsRead: Record<string, string[]> = {};
  const read = (table: string, keys: (string | number)[]) => {
    (rowsRead[table] ??= []).push(...keys.map(String));
  };

  // Who, and which rows are theirs.
  let account: typeof users.$inferSelect | undefined;
  let address: string;
  let appointmentScope: SQL;
  let intakeScope: SQL;
  let waitlistScope: SQL;
  let since: Date | undefined;
  if (subject.kind === 'patient') {
    [account] = await db.select().from(users).where(eq(users.id, subject.patientId));
    if (!account) throw new Error('collectExport: no such account');
    read('users', [account.id]);
    address = account.email;
    since = account.createdAt;
    appointmentScope = eq(appointments.patientId, account.id);
    const byAccount = eq(intakeSubmissions.userId, account.id);
    intakeScope = account.emailVerifiedAt ? or(byAccount, and(isNull(intakeSubmissions.userId), eq(intakeSubmissions.email, address)))! : byAccount;
    waitlistScope = eq(waitlistEntries.patientId, account.id);
  } else {
    address = subject.email.trim().toLowerCase();
    appointmentScope = and(isNull(appointments.patientId), sql`lower(${appointments.guestContact} ->> 'email') = ${address}`)!;
    intakeScope = and(isNull(intakeSubmissions.userId), eq(intakeSubmissions.email, address))!;
    waitlistScope = and(isNull(waitlistEntries.patientId), sql`lower(${waitlistEntries.guestContact} ->> 'email') = ${address}`)!;
  }
  const fromAddressSince = <T extends SQL>(clause: T, column: Parameters<typeof gte>[0]) => (since ? and(clause, gte(column, since))! : clause);

  const dietitian = alias(users, 'dietitian');
  const [profileRows, visitRows, submissionRows, draftRows, entryRows, mailRows, messageRows, sessionRows, tokenRows, linkRows, requestRows, auditRows, skillRows] =
    await Promise.all([
      account
        ? db
            .select({ profile: patientProfiles, preferred: { firstName: dietitian.firstName, lastName: dietitian.lastName } })
            .from(patientProfiles)
            .leftJoin(dietitian, eq(dietitian.id, patientProfiles.preferredDietitianId))
            .where(eq(patientProfiles.userId, account.id))
        : Promise.resolve([]),
      db
        .select({
          visit: appointments,
          service: { nameEn: services.nameEn, nameFr: services.nameFr },
          dietitian: { firstName: dietitian.firstName, lastName: dietitian.lastName },
          office: offices,
          topic: { titleEn: groupTopics.titleEn, titleFr: groupTopics.titleFr },
          // A seat is sent each file once (issue #38): the latest of its sends.
          handoutsSentAt: sql<Date | null>`(SELECT max(${handoutSends.sentAt}) FROM ${handoutSends} WHERE ${handoutSends.appointmentId} = ${appointments.id})`.mapWith(
            (value: string | Date | null) => (value === null ? null : new Date(value)),
          ),
        })
        .from(appointments)
        .innerJoin(services, eq(services.id, appointments.serviceId))
        .innerJoin(dietitian, eq(dietitian.id, appointments.employeeId))
        .innerJoin(offices, eq(offices.id, appointments.officeId))
        .leftJoin(groupSessions, eq(groupSessions.id, appointments.groupSessionId))
        .leftJoin(groupTopics, eq(groupTopics.id, groupSessions.topicId))
        .where(appointmentScope)
        .orderBy(asc(appointments.startsAt), asc(appointments.id)),
      db.select().from(intakeSubmissions).where(intakeScope).orderBy(asc(intakeSubmissions.createdAt), asc(intakeSubmissions.id)),
      account ? db.select().from(intakeDrafts).where(eq(intakeDrafts.userId, account.id)) : Promise.resolve([]),
      db
        .select({
          entry: waitlistEntries,
          service: { nameEn: services.nameEn, nameFr: services.nameFr },
          office: { nameEn: offices.nameEn, nameFr: offices.nameFr },
          topic: { titleEn: groupTopics.titleEn, titleFr: groupTopics.titleFr },
        })
        .from(waitlistEntries)
        .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
        .innerJoin(offices, eq(offices.id, waitlistEntries.officeId))
        .leftJoin(groupTopics, eq(groupTopics.id, waitlistEntries.groupTopicId))
        .where(waitlistScope)
        .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id)),
      db
        .select()
        .from(mailQueue)
        .where(fromAddressSince(sql`lower(${mailQueue.recipient}) = ${address}`, mailQueue.createdAt))
        .orderBy(asc(mailQueue.createdAt), asc(mailQueue.id)),
      db
        .select()
        .from(contactMessages)
        .where(fromAddressSince(eq(contactMessages.email, address), contactMessages.createdAt))
        .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id)),
      account ? db.select().from(sessions).where(eq(sessions.userId, account.id)).orderBy(asc(sessions.createdAt)) : Promise.resolve([]),
      account ? db.select().from(emailTokens).where(eq(emailTokens.userId, account.id)).orderBy(asc(emailTokens.createdAt)) : Promise.resolve([]),
      account ? Promise.resolve([]) : db.select().from(dataExportLinks).where(eq(dataExportLinks.email, address)).orderBy(asc(dataExportLinks.createdAt)),
      db
        .select()
        .from(recordsRequests)
        .where(account ? eq(recordsRequests.patientId, account.id) : eq(recordsRequests.guestEmail, address))
        .orderBy(asc(recordsRequests.receivedOn), asc(recordsRequests.id)),
      db.select().from(auditEvents).where(eq(auditEvents.subject, subjectKey(subject))).orderBy(asc(auditEvents.createdAt), asc(auditEvents.id)),
      db.select({ id: skills.id, nameEn: skills.nameEn, nameFr: skills.nameFr }).from(skills),
    ]);

  const visitIds = visitRows.map((r) => r.visit.id);
  const submissionIds = submissionRows.map((r) => r.id);
  const entryIds = entryRows.map((r) => r.entry.id);

  const reader = alias(users, 'reader');
  const replacement = alias(receipts, 'replacement');
  const [paymentRows, receiptRows, manageLinkRows, offerRows, accessRows] = await Promise.all([
    visitIds.length ? db.select().from(payments).where(inArray(payments.appointmentId, visitIds)).orderBy(asc(payments.createdAt), asc(payments.id)) : [],
    visitIds.length
      ? db
          .select({ receipt: receipts, replacedBy: replacement.number })
          .from(receipts)
          .leftJoin(replacement, eq(replacement.id, receipts.replacedById))
          .where(inArray(receipts.appointmentId, visitIds))
          .orderBy(asc(receipts.id))
      : [],
    visitIds.length ? db.select().from(appointmentLinks).where(inArray(appointmentLinks.appointmentId, visitIds)).orderBy(asc(appointmentLinks.id)) : [],
    entryIds.length ? db.select().from(waitlistOffers).where(inArray(waitlistOffers.entryId, entryIds)).orderBy(asc(waitlistOffers.id)) : [],
    submissionIds.length
      ? db
          .select({ log: intakeAccessLog, reader: { firstName: reader.firstName, lastName: reader.lastName, isEmployee: reader.isEmployee } })
          .from(intakeAccessLog)
          .innerJoin(reader, eq(reader.id, intakeAccessLog.readerUserId))
          .where(inArray(intakeAccessLog.submissionId, submissionIds))
          .orderBy(asc(intakeAccessLog.accessedAt), asc(intakeAccessLog.id))
      : [],
  ]);

  read('patient_profiles', profileRows.map((r) => r.profile.userId));
  read('appointments', visitIds);
  read('handout_sends', visitRows.flatMap((r) => (r.handoutsSentAt ? [r.visit.id] : [])));
  read('intake_submissions', submissionIds);
  read('intake_drafts', draftRows.map((r) => r.userId));
  read('waitlist_entries', entryIds);
  read('mail_queue', mailRows.map((r) => r.id));
  read('contact_messages', messageRows.map((r) => r.id));
  read('sessions', sessionRows.map((r) => r.tokenHash));
  read('email_tokens', tokenRows.map((r) => r.id));
  read('data_export_links', linkRows.map((r) => r.id));
  read('records_requests', requestRows.map((r) => r.id));
  read('audit_events', auditRows.map((r) => r.id));
  read('payments', paymentRows.map((r) => r.id));
  read('receipts', receiptRows.map((r) => r.receipt.id));
  read('appointment_links', manageLinkRows.map((r) => r.id));
  read('waitlist_offers', offerRows.map((r) => r.id));
  read('intake_access_log', accessRows.map((r) => r.log.id));

  return {
    rowsRead,
    account,
    address,
    profileRows,
    visitRows,
    submissionRows,
    draftRows,
    entryRows,
    mailRows,
    messageRows,
    sessionRows,
    tokenRows,
    linkRows,
    requestRows,
    auditRows,
    skillRows,
    paymentRows,
    receiptRows,
    manageLinkRows,
    offerRows,
    accessRows,
  };
}
