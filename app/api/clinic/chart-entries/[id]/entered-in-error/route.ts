import { chartErrorSchema } from '@/lib/schemas/chart';
import { requireEmployee } from '@/lib/server/booking/patients';
import { readEntry, strikeEntry } from '@/lib/server/chart/entries';
import { privateOk } from '@/lib/server/chart/http';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';

/** Strikes a signed entry as entered in error, with a reason: it keeps its content and leaves every view but the full chart. */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const actor = await requireEmployee(db, ctx.request);
  const { reason } = await ctx.body(chartErrorSchema);
  await strikeEntry(db, { publicId: params.id, reason, actor, now: new Date() });
  const entry = await readEntry(db, params.id, actor, ctx.locale);
  return privateOk({ entry, messages: [{ message: ctx.t.server('chartEntryStruckNow'), type: 'success' }] });
});
