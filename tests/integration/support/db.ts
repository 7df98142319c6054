import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase, pgliteDatabase, pgliteOptions, type DatabaseHandle } from '@/lib/server/db/client';
import { dropDatabase, withAdmin } from './postgresAdmin';

export type TestDatabase = DatabaseHandle;

/**
 * How far the new database is set up: 'empty' (not even migrated), 'migrated',
 * 'reference' (seeded without demo data) or 'demo' (seeded with the demo clinic and accounts).
 */
export type TestDatabaseState = 'empty' | PreparedState;
export type PreparedState = 'migrated' | 'reference' | 'demo';

/**
 * A database of its own for a test: on PostgreSQL when TEST_DATABASE_URL is set (a fresh
 * database, dropped on close), otherwise PGlite in memory. Prepared states are copies of what
 * the suite's globalSetup (./global-setup.ts) migrated and seeded once for the whole run.
 */
export function createTestDatabase(options: { state?: TestDatabaseState } = {}): Promise<TestDatabase> {
  const state = options.state ?? 'demo';
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? createPostgresDatabase(adminUrl, state) : createPgliteDatabase(state);
}

async function createPostgresDatabase(adminUrl: string, state: TestDatabaseState): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = state === 'empty' ? '' : ` TEMPLATE ${inject('integrationDatabases')[state]}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    db: handle.db,
    kind: handle.kind,
    close: async () => {
      await handle.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

async function createPgliteDatabase(state: TestDatabaseState): Promise<TestDatabase> {
  const dump = state === 'empty' ? undefined : new Blob([await readFile(inject('integrationDatabases')[state])]);
  const client = await PGlite.create({ ...pgliteOptions, ...(dump ? { loadDataDir: dump } : {}) });
  return { db: pgliteDatabase(client), kind: 'pglite', close: () => client.close() };
}
