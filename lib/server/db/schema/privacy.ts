// Table declarations only, no 'server-only': drizzle-kit loads this file outside Next.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

// contact_messages_purged names no one (subject null): a count of messages whose address led to no record.
export const AUDIT_ACTIONS = [
  'data_export',
  'account_closed',
  'records_purged',
  'records_request',
  'correction_request',
  'contact_messages_purged',
  // An employee's calendar feed (issue #41): a link made, a link ended (subject null: it names no patient).
  'calendar_feed_created',
  'calendar_feed_ended',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What was done with people's records (issue #30): every export, closure, purge and request the
 * clinic recorded. `subject` names whose record it was ('patient:12', or 'guest:' and a keyed hash
 * of the address, so the log itself holds no address); `detail` holds counts and formats, never
 * health data. Rows are never edited.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** Who did it; null for the person themselves by e-mail link, or the job runner. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject'),
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_events_subject_idx').on(t.subject, t.createdAt), index('audit_events_created_at_idx').on(t.createdAt)],
);
export type AuditEvent = typeof auditEvents.$inferSelect;

/**
 * A guest's single-use link to the export of what the clinic holds under an e-mail address
 * (issue #30 item 2): only the token's SHA-256 is kept; valid 24 hours.
 */
export const dataExportLinks = pgTable(
  'data_export_links',
  {
    id: serial('id').primaryKey(),
    /** Lowercased. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('data_export_links_token_key').on(t.tokenHash), index('data_export_links_email_idx').on(t.email)],
);

export const RECORDS_REQUEST_KINDS = ['access', 'correction'] as const;
export type RecordsRequestKind = (typeof RECORDS_REQUEST_KINDS)[number];
export const RECORDS_REQUEST_STATUSES = ['open', 'completed', 'refused'] as const;
export type RecordsRequestStatus = (typeof RECORDS_REQUEST_STATUSES)[number];

/**
 * A request the clinic received on a patient's or guest's behalf (by phone, letter, in person):
 * access to the record (PHIPA s. 54, answered within 30 days) or its correction (s. 55).
 * `details` says what the person asked to correct: it may be health information, never logged.
 */
export const recordsRequests = pgTable(
  'records_requests',
  {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    kind: text('kind', { enum: RECORDS_REQUEST_KINDS }).notNull(),
    patientId: integer('patient_id').references(() => users.id),
    /** A guest's address, lowercased; null for a patient's request. */
    guestEmail: text('guest_email'),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    /** 30 days after it was received (PHIPA s. 54(2)). */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    details: text('details'),
    status: text('status', { enum: RECORDS_REQUEST_STATUSES }).notNull().default('open'),
    /** What was done: the correction made, or why it was refused. */
    outcome: text('outcome'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'restrict' }),
    handledAt: timestamptz('handled_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('records_requests_public_id_key').on(t.publicId),
    index('records_requests_due_idx').on(t.status, t.dueOn),
    check('records_requests_kind_check', sql`${t.kind} IN ('access', 'correction')`),
    check('records_requests_status_check', sql`${t.status} IN ('open', 'completed', 'refused')`),
    check('records_requests_person_check', sql`(${t.patientId} IS NULL) <> (${t.guestEmail} IS NULL)`),
    check('records_requests_due_check', sql`${t.dueOn} = ${t.receivedOn} + 30`),
    check('records_requests_handled_check', sql`(${t.status} = 'open') = (${t.handledAt} IS NULL) AND (${t.handledAt} IS NULL) = (${t.handledBy} IS NULL)`),
  ],
);
export type RecordsRequest = typeof recordsRequests.$inferSelect;
