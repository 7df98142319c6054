// Table declarations only, no 'server-only': drizzle-kit loads this file outside Next.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { appointments } from './appointments';
import { CHART_TEMPLATES } from './clinic';
import { recordsRequests } from './privacy';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Who may read an entry: the patient's circle of care, or only its author and the administrators. */
export const CHART_PRIVACY = ['circle', 'private'] as const;
export type ChartPrivacy = (typeof CHART_PRIVACY)[number];

/**
 * The clinical record (issue #40): one entry per visit or seat (`appointment_id`), or on its own
 * (a phone call, a letter received). `content` is the entry's fields as JSON, encrypted like the
 * intake answers (AES-256-GCM, bound to `chart:<public id>`). A draft saves with `version` + 1 on
 * each change (a save of an older version is refused, 409). Signing stamps `signed_at` and the
 * SHA-256 of the content; from then on a trigger (migration 0021) refuses any change to what was
 * signed, and any delete, except by the retention purge. "Entered in error" is a mark with a
 * reason, never a delete.
 */
export const chartEntries = pgTable(
  'chart_entries',
  {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id),
    appointmentId: integer('appointment_id').references(() => appointments.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    template: text('template', { enum: CHART_TEMPLATES }).notNull(),
    privacy: text('privacy', { enum: CHART_PRIVACY }).notNull().default('circle'),
    content: text('content').notNull(),
    version: integer('version').notNull().default(1),
    /** When the care happened: the visit's start, or the time the dietitian gives a separate entry. */
    occurredAt: timestamptz('occurred_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    signedAt: timestamptz('signed_at'),
    contentHash: text('content_hash'),
    /** Shown to the patient on their profile, from this time. Signed entries only. */
    sharedAt: timestamptz('shared_at'),
    errorAt: timestamptz('error_at'),
    errorBy: integer('error_by').references(() => users.id, { onDelete: 'restrict' }),
    errorReason: text('error_reason'),
  },
  (t) => [
    uniqueIndex('chart_entries_public_id_key').on(t.publicId),
    uniqueIndex('chart_entries_appointment_key').on(t.appointmentId).where(sql`${t.appointmentId} IS NOT NULL AND ${t.errorAt} IS NULL`),
    index('chart_entries_patient_idx').on(t.patientId, t.occurredAt),
    index('chart_entries_drafts_idx').on(t.authorId).where(sql`${t.signedAt} IS NULL`),
    check('chart_entries_template_check', sql`${t.template} IN ('adime', 'follow_up', 'group', 'note')`),
    check('chart_entries_privacy_check', sql`${t.privacy} IN ('circle', 'private')`),
    check('chart_entries_signature_check', sql`(${t.signedAt} IS NULL) = (${t.contentHash} IS NULL)`),
    check('chart_entries_shared_check', sql`${t.sharedAt} IS NULL OR ${t.signedAt} IS NOT NULL`),
    check(
      'chart_entries_error_check',
      sql`(${t.errorAt} IS NULL) = (${t.errorBy} IS NULL) AND (${t.errorAt} IS NULL) = (${t.errorReason} IS NULL) AND (${t.errorAt} IS NULL OR ${t.signedAt} IS NOT NULL)`,
    ),
  ],
);
export type ChartEntryRow = typeof chartEntries.$inferSelect;

export const CHART_ADDENDUM_KINDS = ['correction', 'disagreement'] as const;
export type ChartAddendumKind = (typeof CHART_ADDENDUM_KINDS)[number];

/**
 * A later word on a signed entry, shown under it: a correction by the clinic (reason and text), or
 * the patient's statement of disagreement when the clinic refused a correction (PHIPA s. 55(11)).
 * `content` holds the reason and the text, encrypted and bound to the entry. Never changed; deleted
 * only with the record by the retention purge.
 */
export const chartAddenda = pgTable(
  'chart_addenda',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => chartEntries.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: CHART_ADDENDUM_KINDS }).notNull(),
    content: text('content').notNull(),
    recordsRequestId: integer('records_request_id').references(() => recordsRequests.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('chart_addenda_entry_idx').on(t.entryId), check('chart_addenda_kind_check', sql`${t.kind} IN ('correction', 'disagreement')`)],
);
export type ChartAddendumRow = typeof chartAddenda.$inferSelect;

export const CHART_READS = ['chart', 'entry', 'pdf'] as const;
export type ChartRead = (typeof CHART_READS)[number];

/**
 * Who read whose chart, what and when (PHIPA s. 10.1): the chart page, one entry, or the chart's
 * PDF. The reader is restricted, as in intake_access_log: the trail always names a person.
 */
export const chartAccessLog = pgTable(
  'chart_access_log',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id),
    readerUserId: integer('reader_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    what: text('what', { enum: CHART_READS }).notNull(),
    entryId: integer('entry_id').references(() => chartEntries.id, { onDelete: 'set null' }),
    accessedAt: timestamptz('accessed_at').notNull().defaultNow(),
  },
  (t) => [index('chart_access_log_patient_idx').on(t.patientId, t.accessedAt), check('chart_access_log_what_check', sql`${t.what} IN ('chart', 'entry', 'pdf')`)],
);
