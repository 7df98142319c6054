import { clinicExportQuerySchema } from '@/lib/schemas/privacy';
import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { handle, validate } from '@/lib/server/http/handler';
import { exportForClinic } from '@/lib/server/privacy/clinicExport';

/** The clinic's copy of a patient's or guest's export (issue #30 item 5), for a records request. */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const query = validate(clinicExportQuerySchema, Object.fromEntries(new URL(ctx.request.url).searchParams), ctx.locale);
  return exportForClinic(db, employee, query, ctx.locale);
});
