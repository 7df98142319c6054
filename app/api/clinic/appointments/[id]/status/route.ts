import { appointmentIdSchema, appointmentMarkSchema } from '@/lib/schemas/clinicAgenda';
import { requireEmployee } from '@/lib/server/booking/patients';
import { markAppointment } from '@/lib/server/clinic/agendaMarks';
import { getDb } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/appError';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const id = appointmentIdSchema.safeParse(params.id);
  if (!id.success) throw new AppError('appointment_not_found', 404, 'appointmentNotFound');
  const { status } = await ctx.body(appointmentMarkSchema);
  const appointment = await markAppointment(db, { appointmentId: id.data, status, employee, locale: ctx.locale, now: new Date() });
  return ok({ appointment });
});
