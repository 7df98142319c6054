import { requireAdmin } from '@/lib/server/booking/patients';
import { reactivateEmployee } from '@/lib/server/clinic/teamMembership';
import { employeeIdParam } from '@/lib/server/clinic/teamRequest';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** Gives a deactivated employee their access back. */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  await requireAdmin(db, ctx.request);
  const employee = await reactivateEmployee(db, { employeeId: employeeIdParam(params.id) });
  return ok({ employee, messages: [{ message: ctx.t.server('teamReactivated'), type: 'success' }] });
});
