import { bookAppointmentSchema } from '@/lib/schemas/bookingSlots';
import { bookAppointmentStep } from '@/lib/server/booking/book';
import { requestActor } from '@/lib/server/booking/steps/actor';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const input = await ctx.body(bookAppointmentSchema);
  const db = await getDb();
  const { messageKey, ...result } = await bookAppointmentStep(db, input, await requestActor(db, ctx.request), undefined, ctx.ip);
  return ok({ ...result, messages: [{ message: ctx.t.server(messageKey), type: 'success' }] });
});
