import { clearedSessionCookie, readSessionToken, sessionCookie } from '@/lib/server/auth/cookies';
import { resolveSession } from '@/lib/server/auth/sessions';
import { getDb } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/appError';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/**
 * { valid } for the session cookie. A visitor who presents no session at all is simply signed
 * out (200, valid: false): a 401 there would be logged as an error in every anonymous visitor's
 * console. A session that is presented but no longer valid answers 401 and is cleared.
 */
export const GET = handle(async (ctx) => {
  const token = readSessionToken(ctx.request);
  if (!token) return ok({ valid: false });
  const session = await resolveSession(await getDb(), token);
  if (!session) {
    throw new AppError('unauthenticated', 401, 'unauthenticated', {
      extra: { valid: false },
      headers: { 'Set-Cookie': clearedSessionCookie(ctx.request) },
    });
  }
  return ok({ valid: true }, { headers: { 'Set-Cookie': sessionCookie(ctx.request, token, session.expiresAt) } });
});
