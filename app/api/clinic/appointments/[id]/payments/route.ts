import { paymentInputSchema } from '@/lib/schemas/payments';
import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/appError';
import { handle } from '@/lib/server/http/handler';
import { pathId } from '@/lib/server/http/pathId';
import { privateOk } from '@/lib/server/receipts/http';
import { recordPayment } from '@/lib/server/receipts/recordPayment';
import { visitPayments } from '@/lib/server/receipts/visitPayments';

function appointmentId(id: string): number {
  return pathId(id, () => new AppError('appointment_not_found', 404, 'appointmentNotFound'));
}

/** A visit's payments, balance and receipts (employees). */
export const GET = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  return privateOk({ payments: await visitPayments(db, appointmentId(params.id)) });
});

/** Records a payment (or a refund) and issues its receipt (employees). */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const id = appointmentId(params.id);
  const payment = await ctx.body(paymentInputSchema);
  const result = await recordPayment(db, { appointmentId: id, payment, recorder: employee, locale: ctx.locale });
  return privateOk({ payments: result });
});
