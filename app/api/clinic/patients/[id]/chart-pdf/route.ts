import { chartPdfQuerySchema } from '@/lib/schemas/chart';
import { queryOf } from '@/lib/schemas/appointmentQueries';
import { requireEmployee } from '@/lib/server/booking/patients';
import { chartPdf } from '@/lib/server/chart/pdf';
import { getDb } from '@/lib/server/db/client';
import { handle, validate } from '@/lib/server/http/handler';
import { pdfResponse } from '@/lib/server/receipts/http';

/** The whole chart as a PDF in the language the clinic chooses (?language=en|fr); an audited read. */
export const GET = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const reader = await requireEmployee(db, ctx.request);
  const { language } = validate(chartPdfQuerySchema, queryOf(ctx.request), ctx.locale);
  return pdfResponse(await chartPdf(db, { patientId: params.id, reader, language }));
});
