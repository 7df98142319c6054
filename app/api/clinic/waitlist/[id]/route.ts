import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { entryIdOf, removeEntry } from '@/lib/server/waitlist/clinic';

/** Takes an entry off the waitlist. */
export const DELETE = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  await removeEntry(db, entryIdOf(params.id), new Date());
  return ok({ removed: true, messages: [{ message: ctx.t.server('waitlistEntryRemoved'), type: 'success' }] });
});
