import 'server-only';
import { and, asc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { officeAddressLines } from '@/lib/format/office';
import type { Locale } from '@/lib/i18n/routing';
import { DATA_EXPORT_FORMAT_VERSION, type DataExport } from '@/lib/schemas/dataExport';
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
  type Receipt,
} from '@/lib/server/db/schema';
import { decryptJson, draftContext, submissionContext } from '@/lib/server/intake/crypto';
import { receiptTexts } from '@/lib/server/receipts/texts';
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

export interface CollectedExport {
  data: DataExport;
  /** The receipts, for their PDFs, each with the number of the receipt that replaced it. */
  receipts: { receipt: Receipt; replacedBy: string | null; file: string }[];
  rowsRead: Record<string, string[]>;
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export async function collectExport(db: Database, subject: RecordSubject, options: { locale: Locale; now: Date }): Promise<CollectedExport> {
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
          handoutsSentAt: handoutSends.sentAt,
        })
        .from(appointments)
        .innerJoin(services, eq(services.id, appointments.serviceId))
        .innerJoin(dietitian, eq(dietitian.id, appointments.employeeId))
        .innerJoin(offices, eq(offices.id, appointments.officeId))
        .leftJoin(groupSessions, eq(groupSessions.id, appointments.groupSessionId))
        .leftJoin(groupTopics, eq(groupTopics.id, groupSessions.topicId))
        .leftJoin(handoutSends, eq(handoutSends.appointmentId, appointments.id))
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

  const skillName = new Map(skillRows.map((s) => [s.id, { en: s.nameEn, fr: s.nameFr }]));
  const reasonNames = (ids: number[]) => ids.flatMap((id) => skillName.get(id) ?? []);
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

  const paymentPublicId = new Map(paymentRows.map((p) => [p.id, p.publicId]));
  const receiptFiles = receiptRows.map((row) => ({
    ...row,
    file: `receipts/${receiptTexts(row.receipt.language).fileName(row.receipt.number)}`,
  }));
  const profile = profileRows[0];
  const submissionAnswers = submissionRows.map((row) => decryptJson(row.encryptedAnswers, submissionContext(row.publicId)) as Record<string, unknown>);
  const draftAnswers = draftRows[0] ? (decryptJson(draftRows[0].encryptedAnswers, draftContext(draftRows[0].userId)) as Record<string, unknown>) : null;
  const submissionPublicId = new Map(submissionRows.map((s) => [s.id, s.publicId]));

  const data: DataExport = {
    format_version: DATA_EXPORT_FORMAT_VERSION,
    generated_at: iso(options.now),
    language: options.locale,
    subject: subject.kind,
    account: account
      ? {
          email: account.email,
          first_name: account.firstName,
          last_name: account.lastName,
          phone: account.phone,
          preferred_language: account.preferredLanguage,
          created_at: iso(account.createdAt),
          email_verified_at: isoOrNull(account.emailVerifiedAt),
          closed_at: isoOrNull(account.closedAt),
          address: profile
            ? {
                street_number: profile.profile.streetNumber,
                street_name: profile.profile.streetName,
                unit_number: profile.profile.unitNumber,
                city: profile.profile.city,
                province: profile.profile.provinceCode,
                country: profile.profile.countryCode,
                postal_code: profile.profile.postalCode,
              }
            : null,
          preferred_dietitian: profile?.preferred ? { first_name: profile.preferred.firstName, last_name: profile.preferred.lastName } : null,
        }
      : null,
    guest: account ? null : { email: address, contacts: guestContacts(visitRows.map((r) => r.visit.guestContact), entryRows.map((r) => r.entry.guestContact)) },
    appointments: visitRows.map(({ visit, service, dietitian: d, office, topic, handoutsSentAt }) => ({
      id: visit.id,
      kind: visit.groupSessionId === null ? 'visit' : 'group_seat',
      group_topic: topic ? { en: topic.titleEn, fr: topic.titleFr } : null,
      service: { en: service.nameEn, fr: service.nameFr },
      dietitian: { first_name: d.firstName, last_name: d.lastName },
      office: {
        name: { en: office.nameEn, fr: office.nameFr },
        address_lines: officeLines(office),
      },
      virtual: office.isVirtual,
      session_language: visit.sessionLanguage,
      starts_at: iso(visit.startsAt),
      ends_at: iso(visit.endsAt),
      status: visit.status,
      reasons: reasonNames(visit.reasons),
      message: visit.message,
      price_cents: visit.priceCents,
      tax_cents: visit.taxCents,
      total_cents: visit.totalCents,
      booked_at: iso(visit.createdAt),
      booked_by_clinic: visit.bookedBy !== null && visit.bookedBy !== visit.patientId,
      cancelled_at: isoOrNull(visit.cancelledAt),
      rescheduled_from: visit.rescheduledFromId,
      reminder_sent_at: isoOrNull(visit.reminderSentAt),
      handouts_sent_at: isoOrNull(handoutsSentAt),
      manage_links: manageLinkRows.filter((l) => l.appointmentId === visit.id).map((l) => ({ created_at: iso(l.createdAt), expires_at: iso(l.expiresAt) })),
    })),
    intake_submissions: submissionRows.map((row, index) => ({
      id: row.publicId,
      submitted_at: iso(row.createdAt),
      language: row.language,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      consent_version: row.consentVersion,
      consented_at: iso(row.consentedAt),
      answers: submissionAnswers[index]!,
    })),
    intake_draft: draftRows[0] && draftAnswers ? { step: draftRows[0].step, updated_at: iso(draftRows[0].updatedAt), answers: draftAnswers } : null,
    reasons: intakeReasonIds([...submissionAnswers, draftAnswers]).flatMap((id) => {
      const name = skillName.get(id);
      return name ? [{ id, name }] : [];
    }),
    payments: paymentRows.map((p) => ({
      id: p.publicId,
      appointment_id: p.appointmentId,
      amount_cents: p.amountCents,
      method: p.method,
      paid_on: p.paidOn,
      refund_reason: p.reason,
      recorded_at: iso(p.createdAt),
    })),
    receipts: receiptFiles.map(({ receipt: r, file }) => ({
      number: r.number,
      appointment_id: r.appointmentId,
      payment_id: paymentPublicId.get(r.paymentId)!,
      language: r.language,
      issued_at: iso(r.issuedAt),
      fee_cents: r.feeCents,
      tax_cents: r.taxCents,
      total_cents: r.totalCents,
      paid_cents: r.paidCents,
      paid_to_date_cents: r.paidToDateCents,
      balance_cents: r.balanceCents,
      voided_at: isoOrNull(r.voidedAt),
      void_reason: r.voidReason,
      file,
    })),
    waitlist: entryRows.map(({ entry, service, office, topic }) => ({
      service: { en: service.nameEn, fr: service.nameFr },
      office: { en: office.nameEn, fr: office.nameFr },
      group_topic: topic ? { en: topic.titleEn, fr: topic.titleFr } : null,
      session_language: entry.sessionLanguage,
      reasons: reasonNames(entry.reasons),
      message: entry.message,
      from_date: entry.fromDate,
      to_date: entry.toDate,
      times_of_day: entry.timesOfDay,
      weekdays: entry.weekdays,
      status: entry.status,
      joined_at: iso(entry.createdAt),
      ended_at: isoOrNull(entry.endedAt),
      offers: offerRows
        .filter((o) => o.entryId === entry.id)
        .map((o) => ({ starts_at: iso(o.startsAt), ends_at: iso(o.endsAt), status: o.status, offered_at: iso(o.createdAt), expires_at: iso(o.expiresAt) })),
    })),
    emails: mailRows.map((m) => ({
      kind: m.purpose,
      subject: m.subject,
      language: m.language,
      queued_at: iso(m.createdAt),
      sent_at: isoOrNull(m.sentAt),
      status: m.status,
    })),
    consents: submissionRows.map((row) => ({ kind: 'intake_form' as const, version: row.consentVersion, given_at: iso(row.consentedAt) })),
    sign_ins: sessionRows.map((s) => ({ signed_in_at: iso(s.createdAt), last_seen_at: iso(s.lastSeenAt), expires_at: iso(s.expiresAt) })),
    email_links: [
      ...tokenRows.map((t) => ({ purpose: t.purpose, created_at: iso(t.createdAt), expires_at: iso(t.expiresAt), used_at: isoOrNull(t.usedAt) })),
      ...linkRows.map((l) => ({ purpose: 'data_export', created_at: iso(l.createdAt), expires_at: iso(l.expiresAt), used_at: isoOrNull(l.usedAt) })),
    ],
    intake_access: accessRows.map(({ log, reader: r }) => ({
      form_id: submissionPublicId.get(log.submissionId)!,
      read_at: iso(log.accessedAt),
      reader: { first_name: r.firstName, last_name: r.lastName, role: r.isEmployee ? ('clinic' as const) : ('self' as const) },
    })),
    contact_messages: messageRows.map((m) => ({ sent_at: iso(m.createdAt), subject: m.subject, message: m.message, language: m.language })),
    records_requests: requestRows.map((r) => ({
      kind: r.kind,
      received_on: r.receivedOn,
      due_on: r.dueOn,
      status: r.status,
      details: r.details,
      outcome: r.outcome,
    })),
    record_history: auditRows.map((a) => ({ action: a.action, at: iso(a.createdAt), by_clinic: a.actorUserId !== null && a.actorUserId !== account?.id })),
  };
  return { data, receipts: receiptFiles, rowsRead };
}

