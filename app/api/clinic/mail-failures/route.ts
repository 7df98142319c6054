import { requireAdmin } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { listFailedEmails } from '@/lib/server/email/queue';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** The e-mails given up on after a day of failed sends (issue #15), for administrators. */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  await requireAdmin(db, ctx.request);
  return ok({ emails: await listFailedEmails(db) });
});
