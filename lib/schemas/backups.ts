/**
 * What GET /api/clinic/backups answers (issue #39): the administrators' backups page. Types only:
 * the page imports this, and nothing here brings zod into it.
 */
/** What can go wrong with a backup: the codes its row keeps and the page translates (Backups.errors). */
export const BACKUP_ERROR_CODES = [
  'no_passphrase',
  'wrong_passphrase',
  'corrupted',
  'newer_version',
  'disk_full',
  'pg_dump_missing',
  'pg_dump_failed',
  'not_empty',
  'mismatch',
  'failed',
] as const;
export type BackupErrorCode = (typeof BACKUP_ERROR_CODES)[number];

export interface BackupView {
  id: number;
  file_name: string;
  status: 'made' | 'verified' | 'failed' | 'verify_failed';
  started_at: string;
  byte_size: number | null;
  error: BackupErrorCode | null;
  verified_at: string | null;
  /** Whether its file is in the backup directory now. */
  present: boolean;
}

export interface BackupsOverview {
  settings: {
    directory: string;
    interval_hours: number;
    keep: { daily: number; weekly: number; monthly: number };
    verify_hour: number;
    passphrase_set: boolean;
    same_disk: boolean;
    database: 'pglite' | 'postgres';
    pg_dump_missing: boolean;
  };
  last_verified_at: string | null;
  backups: BackupView[];
}
