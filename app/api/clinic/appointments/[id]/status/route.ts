import { appointmentMarkSchema } from '@/lib/schemas/clinicAgenda';
import { requireEmployee } from '@/lib/server/booking/patients';
import { markAppointment } from '@/lib/server/clinic/agendaMarks';
import { getDb } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/appError';
import { handle } from '@/lib/server/http/handler';
import { pathId } from '@/lib/server/http/pathId';
import { ok } from '@/lib/server/http/respond';

export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const id = pathId(params.id, () => new AppError('appointment_not_found', 404, 'appointmentNotFound'));
  const { status } = await ctx.body(appointmentMarkSchema);
  const appointment = await markAppointment(db, { appointmentId: id, status, employee, locale: ctx.locale, now: new Date() });
  return ok({ appointment });
});
