import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { getConfig } from '../config';
import { nextLoopTurn } from '../loopTurn';
import { lockDataDir } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;

/**
 * What both drivers' raw results have in common: `db.execute(sql...)` yields `{ rows }` on
 * PGlite and on node-postgres alike.
 */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: RawResult<this['row']>;
}
export interface RawResult<TRow> {
  rows: TRow[];
}

/** The database as domain code sees it: the same type on PGlite and on PostgreSQL. */
export type Database = PgDatabase<QueryResultHKT, Schema>;

/** What `db.transaction(async (tx) => ...)` hands to its callback. */
export type Transaction = PgTransaction<QueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

/** PGlite extensions the schema needs (btree_gist: the appointments' exclusion constraint). */
export const pgliteExtensions = { btree_gist };

/**
 * PGlite's options (issue #29, memory): the extensions, and PostgreSQL's buffers sized for a
 * clinic's database of tens of megabytes rather than PostgreSQL's defaults for a shared server.
 * PGlite's WebAssembly memory only grows, and every buffer page touched stays resident: with the
 * default shared_buffers (128 MB) an embedded server reopening its data held 319 MB resident
 * before its first request, with 16 MB 206 MB (measured on this machine). The files stay in the
 * operating system's page cache, so a page outside the buffers is a read, not a disk seek.
 */
export const pgliteOptions = {
  extensions: pgliteExtensions,
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'],
};

/** Wraps a PGlite instance (file-backed or in memory) with the schema. */
export function pgliteDatabase(client: PGlite): Database {
  return drizzlePglite({ client: yieldingBeforeQueries(client), schema });
}

/** A turn of the event loop before each query: see nextLoopTurn. */
function yieldingBeforeQueries(client: PGlite): PGlite {
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await nextLoopTurn();
    return query(...args);
  }) as PGlite['query'];
  return client;
}

/** Wraps a node-postgres pool with the schema. */
export function postgresDatabase(pool: Pool): Database {
  return drizzleNodePostgres({ client: pool, schema });
}

/**
 * PostgreSQL at `url` when given; otherwise the embedded PGlite database in
 * `$dataDir/pglite`, locked against a second process for as long as it is open.
 */
export async function openDatabase(options: { url?: string; dataDir?: string }): Promise<DatabaseHandle> {
  if (options.url !== undefined) {
    const pool = new Pool({ connectionString: options.url });
    // An idle client that loses its connection emits 'error'; unhandled, that would end the process.
    pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
    return { db: postgresDatabase(pool), kind: 'postgres', close: () => pool.end() };
  }

  // The data dir is runtime configuration, not a source folder: keep it out of output tracing.
  const dataDir = path.resolve(/*turbopackIgnore: true*/ options.dataDir ?? '.data');
  // Private: the database holds patients' health data.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pglite'), pgliteOptions);
    return {
      db: pgliteDatabase(client),
      kind: 'pglite',
      close: async () => {
        try {
          await client.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

// On globalThis: Next compiles instrumentation and each route as separate bundles with their
// own module instances, and dev hot reloads re-run this module; all must share one database
// (PGlite cannot be opened twice).
const globalForDb = globalThis as typeof globalThis & {
  __clinicDatabase?: Promise<DatabaseHandle>;
  __clinicTestDatabase?: Database;
};

/** The process-wide database from the configuration, opened on first use. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!globalForDb.__clinicDatabase) {
    const { databaseUrl, dataDir } = getConfig();
    const forget = () => {
      if (globalForDb.__clinicDatabase === opening) globalForDb.__clinicDatabase = undefined;
    };
    // Once closed (or if opening failed, say the lock is taken) the next call opens it again.
    const opening = openDatabase({ url: databaseUrl, dataDir }).then(
      (handle) => ({
        ...handle,
        close: async () => {
          forget();
          await handle.close();
        },
      }),
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    globalForDb.__clinicDatabase = opening;
  }
  return globalForDb.__clinicDatabase;
}

/** The database route handlers use: the process-wide one, or the one a test put in its place. */
export async function getDb(): Promise<Database> {
  return globalForDb.__clinicTestDatabase ?? (await getDatabaseHandle()).db;
}

/** Makes `getDb()` return `db` (a test database) until called again with null. */
export function setDatabaseForTests(db: Database | null): void {
  globalForDb.__clinicTestDatabase = db ?? undefined;
}
