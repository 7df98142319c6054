import { fetchLocationsSchema } from '@/lib/schemas/booking';
import { requestActor } from '@/lib/server/booking/steps/actor';
import { fetchLocationsStep } from '@/lib/server/booking/steps/locations';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const input = await ctx.body(fetchLocationsSchema);
  const db = await getDb();
  return ok(await fetchLocationsStep(db, { ...input, locale: ctx.locale }, await requestActor(db, ctx.request)));
});
