import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { deleteHandout, handoutNotFound } from '@/lib/server/groups/handouts';
import { handle } from '@/lib/server/http/handler';
import { pathId } from '@/lib/server/http/pathId';
import { ok } from '@/lib/server/http/respond';

/** Removes a handout, a topic's or a session's, with its file; the links already sent stop opening it (issue #28 item 4). */
export const DELETE = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  await deleteHandout(db, pathId(params.id, handoutNotFound));
  return ok({ messages: [{ message: ctx.t.server('handoutDeleted'), type: 'success' }] });
});
