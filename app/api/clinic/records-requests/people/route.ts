import { patientSearchQuerySchema, queryOf } from '@/lib/schemas/appointmentQueries';
import { requireAdmin } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { handle, validate } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { findRequestPatients } from '@/lib/server/privacy/recordsRequests';

/** The patients a records request may be about, closed accounts included (marked), at most 20. */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  await requireAdmin(db, ctx.request, 'recordsAdminOnly');
  const { search } = validate(patientSearchQuerySchema, queryOf(ctx.request), ctx.locale);
  return ok({ patients: await findRequestPatients(db, search) });
});
