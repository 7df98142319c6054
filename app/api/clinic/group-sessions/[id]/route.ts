import { groupCapacitySchema } from '@/lib/schemas/groupSessions';
import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { setGroupCapacity } from '@/lib/server/groups/capacity';
import { AppError } from '@/lib/server/http/appError';
import { handle } from '@/lib/server/http/handler';
import { pathId } from '@/lib/server/http/pathId';
import { ok } from '@/lib/server/http/respond';

/** The clinic changes a session's seats, never below those taken (issue #28). */
export const PATCH = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  const id = pathId(params.id, () => new AppError('group_session_not_found', 404, 'groupSessionNotFound'));
  const { capacity } = await ctx.body(groupCapacitySchema);
  const done = await setGroupCapacity(db, { sessionId: id, capacity, now: new Date() });
  return ok({ ...done, messages: [{ message: ctx.t.server('groupCapacitySet', { capacity, sessions: done.sessions }), type: 'success' }] });
});
