import 'server-only';
import { TZDate } from '@date-fns/tz';
import { addYears } from 'date-fns/addYears';
import { and, count, desc, eq, getTableName, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { epochMs } from '@/lib/server/booking/calendarCache';
import { getConfig, type AppConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import {
  appointmentLinks,
  appointments,
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
import { decryptJson, IntakeDecryptionError, submissionContext } from '@/lib/server/intake/crypto';
import { recordAudit, subjectKey, type RecordSubject } from './audit';
import { purgeStaleContactMessages } from './contactRetention';
import { guestRowsExist } from './guestRows';

/**
 * Retention, enforced (issue #30 item 4): the records of closed accounts and of guests are
 * deleted once the law no longer asks the clinic to keep them, by the job runner.
 *
 * Whose records: a closed patient account (users.closed_at), or a guest, known by the lower-cased
 * e-mail address of their bookings, waitlist places and intake forms sent without an account. A
 * guest address that is also an open account's is a guest all the same, for the guest rows only.
 *
 * Kept until the latest of:
 * - clinical: RETENTION_CLINICAL_YEARS after the last contact (a visit's start, whatever its
 *   status; an intake form sent; a waitlist place joined), on the clinic's calendar;
 * - minors: RETENTION_CLINICAL_YEARS after the RETENTION_MINOR_AGE birthday, when an intake form
 *   gives a date of birth (the latest form that has one), from midnight on the clinic's calendar;
 * - financial: RETENTION_FINANCIAL_YEARS after the end (Dec 31, 24:00 on the clinic's calendar) of
 *   the year of the latest payment on their visits, and of the year of the latest receipt issued.
 * Never while they hold a visit still to come or an active waitlist place, nor while an e-mail to them
 * waits to be sent. An account closed before any visit has nothing to keep: it goes at the next run.
 *
 * Since the date is the latest of all periods, everything about the person goes together, in
 * one transaction per person, then one `records_purged` audit entry says how many rows of each
 * table went (no name, no address).
 *
 * Cheap enough for every scheduler tick: one query finds the people whose clinical and financial
 * periods are over; only their intake forms are then decrypted, for the minors' rule.
 */

/** The rules' settings: the four periods (contact messages' too), and the clinic's time zone for its calendar. */
export type RetentionRules = Pick<AppConfig, 'retentionClinicalYears' | 'retentionMinorAge' | 'retentionFinancialYears' | 'retentionContactYears' | 'clinicTimezone'>;

/** What a purge deletes, table by table, in the order it deletes them. */
export type PurgeCounts = Record<string, number>;

/** A person whose records may be deleted now: what the dry run lists and the purge deletes. */
export interface PurgeableRecord {
  subject: RecordSubject;
  /** How the audit log names them (subjectKey): no address. */
  key: string;
  /** When the last period ended (ISO); null when nothing had to be kept (an account closed before any visit). */
  retainUntil: string | null;
  rows: PurgeCounts;
}

export interface RetentionRunCounts {
  /** People whose records this run deleted. */
  purged: number;
  /** People whose purge failed (logged by audit key): kept whole, tried again at the next run. */
  failed: number;
  /** Contact-page messages past RETENTION_CONTACT_YEARS whose address led to no record (contactRetention.ts). */
  contactMessages: number;
}

/** Whose bounds the query computes: every closed account and guest, or one person. */
type Scope = { kind: 'everyone' } | RecordSubject;

interface BoundsRow extends Record<string, unknown> {
  kind: 'patient' | 'guest';
  patient_id: number | null;
  email: string;
  /** Epoch seconds (numeric: a string on some drivers); null without anything to keep by that rule. */
  kept_until: string | number | null;
}

/** A person and the end of their clinical and financial periods, in ms (null: nothing to keep by them). */
interface Bounds {
  subject: RecordSubject;
  until: number | null;
}

const normalizedEmail = (email: string) => email.trim().toLowerCase();

/**
 * The end of the clinical and financial periods of each person in `scope`, in one query; with
 * `expiredAt`, only the people whose periods are over by then and who hold nothing still live.
 * Plain SQL that PGlite and PostgreSQL both run; the rules' arithmetic is done on the clinic's
 * calendar (a timestamp AT TIME ZONE the clinic's zone), so "10 years later" is the same wall time.
 */
function boundsQuery(scope: Scope, rules: RetentionRules, expiredAt: Date | null): SQL {
  const zone = sql`${rules.clinicTimezone}::text`;
  const clinicalYears = sql`${rules.retentionClinicalYears}::int`;
  const financialYears = sql`${rules.retentionFinancialYears}::int`;
  // An account's records go only once it is closed (and never an employee's, whose name the clinic's records carry).
  const closed = sql`closed_at IS NOT NULL AND NOT is_employee`;
  const people =
    scope.kind === 'everyone'
      ? closed
      : scope.kind === 'patient'
        ? sql`id = ${scope.patientId} AND (${expiredAt === null}::boolean OR ${closed})`
        : sql`false`;
  const guest = (address: SQL) =>
    scope.kind === 'everyone' ? sql`true` : scope.kind === 'guest' ? sql`${address} = ${normalizedEmail(scope.email)}` : sql`false`;
  const keptUntil = sql`greatest(b.clinical_until, b.paid_until, b.issued_until)`;
  const expired = expiredAt
    ? sql`WHERE NOT b.held
        AND coalesce(${keptUntil}, '-infinity') <= ${expiredAt.toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM mail_queue m WHERE m.status = 'pending' AND lower(m.recipient) = b.email)`
    : sql``;
  // A visit still to come holds its person; one in the past left 'booked' (nobody marked it) does
  // not: it counts as a contact, like the statistics count it as held.
  const upcoming = sql`(a.status = 'booked' AND a.ends_at > ${(expiredAt ?? new Date()).toISOString()}::timestamptz)`;
  return sql`
    WITH people AS (
      SELECT id, email FROM users WHERE ${people}
    ), facts AS (
      SELECT 'patient' AS kind, p.id AS patient_id, p.email AS email, NULL::timestamptz AS contact_at, false AS holds, NULL::integer AS appointment_id
        FROM people p
      UNION ALL
      SELECT 'patient', p.id, p.email, a.starts_at, ${upcoming}, a.id FROM appointments a JOIN people p ON p.id = a.patient_id
      UNION ALL
      SELECT 'patient', p.id, p.email, w.created_at, w.status = 'active', NULL FROM waitlist_entries w JOIN people p ON p.id = w.patient_id
      UNION ALL
      SELECT 'patient', p.id, p.email, s.created_at, false, NULL FROM intake_submissions s JOIN people p ON p.id = s.user_id
      UNION ALL
      SELECT 'guest', NULL, lower(a.guest_contact ->> 'email'), a.starts_at, ${upcoming}, a.id
        FROM appointments a WHERE a.patient_id IS NULL AND ${guest(sql`lower(a.guest_contact ->> 'email')`)}
      UNION ALL
      SELECT 'guest', NULL, lower(w.guest_contact ->> 'email'), w.created_at, w.status = 'active', NULL
        FROM waitlist_entries w WHERE w.patient_id IS NULL AND ${guest(sql`lower(w.guest_contact ->> 'email')`)}
      UNION ALL
      SELECT 'guest', NULL, s.email, s.created_at, false, NULL
        FROM intake_submissions s WHERE s.user_id IS NULL AND ${guest(sql`s.email`)}
    ), subjects AS (
      SELECT f.kind, f.patient_id, f.email, bool_or(f.holds) AS held, max(f.contact_at) AS last_contact,
             max(pay.paid_on) AS last_paid_on, max(rec.issued_at) AS last_issued_at
        FROM facts f
        LEFT JOIN payments pay ON pay.appointment_id = f.appointment_id
        LEFT JOIN receipts rec ON rec.appointment_id = f.appointment_id
       GROUP BY f.kind, f.patient_id, f.email
    ), bounds AS (
      SELECT s.*,
             (s.last_contact AT TIME ZONE ${zone} + make_interval(years => ${clinicalYears})) AT TIME ZONE ${zone} AS clinical_until,
             make_timestamptz(extract(year FROM s.last_paid_on)::int + ${financialYears} + 1, 1, 1, 0, 0, 0, ${zone}) AS paid_until,
             make_timestamptz(extract(year FROM s.last_issued_at AT TIME ZONE ${zone})::int + ${financialYears} + 1, 1, 1, 0, 0, 0, ${zone}) AS issued_until
        FROM subjects s
    )
    SELECT b.kind, b.patient_id, b.email, extract(epoch FROM ${keptUntil}) AS kept_until
      FROM bounds b
      ${expired}
     ORDER BY ${keptUntil} ASC NULLS FIRST, b.kind, b.patient_id, b.email`;
}

async function periodBounds(db: Database, scope: Scope, rules: RetentionRules, expiredAt: Date | null): Promise<Bounds[]> {
  const { rows } = await db.execute<BoundsRow>(boundsQuery(scope, rules, expiredAt));
  return rows.map((row) => ({
    subject: row.kind === 'patient' ? { kind: 'patient', patientId: Number(row.patient_id) } : { kind: 'guest', email: row.email },
    until: row.kept_until === null ? null : epochMs(row.kept_until),
  }));
}

/** Who a subject is inside this module (guests by their address: never logged). */
const ownKey = (subject: RecordSubject) => (subject.kind === 'patient' ? `patient:${subject.patientId}` : `guest:${normalizedEmail(subject.email)}`);

/** Midnight, on the clinic's calendar, RETENTION_CLINICAL_YEARS after the RETENTION_MINOR_AGE birthday. */
function minorBound(dateOfBirth: string, rules: RetentionRules): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const birth = new TZDate(year, month - 1, day, rules.clinicTimezone);
  return addYears(addYears(birth, rules.retentionMinorAge), rules.retentionClinicalYears).getTime();
}

function dateOfBirthOf(row: { publicId: string; encryptedAnswers: string }): string | null {
  const answers = decryptJson(row.encryptedAnswers, submissionContext(row.publicId)) as { personalInformation?: { dateOfBirth?: unknown } } | null;
  const value = answers?.personalInformation?.dateOfBirth;
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/** Intake forms read per query: bounds its parameters and the ciphertexts held at once. */
const MINORS_CHUNK = 200;

/**
 * The minors' bound of each subject (ms), from the latest of their intake forms that gives a date
 * of birth; absent when none does. 'unreadable' when a form that had to be read cannot be
 * decrypted (another key): nobody can tell whether they were a child, so they are kept.
 */
async function minorBounds(db: Database, subjects: RecordSubject[], rules: RetentionRules): Promise<Map<string, number | 'unreadable'>> {
  const found = new Map<string, number | 'unreadable'>();
  for (let i = 0; i < subjects.length; i += MINORS_CHUNK) {
    const chunk = subjects.slice(i, i + MINORS_CHUNK);
    const patientIds = chunk.flatMap((s) => (s.kind === 'patient' ? [s.patientId] : []));
    const guestEmails = chunk.flatMap((s) => (s.kind === 'guest' ? [normalizedEmail(s.email)] : []));
    const forms = await db
      .select({ publicId: intakeSubmissions.publicId, userId: intakeSubmissions.userId, email: intakeSubmissions.email, encryptedAnswers: intakeSubmissions.encryptedAnswers })
      .from(intakeSubmissions)
      .where(or(inArray(intakeSubmissions.userId, patientIds), and(isNull(intakeSubmissions.userId), inArray(intakeSubmissions.email, guestEmails))))
      .orderBy(desc(intakeSubmissions.createdAt), desc(intakeSubmissions.id));
    for (const form of forms) {
      const key = form.userId !== null ? `patient:${form.userId}` : `guest:${normalizedEmail(form.email)}`;
      if (found.has(key)) continue;
      try {
        const dateOfBirth = dateOfBirthOf(form);
        if (dateOfBirth) found.set(key, minorBound(dateOfBirth, rules));
      } catch (error) {
        if (!(error instanceof IntakeDecryptionError)) throw error;
        found.set(key, 'unreadable');
      }
    }
  }
  return found;
}

interface Expired {
  subject: RecordSubject;
  /** ms; null when nothing had to be kept. */
  until: number | null;
}

/** The people in `scope` whose every period is over at `now` and who hold nothing live. */
async function expiredSubjects(db: Database, scope: Scope, now: Date, rules: RetentionRules): Promise<Expired[]> {
  const candidates = await periodBounds(db, scope, rules, now);
  if (candidates.length === 0) return [];
  const minors = await minorBounds(db, candidates.map((c) => c.subject), rules);
  const expired: Expired[] = [];
  let unreadable = 0;
  for (const candidate of candidates) {
    const minor = minors.get(ownKey(candidate.subject));
    if (minor === 'unreadable') unreadable += 1;
    else if (minor === undefined || minor <= now.getTime()) {
      expired.push({ subject: candidate.subject, until: minor === undefined ? candidate.until : Math.max(minor, candidate.until ?? minor) });
    }
  }
  // A count only: who they are is not for the log.
  if (unreadable > 0) console.warn(`[retention] ${unreadable} record(s) kept: an intake form could not be decrypted to apply the minors' rule`);
  return expired;
}

/**
 * When a person's kept records may be deleted (closing an account says so): the latest of the
 * clinical, minors' and financial periods, or null when nothing is kept past `now`. A form that
 * cannot be decrypted leaves the minors' rule out.
 */
export async function retainUntil(db: Database, subject: RecordSubject, now: Date, rules: RetentionRules = getConfig()): Promise<Date | null> {
  const [bounds] = await periodBounds(db, subject, rules, null);
  if (!bounds) return null;
  const minor = (await minorBounds(db, [subject], rules)).get(ownKey(subject));
  const until = Math.max(bounds.until ?? -Infinity, typeof minor === 'number' ? minor : -Infinity);
  return until > now.getTime() ? new Date(until) : null;
}

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
async function purgeSteps(db: Database, subject: RecordSubject): Promise<PurgeStep[]> {
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

async function countRows(db: Database, steps: PurgeStep[]): Promise<PurgeCounts> {
  const counts: PurgeCounts = {};
  for (const step of steps) {
    const [row] = await db.select({ n: count() }).from(step.table).where(step.where);
    counts[getTableName(step.table)] = row?.n ?? 0;
  }
  return counts;
}

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The people whose records may be deleted at `now`, with what a purge would delete: what
 * `npm run jobs:run-once -- --dry-run` lists. Reads only.
 */
export async function findPurgeable(db: Database, now: Date, rules: RetentionRules = getConfig()): Promise<PurgeableRecord[]> {
  const expired = await expiredSubjects(db, { kind: 'everyone' }, now, rules);
  const records: PurgeableRecord[] = [];
  for (const { subject, until } of expired) {
    records.push({ subject, key: subjectKey(subject), retainUntil: isoOrNull(until), rows: await countRows(db, await purgeSteps(db, subject)) });
  }
  return records;
}

/**
 * Takes the person's booking lock (the key lib/server/booking/appointments.ts writes every booking
 * under), so a booking for them made meanwhile either waits for the purge or is seen by it.
 */
async function lockSubject(tx: Database, subject: RecordSubject): Promise<void> {
  const person = subject.kind === 'patient' ? `patient:${subject.patientId}` : `guest:${normalizedEmail(subject.email)}`;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`appointments:${person}`}))`);
}

/**
 * Deletes one person's records if they are still due at `now`, in one transaction with its audit
 * entry: a crash leaves the person whole or gone. Checked again under the person's lock, so two
 * runners at once (the scheduler and a cron) purge them once. True when they were purged.
 */
async function purgeSubject(db: Database, subject: RecordSubject, now: Date, rules: RetentionRules): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockSubject(tx, subject);
    const [due] = await expiredSubjects(tx, subject, now, rules);
    if (!due) return false;
    const counts: PurgeCounts = {};
    for (const step of await purgeSteps(tx, subject)) {
      const deleted = await tx.delete(step.table).where(step.where).returning({ one: sql<number>`1` });
      counts[getTableName(step.table)] = deleted.length;
    }
    await recordAudit(tx, {
      action: 'records_purged',
      actorUserId: null,
      subject,
      detail: { retain_until: isoOrNull(due.until), ...counts },
    });
    return true;
  });
}

/** An error's name and the constraint it broke, if any: never its message, which may quote values. */
function errorLabel(error: unknown): string {
  const name = error instanceof Error ? error.name : 'error';
  const cause = error instanceof Error ? (error.cause as { constraint?: unknown } | undefined) : undefined;
  return typeof cause?.constraint === 'string' ? `${name}, ${cause.constraint}` : name;
}

/**
 * People purged per run, the longest overdue first, so the backlog of a clinic that just upgraded
 * is spread over the ticks rather than holding one run (and the next reminders and e-mails) for
 * minutes. `npm run bench:retention` (30,000 visits, 60,000 e-mails, 6,000 people due): a run of 50
 * purges takes 1.5-1.8 s on the embedded database and 1.1-1.7 s on PostgreSQL (some 25 queries a
 * person, each found by an index since migration 0017; without it, 5.2-6.6 s and 4.5-5.1 s); a run
 * with nothing due, 75-85 ms on either.
 */
const PURGES_PER_RUN = 50;

/**
 * The job: deletes the records of everyone whose retention is over at `now` (one transaction
 * each, PURGES_PER_RUN at most; the next run takes the rest), then the contact messages that led
 * to no record and are past theirs, and says how many people's records and messages went. One
 * person whose purge fails does not hold up the others. Run by runJobsOnce
 * (lib/server/jobs/scheduler.ts).
 */
export async function purgeExpiredRecords(db: Database, now: Date, rules: RetentionRules = getConfig()): Promise<RetentionRunCounts> {
  const counts: RetentionRunCounts = { purged: 0, failed: 0, contactMessages: 0 };
  const due = await expiredSubjects(db, { kind: 'everyone' }, now, rules);
  for (const { subject } of due.slice(0, PURGES_PER_RUN)) {
    try {
      if (await purgeSubject(db, subject, now, rules)) counts.purged += 1;
    } catch (error) {
      counts.failed += 1;
      console.error(`[retention] ${subjectKey(subject)}: purge failed (${errorLabel(error)}); kept for the next run`);
    }
  }
  // After the people: a message whose sender's last record just went is now nobody's.
  counts.contactMessages = await purgeStaleContactMessages(db, now, rules);
  return counts;
}

