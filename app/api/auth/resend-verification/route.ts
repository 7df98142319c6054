import { emailOnlySchema } from '@/lib/schemas/auth';
import { resendVerification } from '@/lib/server/auth/emailVerification';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const { email } = await ctx.body(emailOnlySchema);
  await resendVerification(await getDb(), email, ctx.locale);
  return ok({ messages: [{ message: ctx.t.server('verificationSent'), type: 'success' }] });
});
