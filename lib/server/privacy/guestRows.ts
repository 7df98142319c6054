import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { appointments, intakeSubmissions, waitlistEntries } from '@/lib/server/db/schema';

/**
 * Whether any guest record (no account) is held under `address`, a lower-cased address or an SQL
 * expression giving one: a visit or seat, a waitlist place, an intake form. Matched as every guest
 * query matches them, so the address indexes of migration 0017 serve it. The one definition the
 * guest export, the purge and the contact messages' retention share.
 */
export function guestRowsExist(address: string | SQL): SQL {
  return sql`(EXISTS (SELECT 1 FROM ${appointments} WHERE ${appointments.patientId} IS NULL AND lower(${appointments.guestContact} ->> 'email') = ${address})
    OR EXISTS (SELECT 1 FROM ${waitlistEntries} WHERE ${waitlistEntries.patientId} IS NULL AND lower(${waitlistEntries.guestContact} ->> 'email') = ${address})
    OR EXISTS (SELECT 1 FROM ${intakeSubmissions} WHERE ${intakeSubmissions.userId} IS NULL AND ${intakeSubmissions.email} = ${address}))`;
}
