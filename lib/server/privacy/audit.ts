import 'server-only';
import { createHmac } from 'node:crypto';
import type { Database } from '@/lib/server/db/client';
import { auditEvents, type AuditAction } from '@/lib/server/db/schema';
import { getSecret } from '@/lib/server/secrets';

/** Whose record: a patient account, or a guest known only by the e-mail address of their bookings. */
export type RecordSubject = { kind: 'patient'; patientId: number } | { kind: 'guest'; email: string };

/**
 * How the audit log names a subject: 'patient:12', or 'guest:' and a keyed hash of the address
 * (HMAC with the app secret), so the log holds no address yet finds every entry of one guest.
 */
export function subjectKey(subject: RecordSubject): string {
  if (subject.kind === 'patient') return `patient:${subject.patientId}`;
  const email = subject.email.trim().toLowerCase();
  return `guest:${createHmac('sha256', getSecret('app-secret')).update(`audit-guest:${email}`).digest('hex')}`;
}

/** Writes one audit entry (in `db`, which may be the transaction of the change it records). */
export async function recordAudit(
  db: Pick<Database, 'insert'>,
  entry: { action: AuditAction; actorUserId: number | null; subject: RecordSubject | null; detail?: Record<string, string | number | boolean | null> },
): Promise<void> {
  await db.insert(auditEvents).values({
    action: entry.action,
    actorUserId: entry.actorUserId,
    subject: entry.subject ? subjectKey(entry.subject) : null,
    detail: entry.detail ?? {},
  });
}
