import { verifyEmailSchema } from '@/lib/schemas/auth';
import { verifyEmail } from '@/lib/server/auth/emailVerification';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const { uid, token } = await ctx.body(verifyEmailSchema);
  await verifyEmail(await getDb(), uid, token, ctx.locale);
  return ok({ messages: [{ message: ctx.t.server('emailVerified'), type: 'success' }] });
});
