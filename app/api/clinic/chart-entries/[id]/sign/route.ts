import { signChartEntrySchema } from '@/lib/schemas/chart';
import { requireEmployee } from '@/lib/server/booking/patients';
import { signEntry } from '@/lib/server/chart/entries';
import { privateOk } from '@/lib/server/chart/http';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';

/** Signs the author's draft at the version she read; from then on it never changes. */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const author = await requireEmployee(db, ctx.request);
  const { version } = await ctx.body(signChartEntrySchema);
  const entry = await signEntry(db, { publicId: params.id, version, author, now: new Date(), locale: ctx.locale });
  return privateOk({ entry, messages: [{ message: ctx.t.server('chartEntrySignedNow'), type: 'success' }] });
});
