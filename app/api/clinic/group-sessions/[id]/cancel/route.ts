import { groupSessionCancelSchema } from '@/lib/schemas/groupSessions';
import { appointmentIdSchema } from '@/lib/schemas/clinicAgenda';
import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { cancelGroupSessions } from '@/lib/server/groups/cancel';
import { AppError } from '@/lib/server/http/appError';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** The clinic cancels a group session, or the rest of its series; each attendee is told once (issue #28). */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const id = appointmentIdSchema.safeParse(params.id);
  if (!id.success) throw new AppError('group_session_not_found', 404, 'groupSessionNotFound');
  const { whole_series } = await ctx.body(groupSessionCancelSchema);
  const done = await cancelGroupSessions(db, { sessionId: id.data, wholeSeries: whole_series, by: employee.id, now: new Date() });
  return ok({ ...done, messages: [{ message: ctx.t.server('groupSessionsCancelled', { sessions: done.sessions, attendees: done.attendees }), type: 'success' }] });
});
