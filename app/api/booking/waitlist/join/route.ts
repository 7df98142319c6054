import { joinWaitlistSchema } from '@/lib/schemas/waitlist';
import { requestActor } from '@/lib/server/booking/steps/actor';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { joinWaitlist } from '@/lib/server/waitlist/entries';

/** Joins the waitlist from the booking flow's date step, with the steps' tokens (issue #16). */
export const POST = handle(async (ctx) => {
  const input = await ctx.body(joinWaitlistSchema);
  const db = await getDb();
  return ok(await joinWaitlist(db, input, await requestActor(db, ctx.request), ctx.ip), { status: 201 });
});
