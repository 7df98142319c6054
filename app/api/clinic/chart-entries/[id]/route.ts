import { saveChartEntrySchema } from '@/lib/schemas/chart';
import { requireEmployee } from '@/lib/server/booking/patients';
import { deleteDraft, readEntry, saveDraft } from '@/lib/server/chart/entries';
import { privateOk } from '@/lib/server/chart/http';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';

/** One chart entry, for a reader of the patient's circle who may read it; audited. */
export const GET = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const reader = await requireEmployee(db, ctx.request);
  return privateOk({ entry: await readEntry(db, params.id, reader, ctx.locale) });
});

/** Saves the author's draft over `version`: 409 with the newer entry when another save came first, 409 once signed. */
export const PUT = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const author = await requireEmployee(db, ctx.request);
  const body = await ctx.body(saveChartEntrySchema);
  return privateOk({ entry: await saveDraft(db, { publicId: params.id, body, author, now: new Date(), locale: ctx.locale }) });
});

/** Deletes the author's draft; a signed entry is never deleted (409). */
export const DELETE = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const author = await requireEmployee(db, ctx.request);
  await deleteDraft(db, params.id, author);
  return privateOk({ messages: [{ message: ctx.t.server('chartDraftDeleted'), type: 'success' }] });
});
