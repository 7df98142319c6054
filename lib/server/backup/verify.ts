import 'server-only';
import { readFile } from 'node:fs/promises';
import { migrateDatabase, migrationsFolder } from '@/lib/server/db/migrate';
import { intakeKeyCheck } from '@/lib/server/intake/crypto';
import { existingSecret } from '@/lib/server/secrets';
import { decryptBackup, unpackParts } from './archive';
import { BackupError } from './errors';
import { assertRestorable, knownMigrations, type Manifest } from './manifest';
import { pgliteInMemory, postgresThrowaway } from './scratch';
import { differingTables } from './tables';

export interface Verification {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
  /** Whether this site's intake key opens the backup's intake forms. */
  intakeKeyMatches: boolean;
}

/** Whether this site's intake key (read, never generated: a new one would open nothing) is the backup's. */
export function matchesIntakeKey(manifest: Manifest): boolean {
  const key = existingSecret('intake-key');
  return key !== undefined && manifest.intake_key_check === intakeKeyCheck(key);
}

/** The manifest and parts of a backup file, decrypted and each part checked. */
export async function openBackup(file: string, passphrase: string) {
  const opened = unpackParts(await decryptBackup(new Uint8Array(await readFile(file)), passphrase));
  assertRestorable(opened.manifest, knownMigrations(migrationsFolder));
  return opened;
}

/**
 * Proves a backup (issue #39): decrypts it, checks each part against the manifest, restores the
 * database into a scratch one (PGlite in memory, or a throwaway database on `postgresUrl`'s
 * server), compares every table's rows with the manifest, then applies this version's
 * migrations to it. Throws a BackupError naming what failed.
 */
export async function verifyBackup(file: string, passphrase: string, postgresUrl?: string): Promise<Verification> {
  const { manifest, parts } = await openBackup(file, passphrase);
  const dump = parts.get(manifest.parts[0]!.path)!;
  let scratch;
  if (manifest.database === 'pglite') scratch = await pgliteInMemory(dump);
  else if (postgresUrl) scratch = await postgresThrowaway(dump, postgresUrl);
  else throw new BackupError('failed', 'The backup holds a PostgreSQL database: give DATABASE_URL to check it in a throwaway database on that server.');
  try {
    const differ = differingTables(manifest.tables, await scratch.stats());
    if (differ.length > 0) throw new BackupError('mismatch', `The restored database differs from the backup’s manifest in ${differ.join(', ')}.`);
    await migrateDatabase(scratch.db, scratch.kind);
  } finally {
    await scratch.drop();
  }
  return {
    manifest,
    tables: Object.keys(manifest.tables).length,
    rows: Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0),
    files: manifest.parts.length - 1,
    intakeKeyMatches: matchesIntakeKey(manifest),
  };
}
