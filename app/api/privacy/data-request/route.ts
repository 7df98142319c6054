import { emailOnlySchema } from '@/lib/schemas/auth';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { requestGuestExport } from '@/lib/server/privacy/guestLinks';

/** "Request my data" (issue #30): the same answer whether or not the address is known. */
export const POST = handle(async (ctx) => {
  const { email } = await ctx.body(emailOnlySchema);
  await requestGuestExport(await getDb(), { email, locale: ctx.locale, ip: ctx.ip });
  return ok({ messages: [{ message: ctx.t.server('dataRequestSent'), type: 'success' }] });
});
