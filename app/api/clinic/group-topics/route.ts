import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { listGroupTopics } from '@/lib/server/groups/sessions';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** The topics group sessions are scheduled on, in the request's language (issue #28). */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  return ok({ topics: await listGroupTopics(db, ctx.locale) });
});
