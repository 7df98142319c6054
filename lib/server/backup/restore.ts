import 'server-only';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import type { AppConfig } from '@/lib/server/config';
import { pgliteOptions } from '@/lib/server/db/client';
import { lockDataDir } from '@/lib/server/db/lock';
import { BackupError } from './errors';
import { pgRestore } from './scratch';
import { siteFileTarget } from './siteFiles';
import { matchesIntakeKey, openBackup } from './verify';

export interface Restored {
  database: 'pglite' | 'postgres';
  files: number;
  /** Where the database that was there went, with --force on the embedded database. */
  setAside?: string;
  intakeKeyMatches: boolean;
}

const notEmpty = (what: string) =>
  new BackupError('not_empty', `${what} already holds a database. Restore into an empty one, or give --force to replace it (the embedded one is kept aside, not deleted).`);

/**
 * Restores a backup for real (`npm run backup:restore FILE`, issue #39), with the server
 * stopped: the embedded database into `$DATA_DIR/pglite` (its lock refuses a running server), or
 * a PostgreSQL dump into DATABASE_URL's database; then the site's files. It refuses a database
 * that is there already unless `force`: the embedded one is then renamed aside, PostgreSQL's
 * tables are replaced.
 */
export async function restoreBackup(file: string, passphrase: string, config: AppConfig, options: { force?: boolean; now?: Date } = {}): Promise<Restored> {
  const { manifest, parts } = await openBackup(file, passphrase);
  const dump = parts.get(manifest.parts[0]!.path)!;
  let setAside: string | undefined;
  if (manifest.database === 'pglite') {
    if (config.databaseUrl) throw new BackupError('failed', 'This backup holds the embedded database: unset DATABASE_URL to restore it into DATA_DIR.');
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    const lock = lockDataDir(config.dataDir);
    try {
      const dir = path.join(config.dataDir, 'pglite');
      if (existsSync(dir) && readdirSync(dir).length > 0) {
        if (!options.force) throw notEmpty(dir);
        setAside = `${dir}.replaced-${(options.now ?? new Date()).toISOString().replace(/[-:.]/g, '')}`;
        await rename(dir, setAside);
      }
      const client = await PGlite.create(dir, { ...pgliteOptions, loadDataDir: new Blob([Buffer.from(dump)]) });
      await client.close();
    } finally {
      lock.release();
    }
  } else {
    if (!config.databaseUrl) throw new BackupError('failed', 'This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.');
    const client = new Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`);
      if (rows[0]!.n > 0) {
        if (!options.force) throw notEmpty('DATABASE_URL');
        await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
      }
    } finally {
      await client.end();
    }
    await pgRestore(dump, config.databaseUrl);
  }
  let files = 0;
  for (const [partPath, bytes] of parts) {
    const target = siteFileTarget(config, partPath);
    if (!target) continue;
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await writeFile(target, bytes, { mode: 0o600 });
    files += 1;
  }
  return { database: manifest.database, files, setAside, intakeKeyMatches: matchesIntakeKey(manifest) };
}
