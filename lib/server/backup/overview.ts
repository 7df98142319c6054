import 'server-only';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { desc, eq, notInArray } from 'drizzle-orm';
import type { BackupErrorCode, BackupsOverview, BackupView } from '@/lib/schemas/backups';
import type { AppConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { backups } from '@/lib/server/db/schema';
import { pgDumpVersion } from './snapshot';

/** The device of a path, or of its nearest existing parent (BACKUP_DIR is made on the first backup). */
function deviceOf(target: string): number | null {
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    if (existsSync(dir)) return statSync(dir).dev;
    if (path.dirname(dir) === dir) return null;
  }
}

/** Whether the backups are on the disk of the data they back up: they then protect against mistakes, not against losing the disk. */
export function backupsOnDataDisk(config: AppConfig): boolean {
  const backupDevice = deviceOf(config.backupDir);
  return backupDevice !== null && backupDevice === deviceOf(config.dataDir);
}

/** The newest verified backup's start, or null. */
export async function lastVerifiedBackup(db: Database): Promise<Date | null> {
  const [row] = await db.select({ startedAt: backups.startedAt }).from(backups).where(eq(backups.status, 'verified')).orderBy(desc(backups.startedAt)).limit(1);
  return row?.startedAt ?? null;
}

/** What the administrators' backups page shows (issue #39): the settings, their problems, and the last 50 backups still on record. */
export async function backupsOverview(db: Database, config: AppConfig): Promise<BackupsOverview> {
  const rows = await db.select().from(backups).where(notInArray(backups.status, ['pruned', 'running'])).orderBy(desc(backups.startedAt)).limit(50);
  const database = config.databaseUrl ? 'postgres' : 'pglite';
  const verified = await lastVerifiedBackup(db);
  return {
    settings: {
      directory: config.backupDir,
      interval_hours: config.backupIntervalHours,
      keep: config.backupKeep,
      verify_hour: config.backupVerifyHour,
      passphrase_set: Boolean(config.backupPassphrase),
      same_disk: backupsOnDataDisk(config),
      database,
      pg_dump_missing: database === 'postgres' && !(await pgDumpVersion()),
    },
    last_verified_at: verified?.toISOString() ?? null,
    backups: rows.map((row) => ({
      id: row.id,
      file_name: row.fileName,
      status: row.status as BackupView['status'],
      started_at: row.startedAt.toISOString(),
      byte_size: row.byteSize,
      error: row.error as BackupErrorCode | null,
      verified_at: row.verifiedAt?.toISOString() ?? null,
      present: row.status !== 'failed' && existsSync(path.join(config.backupDir, row.fileName)),
    })),
  };
}

/** What the start says about backups (instrumentation.ts): off, or on the data's own disk. */
export function backupStartupWarnings(config: AppConfig): string[] {
  if (!config.backupPassphrase) {
    return ['[backup] WARNING: BACKUP_PASSPHRASE is not set, so no backup is made. Set it (12 characters or more, kept apart from the backups) and restart: see docs/backups.md.'];
  }
  if (backupsOnDataDisk(config)) {
    return [
      `[backup] WARNING: the backups (${config.backupDir}) are on the same disk as the data (${config.dataDir}): they protect against mistakes, not against losing the disk. ` +
        'Set BACKUP_DIR to another disk, or copy the files elsewhere (docs/backups.md).',
    ];
  }
  return [];
}
