import { checkAppointmentSchema } from '@/lib/schemas/bookingSlots';
import { requestActor } from '@/lib/server/booking/steps/actor';
import { checkAppointmentStep } from '@/lib/server/booking/steps/availableAppointments';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const input = await ctx.body(checkAppointmentSchema);
  const db = await getDb();
  return ok(await checkAppointmentStep(db, input, await requestActor(db, ctx.request)));
});
