import { sessionCookie } from '@/lib/server/auth/cookies';
import { currentSession } from '@/lib/server/auth/currentUser';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const GET = handle(async (ctx) => {
  const session = await currentSession(await getDb(), ctx.request);
  if (!session) return ok({ valid: false, code: 'unauthenticated' }, { status: 401 });
  return ok({ valid: true }, { headers: { 'Set-Cookie': sessionCookie(ctx.request, session.token, session.expiresAt) } });
});
