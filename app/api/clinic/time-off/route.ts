import { timeOffSchema } from '@/lib/schemas/clinicSchedule';
import { requireEmployee } from '@/lib/server/booking/patients';
import { addTimeOff } from '@/lib/server/clinic/scheduleTimeOff';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

// The body holds a private reason: like every handler, this one logs the path only.

/** Adds time off for the signed-in employee; 409 `time_off_orphans` over booked appointments. */
export const POST = handle(async (ctx) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const input = await ctx.body(timeOffSchema);
  const timeOff = await addTimeOff(db, employee.id, { ...input, locale: ctx.locale, now: new Date() });
  return ok({ time_off: timeOff, messages: [{ message: ctx.t.server('scheduleTimeOffAdded'), type: 'success' }] }, { status: 201 });
});
