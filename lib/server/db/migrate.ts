import 'server-only';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Pool } from 'pg';
import type { Database, DatabaseKind, Schema } from './client';

/** The SQL that `drizzle-kit generate` wrote, committed with the code. */
export const migrationsFolder = path.join(process.cwd(), 'drizzle');

// Any constant shared by all instances of the app: the key of the migration advisory lock.
const MIGRATION_LOCK_KEY = 72_640_301;

/**
 * Applies the pending migrations of `drizzle/`; does nothing when the database is up to date.
 * `kind` must be the one `openDatabase` returned with `db`: each driver has its own migrator.
 */
export async function migrateDatabase(
  db: Database,
  kind: DatabaseKind,
  { folder = migrationsFolder, then }: { folder?: string; then?: () => Promise<void> } = {},
): Promise<void> {
  if (kind === 'pglite') {
    // PGlite is single-process (and locked): nobody can migrate alongside us.
    await migratePglite(db as PgliteDatabase<Schema>, { migrationsFolder: folder });
    await then?.();
    return;
  }
  // Two app instances starting together would both find the same migrations pending and the
  // second would fail on "already exists": a session advisory lock on one pooled connection
  // lets the first finish while the other waits, then finds nothing to do. `then` (the seed)
  // runs under the same lock, or both would insert the same demo rows.
  const pgDb = db as NodePgDatabase<Schema> & { $client: Pool };
  const lockConnection = await pgDb.$client.connect();
  try {
    await lockConnection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePostgres(pgDb, { migrationsFolder: folder });
      await then?.();
    } finally {
      await lockConnection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    lockConnection.release();
  }
}
