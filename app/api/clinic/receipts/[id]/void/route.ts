import { receiptIdSchema, receiptVoidSchema } from '@/lib/schemas/payments';
import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { receiptNotFound } from '@/lib/server/receipts/access';
import { privateOk } from '@/lib/server/receipts/http';
import { voidReceipt } from '@/lib/server/receipts/voidReceipt';

/** Voids a receipt with a reason and issues its replacement (employees). */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const id = receiptIdSchema.safeParse(params.id);
  if (!id.success) throw receiptNotFound();
  const correction = await ctx.body(receiptVoidSchema);
  return privateOk({ payments: await voidReceipt(db, { receiptId: id.data, correction, employee, locale: ctx.locale }) });
});
