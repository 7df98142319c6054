import { checkServiceSchema } from '@/lib/schemas/booking';
import { requestActor } from '@/lib/server/booking/steps/actor';
import { checkServiceStep } from '@/lib/server/booking/steps/service';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const input = await ctx.body(checkServiceSchema);
  const db = await getDb();
  return ok(await checkServiceStep(db, { ...input, locale: ctx.locale }, await requestActor(db, ctx.request)));
});
