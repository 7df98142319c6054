import { emailOnlySchema } from '@/lib/schemas/auth';
import { requestPasswordReset } from '@/lib/server/auth/passwordChanges';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const { email } = await ctx.body(emailOnlySchema);
  await requestPasswordReset(await getDb(), email, ctx.locale, ctx.ip);
  return ok({ messages: [{ message: ctx.t.server('resetSent'), type: 'success' }] });
});
