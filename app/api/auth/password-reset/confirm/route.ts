import { passwordResetConfirmSchema } from '@/lib/schemas/auth';
import { confirmPasswordReset } from '@/lib/server/auth/passwordChanges';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  await confirmPasswordReset(await getDb(), await ctx.body(passwordResetConfirmSchema));
  return ok({ messages: [{ message: ctx.t.server('passwordResetDone'), type: 'success' }] });
});
