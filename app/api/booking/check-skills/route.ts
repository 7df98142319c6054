import { checkSkillsSchema } from '@/lib/schemas/booking';
import { requestActor } from '@/lib/server/booking/steps/actor';
import { checkSkillsStep } from '@/lib/server/booking/steps/skills';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const input = await ctx.body(checkSkillsSchema);
  const db = await getDb();
  return ok(await checkSkillsStep(db, input, await requestActor(db, ctx.request)));
});
