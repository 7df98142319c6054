import 'server-only';
import { count, sql, type SQL } from 'drizzle-orm';
import { getConfig, type AppConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { contactMessages, recordsRequests, users } from '@/lib/server/db/schema';
import { recordAudit } from './audit';
import { guestRowsExist } from './guestRows';

/**
 * Contact-page messages that never led to care (issue #30, the privacy policy's "Retention"):
 * kept RETENTION_CONTACT_YEARS after they were sent, on the clinic's calendar, then deleted by the
 * job runner. A message's address "led to care" while any account (open or closed), guest visit,
 * guest waitlist place or guest intake form has it, or a records request about it is open: such a
 * message is part of that person's record and goes with it (lib/server/privacy/retention.ts).
 */

export type ContactRetentionRules = Pick<AppConfig, 'retentionContactYears' | 'clinicTimezone'>;

/** The messages whose period is over at `now` and whose address belongs to no one's record. */
function stale(now: Date, rules: ContactRetentionRules): SQL {
  const zone = sql`${rules.clinicTimezone}::text`;
  const years = sql`${rules.retentionContactYears}::int`;
  const address = sql`${contactMessages.email}`;
  return sql`(${contactMessages.createdAt} AT TIME ZONE ${zone} + make_interval(years => ${years})) AT TIME ZONE ${zone} <= ${now.toISOString()}::timestamptz
    AND NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.email} = ${address})
    AND NOT ${guestRowsExist(address)}
    AND NOT EXISTS (SELECT 1 FROM ${recordsRequests} WHERE ${recordsRequests.guestEmail} = ${address} AND ${recordsRequests.status} = 'open')`;
}

/** How many messages a run at `now` would delete: what the dry run says. Reads only. */
export async function countStaleContactMessages(db: Database, now: Date, rules: ContactRetentionRules = getConfig()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(stale(now, rules));
  return row?.n ?? 0;
}

/**
 * Deletes the messages past their period at `now`, in one statement, with one audit entry of the
 * count (no address, no name). Returns how many went.
 */
export async function purgeStaleContactMessages(db: Database, now: Date, rules: ContactRetentionRules = getConfig()): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(contactMessages).where(stale(now, rules)).returning({ one: sql<number>`1` });
    if (deleted.length > 0) {
      await recordAudit(tx, { action: 'contact_messages_purged', actorUserId: null, subject: null, detail: { contact_messages: deleted.length } });
    }
    return deleted.length;
  });
}
