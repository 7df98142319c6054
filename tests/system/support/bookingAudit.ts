// After a crash: is every acknowledged booking in the database, is anything half-written, and
// did every committed booking's e-mails go out? A booking (lib/server/booking/book.ts) is one
// appointments row and its two queued e-mails (the guest's confirmation, the dietitian's notice)
// written in one transaction; the e-mail queue (lib/server/email/queue.ts) then writes each to
// the file outbox, an .eml then a .json, to a temporary name and renamed. So "half-written"
// means: a row that breaks what a booking always writes (the constraints, its reasons pointing
// at real skills, a guest's address, its token id), two active rows of one dietitian
// overlapping, an outbox .json that is damaged or has no .eml, a booking answered 2xx whose
// e-mails are not both there, or a committed booking (answered or not) without its confirmation.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../lib/server/db/client';
import { outboxEntrySchema, type OutboxEntry } from '../../../lib/server/email/outbox';

/** A booking the server answered 2xx, as its answer named it. */
export interface Acknowledged {
  id: number;
  start: string;
  employeeId: number;
  email: string;
  /** The guest's full name, unique per booking: the dietitian's notice names it. */
  patientName: string;
}

export interface AuditResult {
  present: number;
  missing: number[];
  halfWritten: string[];
  /** Storm bookings committed whose answer was lost in the crash (allowed either way). */
  committedUnanswered: number;
  /** Storm bookings committed (answered or not), and those whose confirmation is in the outbox. */
  committed: number;
  confirmationsDelivered: number;
  /** Queued e-mails not sent yet. */
  queuePending: number;
  leftoverTempFiles: number;
}

type Row = Record<string, unknown>;
const rows = async (db: Database, query: string): Promise<Row[]> => (await db.execute<Row>(sql.raw(query))).rows;

// Each query lists the appointments breaking one rule of a booking's row.
const ROW_RULES: Record<string, string> = {
  'patient xor guest': `(patient_id IS NULL) = (guest_contact IS NULL)`,
  'guest without name or e-mail': `guest_contact IS NOT NULL AND (guest_contact ->> 'email' IS NULL OR guest_contact ->> 'firstName' IS NULL)`,
  // Online, a guest always passes check-address (the seed's demo guests did not).
  'online guest without address': `guest_contact IS NOT NULL AND timeslot_token_jti IS NOT NULL AND guest_contact -> 'address' IS NULL`,
  'reasons not 1 to 3 known skills': `cardinality(reasons) NOT BETWEEN 1 AND 3 OR EXISTS (SELECT 1 FROM unnest(reasons) r WHERE r NOT IN (SELECT id FROM skills))`,
  'times out of order': `NOT (starts_at < ends_at AND ends_at <= blocked_until)`,
  'money does not add up': `total_cents <> price_cents + tax_cents OR price_cents < 0`,
  'dietitian is not an employee': `employee_id NOT IN (SELECT id FROM users WHERE is_employee)`,
  'unknown service or office': `service_id NOT IN (SELECT id FROM services) OR office_id NOT IN (SELECT id FROM offices)`,
  'cancelled state inconsistent': `(status = 'cancelled') <> (cancelled_at IS NOT NULL)`,
  'booked online without token id': `guest_contact ->> 'email' LIKE 'guest-%' AND timeslot_token_jti IS NULL`,
};

const OVERLAPS = `
  SELECT a.id FROM appointments a JOIN appointments b ON a.employee_id = b.employee_id AND a.id < b.id
   WHERE a.status <> 'cancelled' AND b.status <> 'cancelled'
     AND tstzrange(a.starts_at, a.blocked_until) && tstzrange(b.starts_at, b.blocked_until)`;

export function readOutbox(dir: string): { entries: OutboxEntry[]; damaged: string[]; leftoverTempFiles: number } {
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return { entries: [], damaged: [], leftoverTempFiles: 0 };
  }
  const entries: OutboxEntry[] = [];
  const damaged: string[] = [];
  for (const name of names.filter((n) => n.endsWith('.json') && !n.startsWith('.'))) {
    try {
      const entry = outboxEntrySchema.parse(JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
      if (!names.includes(entry.eml)) throw new Error('no .eml');
      entries.push(entry);
    } catch {
      damaged.push(name);
    }
  }
  // A temporary file the crash left before its rename: never read as a message, so harmless.
  return { entries, damaged, leftoverTempFiles: names.filter((n) => n.endsWith('.tmp')).length };
}

/** `emailPrefix` picks this run's guest bookings; `outboxDir` is where the server wrote its mail. */
/** The appointments that break a rule of a booking's row, or overlap another of their dietitian. */
export async function halfWrittenRows(db: Database): Promise<string[]> {
  const halfWritten: string[] = [];
  for (const [rule, condition] of Object.entries(ROW_RULES)) {
    for (const row of await rows(db, `SELECT id FROM appointments WHERE ${condition}`)) halfWritten.push(`appointment ${String(row.id)}: ${rule}`);
  }
  for (const row of await rows(db, OVERLAPS)) halfWritten.push(`appointment ${String(row.id)}: overlaps another of its dietitian`);
  return halfWritten;
}

export async function auditBookings(db: Database, acknowledged: Acknowledged[], emailPrefix: string, outboxDir: string): Promise<AuditResult> {
  const halfWritten = await halfWrittenRows(db);

  const storm = await rows(
    db,
    `SELECT a.id, a.starts_at, a.employee_id, a.status, a.guest_contact ->> 'email' AS email, u.email AS dietitian_email
       FROM appointments a JOIN users u ON u.id = a.employee_id
      WHERE a.guest_contact ->> 'email' LIKE '${emailPrefix}%'`,
  );
  const byId = new Map(storm.map((row) => [Number(row.id), row]));
  const outbox = readOutbox(outboxDir);
  for (const name of outbox.damaged) halfWritten.push(`outbox ${name}: damaged or without its .eml`);
  const mailTo = (address: unknown) => outbox.entries.filter((entry) => entry.to.toLowerCase().includes(String(address).toLowerCase()));

  const missing: number[] = [];
  for (const booking of acknowledged) {
    const row = byId.get(booking.id);
    const same =
      row &&
      row.status === 'booked' &&
      new Date(row.starts_at as string | Date).toISOString() === booking.start &&
      Number(row.employee_id) === booking.employeeId &&
      row.email === booking.email;
    if (!same) {
      missing.push(booking.id);
      continue;
    }
    if (mailTo(booking.email).length === 0) halfWritten.push(`appointment ${booking.id}: answered 2xx but no confirmation e-mail`);
    if (!mailTo(row.dietitian_email).some((entry) => entry.text.includes(booking.patientName))) {
      halfWritten.push(`appointment ${booking.id}: answered 2xx but no dietitian notice`);
    }
  }
  const answered = new Set(acknowledged.map((booking) => booking.id));
  const unanswered = storm.filter((row) => !answered.has(Number(row.id)));
  const delivered = storm.filter((row) => mailTo(row.email).length > 0);
  for (const row of storm) if (mailTo(row.email).length === 0) halfWritten.push(`appointment ${String(row.id)}: committed but its confirmation was never sent`);
  const [pending] = await rows(db, `SELECT count(*)::int AS n FROM mail_queue WHERE status <> 'sent'`);
  return {
    present: acknowledged.length - missing.length,
    missing,
    halfWritten,
    committedUnanswered: unanswered.length,
    committed: storm.length,
    confirmationsDelivered: delivered.length,
    queuePending: Number(pending?.n ?? 0),
    leftoverTempFiles: outbox.leftoverTempFiles,
  };
}
