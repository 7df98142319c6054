import { intakeDraftSchema } from '@/lib/schemas/intake';
import { requireSession } from '@/lib/server/auth/currentUser';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { deleteDraft, getDraft, saveDraft } from '@/lib/server/intake/drafts';

/** The signed-in user's unfinished patient form (guests keep theirs in the browser only). */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  const { user } = await requireSession(db, ctx.request);
  return ok({ draft: await getDraft(db, user.id) });
});

export const PUT = handle(async (ctx) => {
  const db = await getDb();
  const { user } = await requireSession(db, ctx.request);
  const draft = await ctx.body(intakeDraftSchema);
  return ok({ draft: await saveDraft(db, user.id, draft) });
});

export const DELETE = handle(async (ctx) => {
  const db = await getDb();
  const { user } = await requireSession(db, ctx.request);
  await deleteDraft(db, user.id);
  return ok({ deleted: true });
});
