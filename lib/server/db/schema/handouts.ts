// Table declarations only, no 'server-only': drizzle-kit loads this file outside Next.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { appointments } from './appointments';
import { groupSessions, groupTopics } from './groups';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A handout of the group programs (issue #28 item 4): a PDF the clinic attaches to a topic (every
 * session of it hands it out) or to one session. The file lives under the handouts directory
 * (config.handoutsDir) as `stored_name`, a random name; `file_name` is the name it was uploaded
 * under, tidied, and the name it is downloaded as. A row exists exactly when its file does.
 */
export const handouts = pgTable(
  'handouts',
  {
    id: serial('id').primaryKey(),
    groupTopicId: integer('group_topic_id').references(() => groupTopics.id),
    groupSessionId: integer('group_session_id').references(() => groupSessions.id),
    fileName: text('file_name').notNull(),
    storedName: text('stored_name').notNull().unique(),
    byteSize: integer('byte_size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('handouts_topic_idx').on(t.groupTopicId),
    index('handouts_session_idx').on(t.groupSessionId),
    check('handouts_owner_check', sql`(${t.groupTopicId} IS NULL) <> (${t.groupSessionId} IS NULL)`),
    check('handouts_byte_size_check', sql`${t.byteSize} > 0`),
  ],
);

/**
 * A file sent to a seat: one row per (seat, handout), written in the transaction that queues the
 * e-mail, so a second "Send handouts" sends only what the seat has not had (issue #38: a file
 * attached after the first send still reaches every seat, and no file goes twice). A deleted
 * handout takes its rows with it.
 */
export const handoutSends = pgTable(
  'handout_sends',
  {
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id),
    handoutId: integer('handout_id')
      .notNull()
      .references(() => handouts.id, { onDelete: 'cascade' }),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.handoutId] }), index('handout_sends_handout_idx').on(t.handoutId)],
);

export type Handout = typeof handouts.$inferSelect;
