import { loginSchema } from '@/lib/schemas/auth';
import { sessionCookie } from '@/lib/server/auth/cookies';
import { login } from '@/lib/server/auth/login';
import { toUserDto } from '@/lib/server/auth/users';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const input = await ctx.body(loginSchema);
  const db = await getDb();
  const { user, session } = await login(db, input, ctx.locale);
  return ok(
    { user: await toUserDto(db, user), messages: [{ message: ctx.t.server('signedIn', { name: user.firstName }), type: 'success' }] },
    { headers: { 'Set-Cookie': sessionCookie(ctx.request, session.token, session.expiresAt) } },
  );
});
