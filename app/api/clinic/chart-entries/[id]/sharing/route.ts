import { chartSharingSchema } from '@/lib/schemas/chart';
import { requireEmployee } from '@/lib/server/booking/patients';
import { readEntry, shareEntry } from '@/lib/server/chart/entries';
import { privateOk } from '@/lib/server/chart/http';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';

/** Shows a signed entry on the patient's profile, or stops showing it. */
export const PUT = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const actor = await requireEmployee(db, ctx.request);
  const { shared } = await ctx.body(chartSharingSchema);
  await shareEntry(db, { publicId: params.id, shared, actor, now: new Date() });
  const entry = await readEntry(db, params.id, actor, ctx.locale);
  return privateOk({ entry, messages: [{ message: ctx.t.server(shared ? 'chartEntrySharedNow' : 'chartEntryUnsharedNow'), type: 'success' }] });
});
