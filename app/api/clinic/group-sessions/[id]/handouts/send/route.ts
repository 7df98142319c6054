import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { handoutOwnerOf } from '@/lib/server/groups/handoutHttp';
import { sendHandouts } from '@/lib/server/groups/sendHandouts';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/**
 * Sends the session's handouts to each attendee marked present who has not had them yet (issue
 * #28 item 4). Every employee, as the session's other clinic routes (cancel, move) allow.
 */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const { id } = handoutOwnerOf('session', params.id);
  const { sent } = await sendHandouts(db, { sessionId: id, by: employee.id, now: new Date() });
  return ok({ sent, messages: [{ message: ctx.t.server('handoutsSent', { count: sent }), type: sent > 0 ? 'success' : 'info' }] });
});
