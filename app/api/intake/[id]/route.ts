import { requireSession } from '@/lib/server/auth/currentUser';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { readIntake } from '@/lib/server/intake/review';

/** One form with its answers; every read is written to the access log. */
export const GET = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const { user } = await requireSession(db, ctx.request);
  return ok(await readIntake(db, user, params.id, ctx.locale));
});
