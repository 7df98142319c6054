import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { groupSessionChoices } from '@/lib/server/groups/sessions';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** What a group session is scheduled with: the topics, the dietitians and the offices, in the request's language (issue #28). */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  return ok({ ...(await groupSessionChoices(db, ctx.locale)) });
});
