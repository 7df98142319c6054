import { scheduleSchema } from '@/lib/schemas/clinicSchedule';
import { requireEmployee } from '@/lib/server/booking/patients';
import { getSchedule, replaceSchedule } from '@/lib/server/clinic/schedule';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** The signed-in employee's own weekly schedule and upcoming time off. */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  return ok(await getSchedule(db, employee.id, ctx.locale, new Date()));
});

/** Replaces the whole weekly schedule; 409 `schedule_orphans` when booked appointments would fall outside it. */
export const PUT = handle(async (ctx) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const input = await ctx.body(scheduleSchema);
  const schedule = await replaceSchedule(db, employee.id, { ranges: input.ranges, locale: ctx.locale, now: new Date() });
  return ok({ ...schedule, messages: [{ message: ctx.t.server('scheduleSaved'), type: 'success' }] });
});
