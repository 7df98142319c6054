import { employeeSignupSchema } from '@/lib/schemas/auth';
import { employeeSignup } from '@/lib/server/auth/invites';
import { toUserDto } from '@/lib/server/auth/users';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const input = await ctx.body(employeeSignupSchema);
  const db = await getDb();
  const user = await employeeSignup(db, input);
  return ok({ user: await toUserDto(db, user), messages: [{ message: ctx.t.server('emailVerified'), type: 'success' }] }, { status: 201 });
});
