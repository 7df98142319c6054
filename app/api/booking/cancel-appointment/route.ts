import { cancelAppointmentSchema } from '@/lib/schemas/appointmentQueries';
import { cancelForActor } from '@/lib/server/booking/cancel';
import { requestActor } from '@/lib/server/booking/steps/actor';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const db = await getDb();
  // Who asks before what they ask: a guest is told to sign in, whatever the body.
  const actor = await requestActor(db, ctx.request);
  const input = await ctx.body(cancelAppointmentSchema);
  await cancelForActor(db, { appointmentId: input.appointment_id, actor, now: new Date() });
  return ok({ messages: [{ message: ctx.t.server('appointmentCancelled'), type: 'success' }] });
});
