import { getDb } from '@/lib/server/db/client';
import { upcomingGroupSessions } from '@/lib/server/groups/upcoming';
import { handle } from '@/lib/server/http/handler';

/**
 * The group-programs page's list (issue #28): each topic's next sessions with seats left, public
 * and the same for everyone of a language. Seats left change with every booking: a browser or
 * proxy may store it but asks again each time (no-cache), so a freed seat shows at once.
 */
export const GET = handle(async (ctx) => {
  const topics = await upcomingGroupSessions(await getDb(), { locale: ctx.locale, now: new Date() });
  return Response.json({ topics }, { headers: { 'Cache-Control': 'public, no-cache', Vary: 'Accept-Language' } });
});
