import 'server-only';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { getConfig, type AppConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { backups } from '@/lib/server/db/schema';
import { alertAdministrators } from './alerts';
import { backupErrorCode } from './errors';
import { makeBackup } from './make';
import { pruneBackups } from './prune';
import { backupSourceOf, withBackupLock, type BackupSource } from './source';
import { verifyBackup } from './verify';

export interface BackupRunCounts {
  /** off: no passphrase; busy: another instance is at it; not_due; made; failed. */
  state: 'off' | 'busy' | 'not_due' | 'made' | 'failed';
  verified: number;
  pruned: number;
}

const HOUR_MS = 3_600_000;
/** A failed backup is tried again after this, not at every tick. */
const RETRY_MS = HOUR_MS;
const kept = ['made', 'verified', 'verify_failed'] as const;

/** The clinic's hour of an instant (0 to 23). */
const clinicHour = (now: Date, timeZone: string) => Number(new Intl.DateTimeFormat('en-CA', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(now));

/**
 * Whether a backup is due: none of the backups on record has its file in BACKUP_DIR (a new
 * installation, or a new disk), or the newest is BACKUP_INTERVAL_HOURS old. A failure is tried
 * again an hour later.
 */
export async function backupDue(db: Database, config: AppConfig, now: Date): Promise<boolean> {
  const [latest] = await db.select().from(backups).orderBy(desc(backups.startedAt)).limit(1);
  if (latest?.status === 'failed' && now.getTime() - latest.startedAt.getTime() < RETRY_MS) return false;
  const [newest] = await db.select().from(backups).where(inArray(backups.status, kept)).orderBy(desc(backups.startedAt)).limit(1);
  if (!newest || !existsSync(path.join(config.backupDir, newest.fileName))) return true;
  return now.getTime() - newest.startedAt.getTime() >= config.backupIntervalHours * HOUR_MS;
}

/** Verifies the newest backup not verified yet, if any; records the outcome. */
async function verifyNewest(db: Database, source: BackupSource, config: AppConfig, now: Date): Promise<number> {
  const [pending] = await db.select().from(backups).where(eq(backups.status, 'made')).orderBy(desc(backups.startedAt)).limit(1);
  if (!pending) return 0;
  try {
    await verifyBackup(path.join(config.backupDir, pending.fileName), config.backupPassphrase!, source.kind === 'postgres' ? source.url : undefined);
    await db.update(backups).set({ status: 'verified', verifiedAt: new Date() }).where(eq(backups.id, pending.id));
    return 1;
  } catch (error) {
    const code = backupErrorCode(error);
    console.error(`[backup] ${pending.fileName} did not pass its check: ${code}`);
    await db.update(backups).set({ status: 'verify_failed', error: code, verifiedAt: null }).where(eq(backups.id, pending.id));
    await alertAdministrators(db, config, { kind: 'verify_failed', code }, now);
    return 0;
  }
}

/** When the last verified backup is older than twice the interval (or none was ever verified, counting from the first attempt): one alert a day. */
async function alertIfStale(db: Database, config: AppConfig, now: Date): Promise<void> {
  const [verified] = await db.select().from(backups).where(eq(backups.status, 'verified')).orderBy(desc(backups.startedAt)).limit(1);
  const [first] = await db.select().from(backups).orderBy(asc(backups.startedAt)).limit(1);
  const since = verified?.startedAt ?? first?.startedAt;
  if (!since || now.getTime() - since.getTime() <= 2 * config.backupIntervalHours * HOUR_MS) return;
  await alertAdministrators(db, config, { kind: 'stale', ageHours: verified ? (now.getTime() - verified.startedAt.getTime()) / HOUR_MS : null }, now);
}

/**
 * The backup job (issue #39), one step of the job runner: makes a backup when one is due,
 * prunes past the keep rule, verifies the newest unverified backup at BACKUP_VERIFY_HOUR (a
 * restore is heavy: a quiet hour), and alerts the administrators. Never throws: a failure is
 * recorded and alerted, and the site keeps serving.
 */
export async function runBackupJob(db: Database, now = new Date(), config: AppConfig = getConfig()): Promise<BackupRunCounts> {
  if (!config.backupPassphrase) return { state: 'off', verified: 0, pruned: 0 };
  const source = backupSourceOf(db);
  try {
    const counts = await withBackupLock(source, async (): Promise<BackupRunCounts> => {
      let state: BackupRunCounts['state'] = 'not_due';
      if (await backupDue(db, config, now)) {
        try {
          await makeBackup(db, source, config, now);
          state = 'made';
        } catch (error) {
          state = 'failed';
          const code = backupErrorCode(error);
          console.error(`[backup] the backup failed: ${code}${code === 'failed' && error instanceof Error ? ` (${error.name})` : ''}`);
          await alertAdministrators(db, config, { kind: 'failed', code }, now);
        }
      }
      const pruned = await pruneBackups(db, config);
      const verified = clinicHour(now, config.clinicTimezone) === config.backupVerifyHour ? await verifyNewest(db, source, config, now) : 0;
      await alertIfStale(db, config, now);
      return { state, verified, pruned };
    });
    return counts ?? { state: 'busy', verified: 0, pruned: 0 };
  } catch (error) {
    console.error(`[backup] the backup job failed: ${error instanceof Error ? error.name : 'error'}`);
    return { state: 'failed', verified: 0, pruned: 0 };
  }
}
