import 'server-only';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { backups } from '@/lib/server/db/schema';

export type KeepRule = { daily: number; weekly: number; monthly: number };

/**
 * Which backups to keep (issue #39), as restic and borg count them: the newest backup of each of
 * the last `daily` days that have one, of each of the last `weekly` ISO weeks, and of each of
 * the last `monthly` months, on the clinic's calendar. A backup may count for several rules. The
 * newest verified one is always kept, so pruning never leaves only unproven files.
 */
export function backupsToKeep<T extends { id: number; startedAt: Date; verified: boolean }>(list: T[], keep: KeepRule, timeZone: string): Set<number> {
  const newestFirst = [...list].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
  const kept = new Set<number>();
  const bucket = (count: number, pattern: string) => {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      if (seen.size >= count) break;
      const key = format(backup.startedAt, pattern, { in: tz(timeZone) });
      if (seen.has(key)) continue;
      seen.add(key);
      kept.add(backup.id);
    }
  };
  bucket(keep.daily, 'yyyy-MM-dd');
  bucket(keep.weekly, "RRRR-'W'II");
  bucket(keep.monthly, 'yyyy-MM');
  const verified = newestFirst.find((backup) => backup.verified);
  if (verified) kept.add(verified.id);
  return kept;
}

/** Deletes the files of the backups past the keep rule and marks their rows 'pruned'. Returns how many. */
export async function pruneBackups(db: Database, config: AppConfig): Promise<number> {
  const rows = await db
    .select({ id: backups.id, fileName: backups.fileName, startedAt: backups.startedAt, status: backups.status })
    .from(backups)
    .where(inArray(backups.status, ['made', 'verified', 'verify_failed']));
  const keep = backupsToKeep(
    rows.map((row) => ({ ...row, verified: row.status === 'verified' })),
    config.backupKeep,
    config.clinicTimezone,
  );
  let pruned = 0;
  for (const row of rows) {
    if (keep.has(row.id)) continue;
    await unlink(path.join(config.backupDir, row.fileName)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await db.update(backups).set({ status: 'pruned' }).where(and(eq(backups.id, row.id), eq(backups.status, row.status)));
    pruned += 1;
  }
  return pruned;
}
