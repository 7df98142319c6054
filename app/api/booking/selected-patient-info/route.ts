import { queryOf, selectedPatientQuerySchema } from '@/lib/schemas/appointmentQueries';
import { requireEmployee, selectedPatientInfo } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { handle, validate } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const GET = handle(async (ctx) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  const { id } = validate(selectedPatientQuerySchema, queryOf(ctx.request), ctx.locale);
  return ok(await selectedPatientInfo(db, { patientId: id, locale: ctx.locale }));
});
