import { checkSessionSchema } from '@/lib/schemas/booking';
import { requestActor } from '@/lib/server/booking/steps/actor';
import { checkSessionStep } from '@/lib/server/booking/steps/session';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const input = await ctx.body(checkSessionSchema);
  const db = await getDb();
  return ok(await checkSessionStep(db, input, await requestActor(db, ctx.request), undefined, ctx.ip));
});
