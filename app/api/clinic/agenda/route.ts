import { queryOf } from '@/lib/schemas/appointmentQueries';
import { agendaQuerySchema } from '@/lib/schemas/clinicAgenda';
import { requireEmployee } from '@/lib/server/booking/patients';
import { employeeAgenda } from '@/lib/server/clinic/agenda';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/client';
import { handle, validate } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** The signed-in employee's day or week; reasons are health-adjacent: never logged. */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const query = validate(agendaQuerySchema, queryOf(ctx.request), ctx.locale);
  const agenda = await employeeAgenda(db, {
    employeeId: employee.id,
    ...query,
    locale: ctx.locale,
    now: new Date(),
    timeZone: getConfig().clinicTimezone,
  });
  return ok({ ...agenda });
});
