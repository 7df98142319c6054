import { requireAdmin } from '@/lib/server/booking/patients';
import { deactivateEmployee } from '@/lib/server/clinic/teamMembership';
import { employeeIdParam } from '@/lib/server/clinic/teamRequest';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** Ends an employee's access; refused (409, with the list) while they have visits booked. */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const admin = await requireAdmin(db, ctx.request);
  const employee = await deactivateEmployee(db, { employeeId: employeeIdParam(params.id), locale: ctx.locale }, admin);
  return ok({ employee, messages: [{ message: ctx.t.server('teamDeactivated'), type: 'success' }] });
});
