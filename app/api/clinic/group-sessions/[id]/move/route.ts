import { groupSessionMoveSchema } from '@/lib/schemas/groupSessions';
import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { moveGroupSession } from '@/lib/server/groups/moveSession';
import { AppError } from '@/lib/server/http/appError';
import { handle } from '@/lib/server/http/handler';
import { pathId } from '@/lib/server/http/pathId';
import { ok } from '@/lib/server/http/respond';

/** The clinic moves a session to another date, time or office; each attendee is told (issue #28). */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const id = pathId(params.id, () => new AppError('group_session_not_found', 404, 'groupSessionNotFound'));
  const input = await ctx.body(groupSessionMoveSchema);
  const done = await moveGroupSession(db, { ...input, sessionId: id, by: employee.id, now: new Date(), locale: ctx.locale });
  return ok({ ...done, messages: [{ message: ctx.t.server('groupSessionMoved', { attendees: done.attendees }), type: 'success' }] });
});
