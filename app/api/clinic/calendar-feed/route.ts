import { calendarFeedSchema } from '@/lib/schemas/calendarFeed';
import { requireEmployee } from '@/lib/server/booking/patients';
import { endFeeds, feedStatus, feedUrls, makeFeed, setFeedTitles } from '@/lib/server/calendarFeed/feeds';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { siteOrigin } from '@/lib/seo/siteUrl';

const noStore = { headers: { 'Cache-Control': 'private, no-store' } };

/** The signed-in employee's feed: on or off, since when, its title choice (never its link: only the hash is kept). */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  return ok({ feed: await feedStatus(db, employee.id) }, noStore);
});

/** Makes her link, ending any older one; the only answer that holds the link. */
export const POST = handle(async (ctx) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const { titles } = await ctx.body(calendarFeedSchema);
  const before = await feedStatus(db, employee.id);
  const token = await makeFeed(db, { userId: employee.id, titles, now: new Date() });
  const message = ctx.t.server(before.active ? 'calendarFeedRemade' : 'calendarFeedMade');
  return ok({ feed: await feedStatus(db, employee.id), urls: feedUrls(siteOrigin(ctx.request.url), token), messages: [{ message, type: 'success' }] }, { status: 201, ...noStore });
});

/** Changes what her events are called; the link stays. */
export const PUT = handle(async (ctx) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const { titles } = await ctx.body(calendarFeedSchema);
  await setFeedTitles(db, { userId: employee.id, titles, now: new Date() });
  return ok({ feed: await feedStatus(db, employee.id), messages: [{ message: ctx.t.server('calendarFeedTitlesSaved'), type: 'success' }] }, noStore);
});

/** Turns her feed off: its link answers 404 from the next request. */
export const DELETE = handle(async (ctx) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  await endFeeds(db, { userId: employee.id, reason: 'turned_off', actorUserId: employee.id });
  return ok({ feed: await feedStatus(db, employee.id), messages: [{ message: ctx.t.server('calendarFeedTurnedOff'), type: 'success' }] }, noStore);
});
