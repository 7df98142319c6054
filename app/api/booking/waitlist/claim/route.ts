import { waitlistTokenSchema } from '@/lib/schemas/waitlist';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { claimOffer } from '@/lib/server/waitlist/claim';

/** Books an offered time in one click; the first claim wins, a later one gets 409 waitlist_slot_taken. */
export const POST = handle(async (ctx) => {
  const { token } = await ctx.body(waitlistTokenSchema);
  return ok({ ...(await claimOffer(await getDb(), { token, ip: ctx.ip, locale: ctx.locale })) });
});
