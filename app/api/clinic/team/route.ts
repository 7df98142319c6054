import { requireAdmin } from '@/lib/server/booking/patients';
import { getTeamRoster } from '@/lib/server/clinic/teamRoster';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** The employees and the invitations, for administrators. */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  await requireAdmin(db, ctx.request);
  return ok(await getTeamRoster(db, { locale: ctx.locale }));
});
