import { pageViewSchema } from '@/lib/schemas/pageView';
import { consume, hashIp, limits } from '@/lib/server/auth/rateLimit';
import { getDb } from '@/lib/server/db/client';
import { pageViews } from '@/lib/server/db/schema';
import { handle } from '@/lib/server/http/handler';

/** Stores one anonymous page view: route name, path, language and time; no IP, no cookie. */
export const POST = handle(async (ctx) => {
  const view = await ctx.body(pageViewSchema);
  const db = await getDb();
  // The address only counts toward the cap; it is not stored with the view.
  await consume(db, `pageview-ip:${hashIp(ctx.ip)}`, limits.pageViewPerIp);
  await db.insert(pageViews).values(view);
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
});
