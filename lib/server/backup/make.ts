import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import packageJson from '@/package.json';
import type { AppConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { migrationsFolder } from '@/lib/server/db/migrate';
import { backups, type Backup } from '@/lib/server/db/schema';
import { intakeKeyCheck } from '@/lib/server/intake/crypto';
import { encryptBackup, packParts, sha256 } from './archive';
import { backupErrorCode, noPassphrase } from './errors';
import { knownMigrations, type Manifest } from './manifest';
import { siteFileParts } from './siteFiles';
import { snapshotPglite, snapshotPostgres } from './snapshot';
import type { BackupSource } from './source';

/** A backup's file name: its start in UTC, sortable, and a random tail so two never collide. */
export const backupFileName = (startedAt: Date) => `clinic-backup-${startedAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${randomBytes(3).toString('hex')}.age`;

/**
 * Makes one backup (issue #39): the database's snapshot and the site's files, with the manifest,
 * zipped, encrypted with BACKUP_PASSPHRASE, written under a temporary name, flushed, then renamed
 * into BACKUP_DIR: a failure (a full disk, a dump that fails) leaves no file that looks like a
 * backup. Its row says what happened either way. Throws the failure after recording it.
 */
export async function makeBackup(db: Database, source: BackupSource, config: AppConfig, now = new Date()): Promise<Backup> {
  if (!config.backupPassphrase) throw noPassphrase();
  const fileName = backupFileName(now);
  const finalPath = path.join(config.backupDir, fileName);
  const temporary = path.join(config.backupDir, `.${fileName}.tmp`);
  // Its row is written after the snapshot, so a restored database holds the backups made before
  // it, not this one half-made.
  const record = async (values: Partial<typeof backups.$inferInsert>) => {
    const [row] = await db.insert(backups).values({ fileName, databaseKind: source.kind, startedAt: now, finishedAt: new Date(), ...values }).returning();
    return row!;
  };
  try {
    const snapshot = source.kind === 'pglite' ? await snapshotPglite(source.client) : await snapshotPostgres(source.pool, source.url);
    const parts = [{ path: snapshot.path, bytes: snapshot.bytes }, ...siteFileParts(config)];
    const known = knownMigrations(migrationsFolder);
    const applied = snapshot.tables['drizzle.__drizzle_migrations']?.rows ?? 0;
    const manifest: Manifest = {
      format: 1,
      created_at: now.toISOString(),
      app_version: packageJson.version,
      migration: { count: applied, last: known[applied - 1] ?? '' },
      database: source.kind,
      tables: snapshot.tables,
      parts: parts.map((part) => ({ path: part.path, bytes: part.bytes.length, sha256: sha256(part.bytes) })),
      intake_key_check: intakeKeyCheck(),
    };
    const sealed = await encryptBackup(packParts(parts, manifest), config.backupPassphrase, config.backupScryptWorkFactor);
    await mkdir(config.backupDir, { recursive: true, mode: 0o700 });
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(sealed);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, finalPath);
    return await record({ status: 'made', byteSize: (await stat(finalPath)).size });
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    await record({ status: 'failed', error: backupErrorCode(error) });
    throw error;
  }
}
