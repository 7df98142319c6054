import { requireEmployee } from '@/lib/server/booking/patients';
import { deleteTimeOff } from '@/lib/server/clinic/scheduleTimeOff';
import { getDb } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/appError';
import { handle } from '@/lib/server/http/handler';
import { pathId } from '@/lib/server/http/pathId';
import { ok } from '@/lib/server/http/respond';

/** Removes one of the signed-in employee's own absences; anyone else's is not found. */
export const DELETE = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const id = pathId(params.id, () => new AppError('time_off_not_found', 404, 'scheduleTimeOffNotFound'));
  await deleteTimeOff(db, employee.id, id);
  return ok({ deleted: true, messages: [{ message: ctx.t.server('scheduleTimeOffDeleted'), type: 'success' }] });
});
