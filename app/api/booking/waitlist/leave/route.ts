import { waitlistTokenSchema } from '@/lib/schemas/waitlist';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { leaveByLink } from '@/lib/server/waitlist/entries';
import { viewWaitlistLink } from '@/lib/server/waitlist/linkPage';

/** Leaves the waitlist from an e-mailed link (again: the same answer). */
export const POST = handle(async (ctx) => {
  const { token } = await ctx.body(waitlistTokenSchema);
  const db = await getDb();
  await leaveByLink(db, { token, ip: ctx.ip });
  return ok({ ...(await viewWaitlistLink(db, { token, ip: ctx.ip, locale: ctx.locale })) });
});
