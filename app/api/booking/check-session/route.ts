import { checkSessionSchema } from '@/lib/schemas/booking';
import { assertGuestAddressUnderLimit } from '@/lib/server/booking/guestLimits';
import { requestActor } from '@/lib/server/booking/steps/actor';
import { checkSessionStep } from '@/lib/server/booking/steps/session';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const input = await ctx.body(checkSessionSchema);
  const db = await getDb();
  const actor = await requestActor(db, ctx.request);
  // A guest booking a new visit from an address that has booked its hour's worth hears it now,
  // not after the whole form (lib/server/booking/guestLimits.ts; counted at book-appointment).
  if (actor.kind === 'guest' && input.rescheduling_appointment_id == null) await assertGuestAddressUnderLimit(db, ctx.ip);
  return ok(await checkSessionStep(db, input, actor));
});
