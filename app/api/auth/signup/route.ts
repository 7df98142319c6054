import { signupSchema } from '@/lib/schemas/auth';
import { signup } from '@/lib/server/auth/signup';
import { toUserDto } from '@/lib/server/auth/users';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const input = await ctx.body(signupSchema);
  const db = await getDb();
  const user = await signup(db, input, ctx.ip);
  return ok({ user: await toUserDto(db, user), messages: [{ message: ctx.t.server('signedUp'), type: 'success' }] }, { status: 201 });
});
