import { requireAdmin } from '@/lib/server/booking/patients';
import { getTeamRoster } from '@/lib/server/clinic/teamRoster';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { unreachableLinkOrigin } from '@/lib/seo/siteUrl';

/**
 * The employees and the invitations, for administrators; and, until SITE_URL is set on a server
 * others reach, the origin the e-mails' links name instead (issue 27), for the page to say so.
 */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  await requireAdmin(db, ctx.request);
  return ok({ ...(await getTeamRoster(db, { locale: ctx.locale })), unreachable_link_origin: unreachableLinkOrigin({ request: ctx.request }) });
});
