import { queryOf } from '@/lib/schemas/appointmentQueries';
import { clinicPatientsQuerySchema } from '@/lib/schemas/clinicPatients';
import { requireEmployee } from '@/lib/server/booking/patients';
import { listClinicPatients } from '@/lib/server/clinic/patients';
import { getDb } from '@/lib/server/db/client';
import { handle, validate } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

// The search term stays out of every log: the handler logs the path only, never the query string.
/** Employees: the patients, searchable, 20 a page. */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  const query = validate(clinicPatientsQuerySchema, queryOf(ctx.request), ctx.locale);
  return ok(await listClinicPatients(db, query, new Date()));
});
