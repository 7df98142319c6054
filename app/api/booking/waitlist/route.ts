import { waitlistTokenSchema } from '@/lib/schemas/waitlist';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { viewWaitlistLink } from '@/lib/server/waitlist/linkPage';

/** What a waitlist e-mail's link opens (issue #16): the place on the list, and the offered time if it is an offer's link. */
export const POST = handle(async (ctx) => {
  const { token } = await ctx.body(waitlistTokenSchema);
  return ok({ ...(await viewWaitlistLink(await getDb(), { token, ip: ctx.ip, locale: ctx.locale })) });
});
