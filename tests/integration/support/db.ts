import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { openDatabase, pgliteDatabase, pgliteOptions, type DatabaseHandle } from '@/lib/server/db/client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { seedDatabase } from '@/lib/server/db/seed';

export type TestDatabase = DatabaseHandle;

/**
 * How far the new database is set up: 'empty' (not even migrated), 'migrated',
 * 'reference' (seeded without demo data) or 'demo' (seeded with the demo clinic and accounts).
 */
export type TestDatabaseState = 'empty' | 'migrated' | 'reference' | 'demo';

/**
 * A database of its own for a test: on PostgreSQL when TEST_DATABASE_URL is set (a fresh
 * database, dropped on close), otherwise PGlite in memory.
 */
export function createTestDatabase(options: { state?: TestDatabaseState } = {}): Promise<TestDatabase> {
  const state = options.state ?? 'demo';
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? createPostgresDatabase(adminUrl, state) : createPgliteDatabase(state);
}

async function prepare(handle: DatabaseHandle, state: TestDatabaseState): Promise<void> {
  if (state === 'empty') return;
  await migrateDatabase(handle.db, handle.kind);
  if (state !== 'migrated') await seedDatabase(handle.db, { demo: state === 'demo' });
}

async function createPostgresDatabase(adminUrl: string, state: TestDatabaseState): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  const drop = async () => {
    await handle.close();
    await withAdmin(adminUrl, async (admin) => {
      // pool.end() resolves before its sockets are gone; forcing the drop while they close makes
      // the server kill them, which surfaces as an unhandled error. Give them a moment first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  };
  try {
    await prepare(handle, state);
  } catch (error) {
    await drop();
    throw error;
  }
  return { db: handle.db, kind: handle.kind, close: drop };
}

async function withAdmin(url: string, work: (admin: Client) => Promise<unknown>): Promise<void> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

// Creating a PGlite database (initdb) takes seconds; loading a dump of one takes a fraction of
// that. Each state is built once per worker, from the previous state's dump.
const snapshots = new Map<Exclude<TestDatabaseState, 'empty'>, Promise<Blob>>();

function snapshot(state: Exclude<TestDatabaseState, 'empty'>): Promise<Blob> {
  let dump = snapshots.get(state);
  if (!dump) {
    dump = buildSnapshot(state);
    snapshots.set(state, dump);
  }
  return dump;
}

async function buildSnapshot(state: Exclude<TestDatabaseState, 'empty'>): Promise<Blob> {
  const client =
    state === 'migrated'
      ? await PGlite.create(pgliteOptions)
      : await PGlite.create({ ...pgliteOptions, loadDataDir: await snapshot('migrated') });
  try {
    const db = pgliteDatabase(client);
    if (state === 'migrated') await migrateDatabase(db, 'pglite');
    else await seedDatabase(db, { demo: state === 'demo' });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function createPgliteDatabase(state: TestDatabaseState): Promise<TestDatabase> {
  const client =
    state === 'empty'
      ? await PGlite.create(pgliteOptions)
      : await PGlite.create({ ...pgliteOptions, loadDataDir: await snapshot(state) });
  return { db: pgliteDatabase(client), kind: 'pglite', close: () => client.close() };
}
