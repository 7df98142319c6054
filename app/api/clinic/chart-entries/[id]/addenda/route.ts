import { chartAddendumSchema } from '@/lib/schemas/chart';
import { requireEmployee } from '@/lib/server/booking/patients';
import { addAddendum, readEntry } from '@/lib/server/chart/entries';
import { privateOk } from '@/lib/server/chart/http';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';

/** A correction under a signed entry, which stays as it was signed. */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const author = await requireEmployee(db, ctx.request);
  const body = await ctx.body(chartAddendumSchema);
  await addAddendum(db, { publicId: params.id, body, author, now: new Date() });
  const entry = await readEntry(db, params.id, author, ctx.locale);
  return privateOk({ entry, messages: [{ message: ctx.t.server('chartAddendumAdded'), type: 'success' }] }, 201);
});
