import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Messages sent through the contact page. `message` (and possibly `subject`) may hold health
 * information: never log them. The sender's address is kept only as a keyed hash (HMAC with
 * the app secret), enough to tell repeated senders apart, not to find who they are.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Lowercased, as the shared e-mail schema returns it. */
    email: text('email').notNull(),
    /** 11 digits ('16135550142') or null when not given. */
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The language the visitor wrote in: the acknowledgement's and the reply's. */
    language: text('language', { enum: ['en', 'fr'] }).notNull(),
    ipHash: text('ip_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt), index('contact_messages_email_idx').on(t.email)],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
