import { receiptIdSchema } from '@/lib/schemas/payments';
import { requireSession } from '@/lib/server/auth/currentUser';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ownedBy, receiptNotFound, receiptPdf } from '@/lib/server/receipts/access';
import { pdfResponse, requestedLanguage } from '@/lib/server/receipts/http';

/** One of the signed-in patient's own receipts; anyone else's is a 404, as an unknown one. */
export const GET = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const { user } = await requireSession(db, ctx.request);
  const id = receiptIdSchema.safeParse(params.id);
  if (!id.success) throw receiptNotFound();
  return pdfResponse(await receiptPdf(db, { id: id.data, scope: ownedBy(user.id), language: requestedLanguage(ctx.request) }));
});
