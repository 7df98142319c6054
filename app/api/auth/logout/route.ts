import { clearedSessionCookie, readSessionToken } from '@/lib/server/auth/cookies';
import { deleteSession } from '@/lib/server/auth/sessions';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const token = readSessionToken(ctx.request);
  if (token) await deleteSession(await getDb(), token);
  return ok(
    { messages: [{ message: ctx.t.server('signedOut'), type: 'success' }] },
    { headers: { 'Set-Cookie': clearedSessionCookie(ctx.request) } },
  );
});
