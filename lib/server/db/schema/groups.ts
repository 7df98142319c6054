// Table declarations only, no 'server-only': drizzle-kit loads this file outside Next.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { offices, services } from './clinic';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Group programs (issue #28). A topic is what a group meets about ("Living with type 2
 * diabetes" / « Vivre avec le diabète de type 2 »), from a list the clinic edits.
 */
export const groupTopics = pgTable('group_topics', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  titleEn: text('title_en').notNull(),
  titleFr: text('title_fr').notNull(),
  descriptionEn: text('description_en').notNull(),
  descriptionFr: text('description_fr').notNull(),
  /** A retired topic keeps its past sessions; no new ones are scheduled. */
  active: boolean('active').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Several sessions of one topic booked as one: a seat in a series is a seat in each meeting. */
export const groupSeries = pgTable('group_series', {
  id: serial('id').primaryKey(),
  topicId: integer('topic_id')
    .notNull()
    .references(() => groupTopics.id),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const GROUP_SESSION_STATUSES = ['scheduled', 'done', 'cancelled'] as const;
export type GroupSessionStatus = (typeof GROUP_SESSION_STATUSES)[number];

/**
 * One meeting of a group, scheduled by the clinic. It holds its dietitian's time from starts_at
 * to blocked_until, as a visit does: no other session (group_sessions_no_employee_overlap) and
 * no visit (the triggers of migration 0012) may overlap it. Each seat is a row of
 * `appointments` naming it (`group_session_id`); `seats_taken` is kept by a trigger on those rows,
 * and its check against `capacity` is what makes a session impossible to oversell.
 */
export const groupSessions = pgTable(
  'group_sessions',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => groupTopics.id),
    seriesId: integer('series_id').references(() => groupSeries.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => users.id),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    blockedUntil: timestamptz('blocked_until').notNull(),
    sessionLanguage: text('session_language', { enum: ['en', 'fr'] }).notNull(),
    capacity: integer('capacity').notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0),
    /** Per seat (per series for a series' sessions: the series' price over its meetings is not kept here). */
    priceCents: integer('price_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** A virtual session's one room: every attendee's join link points to it. */
    videoRoom: text('video_room'),
    status: text('status', { enum: GROUP_SESSION_STATUSES }).notNull().default('scheduled'),
    /** Up by one each time the session moves: its SEQUENCE in the employee's calendar feed (issue #41). */
    sequence: integer('sequence').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    cancelledAt: timestamptz('cancelled_at'),
  },
  (t) => [
    index('group_sessions_starts_idx').on(t.startsAt),
    index('group_sessions_topic_starts_idx').on(t.topicId, t.startsAt),
    uniqueIndex('group_sessions_series_starts_key').on(t.seriesId, t.startsAt),
    check('group_sessions_status_check', sql`${t.status} IN ('scheduled', 'done', 'cancelled')`),
    check('group_sessions_session_language_check', sql`${t.sessionLanguage} IN ('en', 'fr')`),
    check('group_sessions_times_check', sql`${t.startsAt} < ${t.endsAt} AND ${t.endsAt} <= ${t.blockedUntil}`),
    check('group_sessions_capacity_check', sql`${t.capacity} BETWEEN 1 AND 50`),
    check('group_sessions_seats_check', sql`${t.seatsTaken} >= 0 AND ${t.seatsTaken} <= ${t.capacity}`),
    check('group_sessions_money_check', sql`${t.priceCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.totalCents} = ${t.priceCents} + ${t.taxCents}`),
    check('group_sessions_cancelled_check', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} IS NOT NULL)`),
  ],
);

export type GroupTopic = typeof groupTopics.$inferSelect;
export type GroupSession = typeof groupSessions.$inferSelect;
export type NewGroupSession = typeof groupSessions.$inferInsert;
