import 'server-only';
import { TZDate } from '@date-fns/tz';
import { addYears } from 'date-fns/addYears';
import { and, desc, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { epochMs } from '@/lib/server/booking/calendarCache';
import type { AppConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { intakeSubmissions } from '@/lib/server/db/schema';
import { decryptJson, IntakeDecryptionError, submissionContext } from '@/lib/server/intake/crypto';
import type { RecordSubject } from './audit';

/**
 * The retention rules (retention.ts says them), computed: the end of each person's clinical and
 * financial periods in one query on the clinic's calendar, and the minors' rule from the date of
 * birth their intake forms give.
 */

/** The rules' settings: the four periods (contact messages' too), and the clinic's time zone for its calendar. */
export type RetentionRules = Pick<AppConfig, 'retentionClinicalYears' | 'retentionMinorAge' | 'retentionFinancialYears' | 'retentionContactYears' | 'clinicTimezone'>;

/** Whose bounds the query computes: every closed account and guest, or one person. */
export type Scope = { kind: 'everyone' } | RecordSubject;

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

export const normalizedEmail = (email: string) => email.trim().toLowerCase();

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
      -- A chart entry is care given (a phone call, a letter answered): the clinical period runs from the last one too (issue #40).
      SELECT 'patient', p.id, p.email, c.occurred_at, false, NULL FROM chart_entries c JOIN people p ON p.id = c.patient_id WHERE c.error_at IS NULL
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

export async function periodBounds(db: Database, scope: Scope, rules: RetentionRules, expiredAt: Date | null): Promise<Bounds[]> {
  const { rows } = await db.execute<BoundsRow>(boundsQuery(scope, rules, expiredAt));
  return rows.map((row) => ({
    subject: row.kind === 'patient' ? { kind: 'patient', patientId: Number(row.patient_id) } : { kind: 'guest', email: row.email },
    until: row.kept_until === null ? null : epochMs(row.kept_until),
  }));
}

/** Who a subject is inside retention, as minorBounds keys them (guests by their address: never logged). */
export const ownKey = (subject: RecordSubject) => (subject.kind === 'patient' ? `patient:${subject.patientId}` : `guest:${normalizedEmail(subject.email)}`);

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
export async function minorBounds(db: Database, subjects: RecordSubject[], rules: RetentionRules): Promise<Map<string, number | 'unreadable'>> {
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
