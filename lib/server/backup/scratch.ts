import 'server-only';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { openDatabase, pgliteDatabase, pgliteOptions, type Database, type DatabaseKind } from '@/lib/server/db/client';
import { BackupError } from './errors';
import { connectionArgs, run } from './snapshot';
import { tableStats, type TableStats } from './tables';

/** A database a backup was restored into, to be checked, then thrown away. */
export interface RestoredDatabase {
  db: Database;
  kind: DatabaseKind;
  stats(): Promise<TableStats>;
  drop(): Promise<void>;
}

/** Restores PGlite's data directory into a PGlite in memory. */
export async function pgliteInMemory(dump: Uint8Array): Promise<RestoredDatabase> {
  let client: PGlite;
  try {
    client = await PGlite.create({ ...pgliteOptions, loadDataDir: new Blob([Buffer.from(dump)]) });
  } catch {
    throw new BackupError('corrupted', 'The backup’s embedded database does not open.');
  }
  return {
    db: pgliteDatabase(client),
    kind: 'pglite',
    stats: () => client.transaction(async (tx) => tableStats(async (text) => (await tx.query<Record<string, unknown>>(text)).rows)),
    drop: () => client.close(),
  };
}

/** Restores a pg_dump archive into `url`'s database with pg_restore. */
export async function pgRestore(dump: Uint8Array, url: string, options: { clean?: boolean } = {}): Promise<void> {
  const { dbname, env } = connectionArgs(url);
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', ...(options.clean ? ['--clean', '--if-exists'] : []), `--dbname=${dbname}`];
  await run('pg_restore', args, { input: dump, env }).catch((error: Error) => {
    throw new BackupError('failed', `pg_restore failed: ${error.message}`);
  });
}

/**
 * Restores a pg_dump archive into a throwaway database on the server of `serverUrl` (its role
 * needs CREATEDB), dropped by drop().
 */
export async function postgresThrowaway(dump: Uint8Array, serverUrl: string): Promise<RestoredDatabase> {
  const name = `clinic_verify_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.end();
    throw new BackupError('failed', `A throwaway database to check the backup in could not be created (${(error as Error).message}): the role needs CREATEDB.`);
  }
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => admin.end());
  };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await pgRestore(dump, url.toString());
    const handle = await openDatabase({ url: url.toString() });
    const pool = (handle.db as unknown as { $client: import('pg').Pool }).$client;
    return {
      db: handle.db,
      kind: 'postgres',
      stats: async () => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          return await tableStats(async (text) => (await client.query(text)).rows);
        } finally {
          await client.query('COMMIT');
          client.release();
        }
      },
      drop: async () => {
        await handle.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}
