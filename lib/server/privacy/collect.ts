import 'server-only';
import { officeAddressLines } from '@/lib/format/office';
import type { Locale } from '@/lib/i18n/routing';
import { DATA_EXPORT_FORMAT_VERSION, type DataExport } from '@/lib/schemas/dataExport';
import type { Database } from '@/lib/server/db/client';
import type { appointments, offices, Receipt } from '@/lib/server/db/schema';
import { decryptJson, draftContext, submissionContext } from '@/lib/server/intake/crypto';
import { receiptTexts } from '@/lib/server/receipts/texts';
import type { RecordSubject } from './audit';
import { readChartExport } from './collectChart';
import { readExportRows } from './collectRows';

/**
 * A person's export (issue #30): the rows collectRows.ts reads about them, written out as
 * data.json holds them (lib/schemas/dataExport), with their receipts for the PDFs.
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
  const rows = await readExportRows(db, subject);
  const chart = await readChartExport(db, subject, (table, keys) => (rows.rowsRead[table] ??= []).push(...keys.map(String)));
  const { account, address, profileRows, visitRows, submissionRows, draftRows, entryRows, mailRows, messageRows, sessionRows, tokenRows, linkRows } = rows;
  const { requestRows, auditRows, skillRows, paymentRows, receiptRows, manageLinkRows, offerRows, accessRows } = rows;

  const skillName = new Map(skillRows.map((s) => [s.id, { en: s.nameEn, fr: s.nameFr }]));
  const reasonNames = (ids: number[]) => ids.flatMap((id) => skillName.get(id) ?? []);

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
    ...chart,
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
  return { data, receipts: receiptFiles, rowsRead: rows.rowsRead };
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
