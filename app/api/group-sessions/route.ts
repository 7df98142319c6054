import { getDb } from '@/lib/server/db/client';
import { upcomingGroupSessions } from '@/lib/server/groups/upcoming';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/**
 * The group-programs page's list (issue #28): each topic's next sessions with seats left, public
 * and the same for everyone of a language. Seats left change with every booking, and every API
 * answer is no-store (the security suite holds it): the page asks each time it is shown.
 */
export const GET = handle(async (ctx) => ok({ topics: await upcomingGroupSessions(await getDb(), { locale: ctx.locale, now: new Date() }) }));
