import { receiptIdSchema } from '@/lib/schemas/payments';
import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { receiptNotFound, receiptPdf } from '@/lib/server/receipts/access';
import { pdfResponse, requestedLanguage } from '@/lib/server/receipts/http';

/** Any receipt, to reprint (employees); ?lang=en|fr for the other language. */
export const GET = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  const id = receiptIdSchema.safeParse(params.id);
  if (!id.success) throw receiptNotFound();
  return pdfResponse(await receiptPdf(db, { id: id.data, language: requestedLanguage(ctx.request) }));
});
