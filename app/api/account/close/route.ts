import { closeAccountSchema } from '@/lib/schemas/privacy';
import { clearedSessionCookie } from '@/lib/server/auth/cookies';
import { requireSession } from '@/lib/server/auth/currentUser';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { closeAccount } from '@/lib/server/privacy/closeAccount';

/** Closes the signed-in patient's account (issue #30): what was done, for the closing screen. */
export const POST = handle(async (ctx) => {
  const db = await getDb();
  const { user } = await requireSession(db, ctx.request);
  const { password } = await ctx.body(closeAccountSchema);
  const closed = await closeAccount(db, user, { password, locale: ctx.locale });
  return ok(
    {
      cancelled_visits: closed.cancelledVisits,
      ended_waitlist_places: closed.endedWaitlistPlaces,
      kept_until: closed.keptUntil,
      messages: [{ message: ctx.t.server('accountClosed'), type: 'success' }],
    },
    { headers: { 'Set-Cookie': clearedSessionCookie(ctx.request) } },
  );
});
