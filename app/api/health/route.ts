import { sql } from 'drizzle-orm';
import { lastVerifiedBackup } from '@/lib/server/backup/overview';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/**
 * For a monitor (issue #39): 200 when the database answers, with the age of the last backup a
 * restore proved, in hours (null: none yet). Nothing else: no path, no setting, no count.
 */
export const GET = handle(async () => {
  const db = await getDb();
  await db.execute(sql`SELECT 1`);
  const verified = await lastVerifiedBackup(db);
  const hours = verified ? Math.round(((Date.now() - verified.getTime()) / 3_600_000) * 10) / 10 : null;
  return ok({ status: 'ok', backup: { last_verified_at: verified?.toISOString() ?? null, age_hours: hours } });
});
