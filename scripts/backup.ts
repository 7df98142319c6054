/**
 * The backups by hand (issue #39), with the server's environment (BACKUP_PASSPHRASE, DATA_DIR
 * or DATABASE_URL, BACKUP_DIR, INTAKE_ENCRYPTION_KEY):
 *   npm run backup:now               makes one now (the job runner makes them by itself)
 *   npm run backup:verify [FILE]     decrypts FILE (default: the newest in BACKUP_DIR), restores
 *                                    it into a scratch database and compares every table with its
 *                                    manifest; changes nothing
 *   npm run backup:restore FILE [--force]
 *                                    restores FILE for real, the server stopped: into an empty
 *                                    DATA_DIR (embedded) or DATABASE_URL's empty database
 * Exit code: 0 done, 1 refused or failed (the message says why).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { BackupError } from '@/lib/server/backup/errors';
import { makeBackup } from '@/lib/server/backup/make';
import { restoreBackup } from '@/lib/server/backup/restore';
import { backupSourceOf } from '@/lib/server/backup/source';
import { verifyBackup } from '@/lib/server/backup/verify';
import { getConfig } from '@/lib/server/config';
import { openDatabase } from '@/lib/server/db/client';
import { migrateDatabase } from '@/lib/server/db/migrate';

const usage = 'Usage: npm run backup:now | npm run backup:verify [-- FILE] | npm run backup:restore -- FILE [--force]';
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function passphrase(): string {
  const value = getConfig().backupPassphrase;
  if (!value) throw new BackupError('no_passphrase', 'BACKUP_PASSPHRASE is not set: it is needed to make or open a backup.');
  return value;
}

/** The newest backup file in BACKUP_DIR (names sort by time). */
function newestBackup(): string {
  const dir = getConfig().backupDir;
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => /^clinic-backup-.+\.age$/.test(name));
  } catch {
    // No directory: no backup.
  }
  if (names.length === 0) throw new BackupError('failed', `There is no backup in ${dir}.`);
  return path.join(dir, names.sort().at(-1)!);
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  const config = getConfig();
  const started = performance.now();
  if (command === 'now' && args.length === 0) {
    const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrateDatabase(handle.db, handle.kind);
      passphrase();
      const made = await makeBackup(handle.db, backupSourceOf(handle.db), config);
      console.log(`Backup made: ${path.join(config.backupDir, made.fileName)}, ${megabytes(made.byteSize ?? 0)}, in ${seconds(started)}.`);
      return 0;
    } finally {
      await handle.close();
    }
  }
  if (command === 'verify' && args.length <= 1) {
    const file = args[0] ?? newestBackup();
    const result = await verifyBackup(file, passphrase(), config.databaseUrl);
    console.log(`Verified ${file}: made ${result.manifest.created_at} by version ${result.manifest.app_version} (${result.manifest.database}).`);
    console.log(`Restored into a scratch database: ${result.tables} tables, ${result.rows} rows, each as the manifest records it; ${result.files} files checked; migrations applied. ${seconds(started)}.`);
    if (!result.intakeKeyMatches) console.warn('Warning: this site’s intake key is not the one the backup’s intake forms were encrypted with: restored, they would not open.');
    return 0;
  }
  if (command === 'restore' && args.length >= 1 && args.filter((arg) => arg !== '--force').length === 1) {
    const file = args.find((arg) => arg !== '--force')!;
    const result = await restoreBackup(file, passphrase(), config, { force: args.includes('--force') });
    console.log(`Restored ${file} (${result.database}) and ${result.files} files in ${seconds(started)}.`);
    if (result.setAside) console.log(`The database that was there is kept in ${result.setAside}.`);
    if (!result.intakeKeyMatches) {
      console.warn('Warning: the intake key here is not the one the intake forms were encrypted with (or there is none): put the clinic’s key in place (INTAKE_ENCRYPTION_KEY, or DATA_DIR/secrets/intake-key) before starting the server.');
    }
    return 0;
  }
  console.error(usage);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BackupError ? `Backup: ${error.message}` : `${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
