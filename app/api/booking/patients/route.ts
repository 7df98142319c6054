import { patientSearchQuerySchema, queryOf } from '@/lib/schemas/appointmentQueries';
import { requireEmployee, searchPatients } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { handle, validate } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

// The search term stays out of every log: the handler logs the path only, never the query string.
export const GET = handle(async (ctx) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  const { search } = validate(patientSearchQuerySchema, queryOf(ctx.request), ctx.locale);
  return ok(await searchPatients(db, search));
});
