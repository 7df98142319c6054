import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../lib/server/db/client';
import { migrateDatabase } from '../../lib/server/db/migrate';
import { seedDatabase } from '../../lib/server/db/seed';
import { withAdmin } from '../../tests/integration/support/postgresAdmin';

/**
 * A throwaway database for a benchmark, migrated and holding the reference data only (the
 * benchmark brings its own clinic): a fresh database on the PostgreSQL server at
 * BENCH_DATABASE_URL (the role needs CREATEDB), otherwise PGlite in a temporary directory.
 * `close` drops it either way, so a run never leaves anything behind.
 */
export async function openBenchDatabase(adminUrl = process.env.BENCH_DATABASE_URL): Promise<DatabaseHandle> {
  const handle = adminUrl ? await openPostgres(adminUrl) : await openPglite();
  try {
    await migrateDatabase(handle.db, handle.kind);
    await seedDatabase(handle.db, { demo: false });
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function openPglite(): Promise<DatabaseHandle> {
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-'));
  const handle = await openDatabase({ dataDir });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(adminUrl: string): Promise<DatabaseHandle> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
