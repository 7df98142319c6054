import { backupsOverview } from '@/lib/server/backup/overview';
import { requireAdmin } from '@/lib/server/booking/patients';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** The backups, their settings and what is wrong with them, for administrators (issue #39). */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  await requireAdmin(db, ctx.request, 'backupsAdminOnly');
  return ok({ ...(await backupsOverview(db, getConfig())) });
});
