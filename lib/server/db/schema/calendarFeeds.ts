// Table declarations only, no 'server-only': drizzle-kit loads this file outside Next.
import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const CALENDAR_FEED_TITLES = ['service', 'initials'] as const;
export type CalendarFeedTitles = (typeof CALENDAR_FEED_TITLES)[number];

/**
 * An employee's private calendar feed (issue #41): one per employee. The token is in the feed's
 * address (calendar apps send no cookie); only its SHA-256 is kept, so the link is shown once,
 * when made. A new link replaces the row (the old token answers 404 at once); turning the feed off,
 * a password change, a closing or a deactivation deletes it. `last_version` is the employee's
 * calendar counter (calendar_versions) at the last full answer, `last_changed_at` when it moved:
 * the feed's Last-Modified.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    titles: text('titles', { enum: CALENDAR_FEED_TITLES }).notNull().default('service'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastVersion: bigint('last_version', { mode: 'number' }),
    lastChangedAt: timestamptz('last_changed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_key').on(t.tokenHash), check('calendar_feeds_titles_check', sql`${t.titles} IN ('service', 'initials')`)],
);
export type CalendarFeed = typeof calendarFeeds.$inferSelect;

/** Fetches of an employee's feed, counted per day (the clinic's calendar) rather than a row per fetch. */
export const calendarFeedFetches = pgTable(
  'calendar_feed_fetches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    fetches: integer('fetches').notNull().default(0),
    /** Of those, answered 304 (nothing changed). */
    notModified: integer('not_modified').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
