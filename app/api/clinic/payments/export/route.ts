import { queryOf } from '@/lib/schemas/appointmentQueries';
import { paymentsExportQuerySchema } from '@/lib/schemas/payments';
import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { handle, validate } from '@/lib/server/http/handler';
import { csvResponse } from '@/lib/server/receipts/http';
import { paymentsCsv } from '@/lib/server/receipts/paymentsExport';

/** The payments of a date range as CSV, for the accountant (employees). */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  const range = validate(paymentsExportQuerySchema, queryOf(ctx.request), ctx.locale);
  return csvResponse(await paymentsCsv(db, range), `payments-${range.from}-${range.to}.csv`);
});
