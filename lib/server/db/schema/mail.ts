// Table declarations only, no 'server-only': drizzle-kit loads this file outside Next.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export interface QueuedAttachment {
  filename: string;
  contentType: string;
  content: string;
  /** 'base64' for binary content (a receipt's PDF); absent for text. */
  encoding?: 'base64';
}

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The e-mail queue (issue #15): every e-mail a state change causes is written here in the same
 * transaction as the change, and the job runner sends it (lib/server/email/queue.ts). A row is
 * claimed for `claimed_until` before its send, so two runners never send it at the same time;
 * a failed send is retried with backoff; after a day of failures it is 'failed' and shown to
 * admins. Once sent, the body is erased (it may hold a live sign-in or manage link): what stays
 * is who, what and when.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    /** What the message is, for logs and the admins' list ('appointment booked'); never personal. */
    purpose: text('purpose').notNull(),
    recipient: text('recipient').notNull(),
    replyTo: text('reply_to'),
    language: text('language', { enum: ['en', 'fr'] }).notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attachments: jsonb('attachments').$type<QueuedAttachment[]>().notNull().default([]),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** Set while a runner sends it; a runner that died leaves it to expire, then it is sent again. */
    claimedUntil: timestamptz('claimed_until'),
    /** The last failure's error name (never its message: it could echo the address or the content). */
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('mail_queue_due_idx').on(t.status, t.nextAttemptAt),
    // The e-mails sent to one address (issue #30: a person's export, and their purge).
    index('mail_queue_recipient_idx').on(sql`lower(${t.recipient})`),
    check('mail_queue_status_check', sql`${t.status} IN ('pending', 'sent', 'failed')`),
    check('mail_queue_sent_check', sql`(${t.status} = 'sent') = (${t.sentAt} IS NOT NULL)`),
  ],
);

export type QueuedMail = typeof mailQueue.$inferSelect;