function officeLines(office: typeof offices.$inferSelect): { en: string[]; fr: string[] } {
  if (office.isVirtual || !office.streetNumber || !office.streetName || !office.city || !office.provinceCode || !office.postalCode) return { en: [], fr: [] };
  const parts = {
    streetNumber: office.streetNumber,
    streetName: office.streetName,
    streetNameFr: office.streetNameFr,
    unitNumber: office.unitNumber,
    city: office.city,
    provinceCode: office.provinceCode,
    postalCode: office.postalCode,
  };
  return { en: officeAddressLines(parts, 'en'), fr: officeAddressLines(parts, 'fr') };
}

type GuestContactRow = typeof appointments.$inferSelect.guestContact;

/** Each different contact a guest gave (bookings and waitlist places), in the order first given. */
function guestContacts(...lists: GuestContactRow[][]): NonNullable<DataExport['guest']>['contacts'] {
  const seen = new Map<string, NonNullable<DataExport['guest']>['contacts'][number]>();
  for (const contact of lists.flat()) {
    if (!contact) continue;
    const a = contact.address;
    const entry = {
      first_name: contact.firstName,
      last_name: contact.lastName,
      email: contact.email,
      phone: contact.phone ?? null,
      address: a
        ? {
            street_number: a.streetNumber,
            street_name: a.streetName,
            unit_number: a.unitNumber || null,
            city: a.city,
            province: a.province,
            country: a.country,
            postal_code: a.postalCode,
          }
        : null,
    };
    const key = JSON.stringify(entry);
    if (!seen.has(key)) seen.set(key, entry);
  }
  return [...seen.values()];
}

/** The reason ids the intake answers hold (objective.reasons), each once, in order. */
function intakeReasonIds(answers: (Record<string, unknown> | null)[]): number[] {
  const ids = answers.flatMap((a) => {
    const reasons = (a?.objective as { reasons?: unknown } | undefined)?.reasons;
    return Array.isArray(reasons) ? reasons.filter((id): id is number => Number.isInteger(id)) : [];
  });
  return [...new Set(ids)];
}
