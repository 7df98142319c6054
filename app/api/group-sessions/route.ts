import { getDb } from '@/lib/server/db/client';
import { upcomingGroupSessions } from '@/lib/server/groups/upcoming';
import { handle } from '@/lib/server/http/handler';

/**
 * The group-programs page's list (issue #28): each topic's next sessions with seats left, public
 * and the same for everyone of a language, so a browser or proxy may keep it half a minute.
 */
export const GET = handle(async (ctx) => {
  const topics = await upcomingGroupSessions(await getDb(), { locale: ctx.locale, now: new Date() });
  return Response.json({ topics }, { headers: { 'Cache-Control': 'public, max-age=30', Vary: 'Accept-Language' } });
});
