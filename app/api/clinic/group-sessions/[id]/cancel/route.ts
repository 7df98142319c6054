import { groupSessionCancelSchema } from '@/lib/schemas/groupSessions';
import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { cancelGroupSessions } from '@/lib/server/groups/cancel';
import { AppError } from '@/lib/server/http/appError';
import { handle } from '@/lib/server/http/handler';
import { pathId } from '@/lib/server/http/pathId';
import { ok } from '@/lib/server/http/respond';

/** The clinic cancels a group session, or the rest of its series; each attendee is told once (issue #28). */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const id = pathId(params.id, () => new AppError('group_session_not_found', 404, 'groupSessionNotFound'));
  const { whole_series } = await ctx.body(groupSessionCancelSchema);
  const done = await cancelGroupSessions(db, { sessionId: id, wholeSeries: whole_series, by: employee.id, now: new Date() });
  return ok({ ...done, messages: [{ message: ctx.t.server('groupSessionsCancelled', { sessions: done.sessions, attendees: done.attendees }), type: 'success' }] });
});
