// Table declarations only, no 'server-only': drizzle-kit loads this file outside Next.
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const BACKUP_STATUSES = ['running', 'made', 'verified', 'failed', 'verify_failed', 'pruned'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

/**
 * The backups (issue #39): one row per attempt, written by the instance that made it once it is
 * over ('running' is never written: the row comes after the snapshot, so a restored database
 * holds only the backups before its own). A file exists in the backup directory while its row
 * is 'made', 'verified' or 'verify_failed' (written whole under a temporary name, then renamed). `error` is a code of
 * lib/server/backup/errors.ts, never a message that could hold data.
 */
export const backups = pgTable(
  'backups',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull().unique(),
    status: text('status', { enum: BACKUP_STATUSES }).notNull().default('running'),
    databaseKind: text('database_kind', { enum: ['pglite', 'postgres'] }).notNull(),
    startedAt: timestamptz('started_at').notNull(),
    finishedAt: timestamptz('finished_at'),
    byteSize: bigint('byte_size', { mode: 'number' }),
    error: text('error'),
    verifiedAt: timestamptz('verified_at'),
  },
  (t) => [
    index('backups_started_idx').on(t.startedAt),
    check('backups_status_check', sql`${t.status} IN ('running', 'made', 'verified', 'failed', 'verify_failed', 'pruned')`),
  ],
);

/** One alert e-mail of a kind per day, whatever the number of instances (lib/server/backup/alerts.ts). */
export const backupAlerts = pgTable(
  'backup_alerts',
  {
    kind: text('kind').notNull(),
    sentOn: date('sent_on').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.sentOn] })],
);

export type Backup = typeof backups.$inferSelect;
