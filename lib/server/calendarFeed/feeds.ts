import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { localDateOf } from '@/lib/format/dates';
import { hashToken, randomToken } from '@/lib/server/auth/tokens';
import { consume, type Limit } from '@/lib/server/auth/rateLimit';
import type { Database } from '@/lib/server/db/client';
import { calendarFeedFetches, calendarFeeds, calendarVersions, users, type CalendarFeedTitles } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { recordAudit } from '@/lib/server/privacy/audit';
import { feedText } from './events';

/**
 * An employee's private calendar feed (issue #41): the link is made, remade and turned off here,
 * and ended with the employee's password change, closing or deactivation. The address carries a
 * 256-bit token (calendar apps send no cookie); the database keeps its SHA-256 only. Each link
 * made or ended is an audit entry; fetches are counted per day.
 */

/** What a calendar may fetch: a client polling every minute is refused long before it costs anything. */
export const FEED_LIMIT: Limit = { max: 60, windowMs: 60 * 60_000 };

export type FeedEndReason = 'new_link' | 'turned_off' | 'password_changed' | 'deactivated' | 'account_closed';

/** The feed's two addresses for a token: https for Google and Outlook, webcal for apps that subscribe on a click. */
export function feedUrls(origin: string, token: string): { https: string; webcal: string } {
  const https = `${origin}/api/calendar-feeds/${token}.ics`;
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}

export async function feedStatus(db: Database, userId: number) {
  const [feed] = await db.select({ createdAt: calendarFeeds.createdAt, titles: calendarFeeds.titles }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return feed ? { active: true, created_at: feed.createdAt.toISOString(), titles: feed.titles } : { active: false, created_at: null, titles: 'service' as const };
}

/** Makes the employee's link, replacing any older one (which answers 404 from the next request). Returns the new token. */
export async function makeFeed(db: Database, input: { userId: number; titles: CalendarFeedTitles; now: Date }): Promise<string> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    const [old] = await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, input.userId)).returning({ userId: calendarFeeds.userId });
    if (old) await recordAudit(tx, { action: 'calendar_feed_ended', actorUserId: input.userId, subject: null, detail: { employee: input.userId, reason: 'new_link' } });
    await tx.insert(calendarFeeds).values({ userId: input.userId, tokenHash: hashToken(token), titles: input.titles, createdAt: input.now, lastChangedAt: input.now });
    await recordAudit(tx, { action: 'calendar_feed_created', actorUserId: input.userId, subject: null, detail: { employee: input.userId, titles: input.titles } });
  });
  return token;
}

/** Changes what the events are called; the link stays. 404 without a feed. */
export async function setFeedTitles(db: Database, input: { userId: number; titles: CalendarFeedTitles; now: Date }): Promise<void> {
  const updated = await db
    .update(calendarFeeds)
    .set({ titles: input.titles, lastChangedAt: input.now, lastVersion: null })
    .where(eq(calendarFeeds.userId, input.userId))
    .returning({ userId: calendarFeeds.userId });
  if (updated.length === 0) throw new AppError('not_found', 404, 'calendarFeedNone');
}

/**
 * Ends the employee's feed, if any, with why (turned off by her, or by her password change,
 * closing or deactivation): its link answers 404 from the next request. `actorUserId` is who did it.
 */
export async function endFeeds(db: Database, input: { userId: number; reason: FeedEndReason; actorUserId: number | null }): Promise<boolean> {
  const ended = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, input.userId)).returning({ userId: calendarFeeds.userId });
  if (ended.length === 0) return false;
  await recordAudit(db, { action: 'calendar_feed_ended', actorUserId: input.actorUserId, subject: null, detail: { employee: input.userId, reason: input.reason } });
  return true;
}

const notFound = () => new AppError('not_found', 404, 'calendarFeedNotFound');

export type FeedAnswer = { kind: 'not_modified'; etag: string; lastModified: Date } | { kind: 'feed'; etag: string; lastModified: Date; body: string };

/**
 * GET /api/calendar-feeds/<token>.ics: the feed, or 304 when the client's ETag is the current one.
 * The ETag is cheap to know: the employee's calendar counter (every change of her visits, seats
 * and sessions moves it, migration 0015), the window's first day, her title choice and language,
 * and the link's age. 404 for an unknown or ended token, 429 past FEED_LIMIT for this token.
 */
export async function serveFeed(
  db: Database,
  input: { token: string; ifNoneMatch: string | null; now: Date; timeZone: string; days: { back: number; ahead: number }; origin: string },
): Promise<FeedAnswer> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(input.token)) throw notFound();
  const [row] = await db
    .select({
      feed: calendarFeeds,
      language: users.preferredLanguage,
      active: users.isActive,
      employee: users.isEmployee,
      version: calendarVersions.version,
    })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .leftJoin(calendarVersions, eq(calendarVersions.employeeId, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hashToken(input.token)));
  if (!row || !row.active || !row.employee) throw notFound();
  const { feed } = row;
  await consume(db, `calendar-feed:${feed.userId}`, FEED_LIMIT, input.now);

  const version = row.version ?? 0;
  const day = localDateOf(input.now, input.timeZone);
  const etag = `"${version}-${day}-${feed.titles}-${row.language}-${feed.createdAt.getTime().toString(36)}"`;
  const unchanged = input.ifNoneMatch !== null && input.ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);

  let lastModified = feed.lastChangedAt;
  if (feed.lastVersion !== version) {
    // The calendar moved since the last answer: that answer's content changed now.
    lastModified = input.now;
    await db.update(calendarFeeds).set({ lastVersion: version, lastChangedAt: input.now }).where(eq(calendarFeeds.userId, feed.userId));
  }
  await countFetch(db, feed.userId, day, unchanged);
  if (unchanged) return { kind: 'not_modified', etag, lastModified };
  const body = await feedText(db, { employeeId: feed.userId, language: row.language, titles: feed.titles, now: input.now, days: input.days, origin: input.origin });
  return { kind: 'feed', etag, lastModified, body };
}

/** One more fetch today (and one more 304), one row per employee and day. */
async function countFetch(db: Database, userId: number, day: string, notModified: boolean): Promise<void> {
  await db
    .insert(calendarFeedFetches)
    .values({ userId, day, fetches: 1, notModified: notModified ? 1 : 0 })
    .onConflictDoUpdate({
      target: [calendarFeedFetches.userId, calendarFeedFetches.day],
      set: { fetches: sql`${calendarFeedFetches.fetches} + 1`, notModified: sql`${calendarFeedFetches.notModified} + ${notModified ? 1 : 0}` },
    });
}
