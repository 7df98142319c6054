import { checkLocationSchema } from '@/lib/schemas/booking';
import { requestActor } from '@/lib/server/booking/steps/actor';
import { checkLocationStep } from '@/lib/server/booking/steps/locations';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const input = await ctx.body(checkLocationSchema);
  return ok(await checkLocationStep(input, await requestActor(await getDb(), ctx.request)));
});
