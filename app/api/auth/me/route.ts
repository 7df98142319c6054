import { sessionCookie } from '@/lib/server/auth/cookies';
import { requireSession } from '@/lib/server/auth/currentUser';
import { toUserDto } from '@/lib/server/auth/users';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const GET = handle(async (ctx) => {
  const db = await getDb();
  const session = await requireSession(db, ctx.request);
  // The cookie follows a patient's sliding expiry.
  return ok({ user: await toUserDto(db, session.user) }, { headers: { 'Set-Cookie': sessionCookie(ctx.request, session.token, session.expiresAt) } });
});
