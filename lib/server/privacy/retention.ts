import 'server-only';
import { getTableName, sql } from 'drizzle-orm';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { recordAudit, subjectKey, type RecordSubject } from './audit';
import { purgeStaleContactMessages } from './contactRetention';
import { expiredSubjects } from './retentionDue';
import { countRows, purgeSteps, type PurgeCounts } from './retentionRows';
import { normalizedEmail, type RetentionRules } from './retentionRules';

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
    // Only this transaction may delete signed chart entries and their addenda (migration 0021).
    await tx.execute(sql`SELECT set_config('clinic.purging', 'on', true)`);
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

