import { checkContactSchema } from '@/lib/schemas/booking';
import { requestActor } from '@/lib/server/booking/steps/actor';
import { checkContactStep } from '@/lib/server/booking/steps/contact';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const input = await ctx.body(checkContactSchema);
  const db = await getDb();
  return ok(await checkContactStep(input, await requestActor(db, ctx.request), undefined, db));
});
