import { changePasswordSchema } from '@/lib/schemas/auth';
import { requireSession } from '@/lib/server/auth/currentUser';
import { changePassword } from '@/lib/server/auth/passwordChanges';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const db = await getDb();
  const session = await requireSession(db, ctx.request);
  await changePassword(db, session.user, session.tokenHash, await ctx.body(changePasswordSchema));
  return ok({ messages: [{ message: ctx.t.server('passwordChanged'), type: 'success' }] });
});
