import { manageTokenSchema } from '@/lib/schemas/manageAppointment';
import { viewByLink } from '@/lib/server/booking/manage';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** The appointment an e-mailed manage link opens (issue #15). */
export const POST = handle(async (ctx) => {
  const { token } = await ctx.body(manageTokenSchema);
  return ok({ appointment: await viewByLink(await getDb(), { token, ip: ctx.ip, locale: ctx.locale }) });
});
