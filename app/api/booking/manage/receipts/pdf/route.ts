import { manageReceiptPdfSchema } from '@/lib/schemas/payments';
import { openManageLink } from '@/lib/server/booking/manage';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ofAppointment, receiptPdf } from '@/lib/server/receipts/access';
import { pdfResponse } from '@/lib/server/receipts/http';

/** One receipt of the manage link's visit as a PDF; the token stays in the body, out of every address. */
export const POST = handle(async (ctx) => {
  const db = await getDb();
  const { token, id, lang } = await ctx.body(manageReceiptPdfSchema);
  const appointment = await openManageLink(db, token, ctx.ip, new Date());
  return pdfResponse(await receiptPdf(db, { id, scope: ofAppointment(appointment.id), language: lang }));
});
