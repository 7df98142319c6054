import { checkAddressSchema } from '@/lib/schemas/booking';
import { requestActor } from '@/lib/server/booking/steps/actor';
import { checkAddressStep } from '@/lib/server/booking/steps/contact';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const input = await ctx.body(checkAddressSchema);
  return ok(await checkAddressStep(input, await requestActor(await getDb(), ctx.request)));
});
