// `npm run bench:backup` (issue #39): what a backup costs, made, verified by a restore into a
// scratch database, and restored for real into an empty one, on two clinics:
// - the demo clinic (the zero-setup site's demo data);
// - the clinic of bench:retention: 30,000 visits and 60,000 e-mails sent.
// On PGlite by default, on PostgreSQL with BENCH_DATABASE_URL (pg_dump and pg_restore). Prints a
// line per clinic and JSON, and exits 0: a benchmark reports, the reader judges.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeBackup } from '../lib/server/backup/make';
import { restoreBackup } from '../lib/server/backup/restore';
import { backupSourceOf } from '../lib/server/backup/source';
import { verifyBackup } from '../lib/server/backup/verify';
import { getConfig, resetConfigForTests, type AppConfig } from '../lib/server/config';
import type { Database } from '../lib/server/db/client';
import { seedDatabase } from '../lib/server/db/seed';
import { withAdmin } from '../tests/integration/support/postgresAdmin';
import { openBenchDatabase } from './support/database';
import { seedRecordsClinic } from './support/recordsClinic';

const adminUrl = process.env.BENCH_DATABASE_URL;
const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, Math.round(performance.now() - start)];
}

/** An empty database to restore into: a new DATA_DIR, or a new database on the bench's PostgreSQL server. */
async function emptyTarget(config: AppConfig): Promise<{ config: AppConfig; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-restored-'));
  const target = { ...config, dataDir, handoutsDir: join(dataDir, 'handouts') };
  if (!adminUrl) return { config: target, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `bench_restored_${randomBytes(5).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { ...target, databaseUrl: url.toString() },
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function measure(clinic: string, seed: (db: Database) => Promise<unknown>) {
  const handle = await openBenchDatabase();
  try {
    await seed(handle.db);
    const config = getConfig();
    const source = backupSourceOf(handle.db);
    const [made, backupMs] = await timed(() => makeBackup(handle.db, source, config));
    const file = join(config.backupDir, made.fileName);
    const [verified, verifyMs] = await timed(() => verifyBackup(file, config.backupPassphrase!, source.kind === 'postgres' ? source.url : undefined));
    const target = await emptyTarget(config);
    try {
      const [, restoreMs] = await timed(() => restoreBackup(file, config.backupPassphrase!, target.config));
      const result = { clinic, database: handle.kind, rows: verified.rows, backup_mb: megabytes(made.byteSize ?? 0), backup_ms: backupMs, verify_ms: verifyMs, restore_ms: restoreMs };
      console.log(
        `${clinic} on ${handle.kind} (${verified.rows} rows): backup ${result.backup_mb} MB in ${backupMs} ms, verified by a restore in ${verifyMs} ms, restored for real in ${restoreMs} ms`,
      );
      return result;
    } finally {
      await target.drop();
    }
  } finally {
    await handle.close();
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-backup-'));
  process.env.DATA_DIR = dataDir; // the generated secrets and the backups live there
  process.env.BACKUP_PASSPHRASE ??= 'the benchmark passphrase';
  delete process.env.BACKUP_DIR;
  resetConfigForTests();
  try {
    const results = [
      await measure('demo clinic', (db) => seedDatabase(db, { demo: true, demoVisits: { now: new Date(), timeZone: 'America/Toronto' } })),
      await measure('30,000 visits', (db) => seedRecordsClinic(db)),
    ];
    console.log(JSON.stringify(results));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
