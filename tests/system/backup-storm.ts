// npm run test:backup-storm (issue #39): a backup taken by the server's own job runner in the
// middle of a booking storm (4 guests in flight), on the embedded database and on PostgreSQL.
// The backup is restored into an empty database; every booking answered 2xx before the backup
// started must be there as answered, nothing may be half-written (support/bookingAudit.ts's row
// rules), and each booking in it must hold its queued e-mails (one transaction wrote them).
// Run from the repository: APP_DIR=<built app> tsx --conditions react-server tests/system/backup-storm.ts
// Env: LOAD_DATABASE_URL (PostgreSQL server; throwaway databases are made from it and dropped),
// BACKUP_STORM_PORT (3417), BACKUP_STORM_DATA_DIR (default <tmp>/load/backup-storm).
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decryptBackup, unpackParts } from '../../lib/server/backup/archive';
import { restoreBackup } from '../../lib/server/backup/restore';
import { parseConfig } from '../../lib/server/config';
import { openDatabase } from '../../lib/server/db/client';
import { halfWrittenRows } from './support/bookingAudit';
import { createScratchDatabase, generatedSecrets } from './support/scratchDatabase';
import { startServer } from './support/server';
import { startStorm } from './support/storm';
import { formatTable, type Row } from './support/table';

const IN_FLIGHT = 4;
const PORT = Number(process.env.BACKUP_STORM_PORT ?? 3417);
const ROOT = path.resolve(process.env.BACKUP_STORM_DATA_DIR ?? path.join(tmpdir(), 'load', 'backup-storm'));
const PASSPHRASE = 'storm backups passphrase';
/** Bookings answered before the backup is set off, and after its file appeared. */
const BEFORE = 10;
const AFTER = 5;

const backupFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.age')) : []);
const until = async (what: string, test: () => boolean, storm?: { failure?: Error }, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (storm?.failure) throw storm.failure;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

async function stormCase(label: 'embedded' | 'postgres', serverUrl?: string): Promise<{ row: Row; problems: string[] }> {
  const dataDir = path.join(ROOT, label);
  const restoredDir = path.join(ROOT, `${label}-restored`);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(restoredDir, { recursive: true, force: true });
  const backupDir = path.join(dataDir, 'backups');
  const live = serverUrl ? await createScratchDatabase(serverUrl, 'clinic_backup_storm') : undefined;
  const target = serverUrl ? await createScratchDatabase(serverUrl, 'clinic_backup_restored') : undefined;
  const secrets = generatedSecrets();
  // The job runner every second: the backup starts within a second of being due.
  const env: Record<string, string> = {
    JOBS_INTERVAL_SECONDS: '1',
    GUEST_BOOKING_LIMIT_PER_HOUR: '1000000',
    BACKUP_PASSPHRASE: PASSPHRASE,
    ...(live ? { DATABASE_URL: live.url, SEED_DEMO: '1', ...secrets } : {}),
  };
  const problems: string[] = [];
  try {
    const server = await startServer({ port: PORT, dataDir, env });
    let stormed;
    let file = '';
    try {
      // The first backup is made at start, the backup directory being empty.
      await until('the first backup', () => backupFiles(backupDir).length > 0);
      const { storm, done, stop } = await startStorm(server, `backup-${label}`, IN_FLIGHT);
      try {
        await until(`${BEFORE} bookings`, () => storm.ok.length >= BEFORE, storm);
        // Its file gone (as on a new disk), a backup is due again: the next tick makes it, mid-storm.
        for (const name of backupFiles(backupDir)) rmSync(path.join(backupDir, name));
        await until('the backup made during the storm', () => backupFiles(backupDir).length > 0, storm);
        file = path.join(backupDir, backupFiles(backupDir)[0]!);
        const atFile = storm.ok.length;
        await until(`${AFTER} more bookings`, () => storm.ok.length >= atFile + AFTER, storm);
      } finally {
        stop();
        await done;
      }
      if (storm.failure) throw storm.failure;
      stormed = storm;
    } finally {
      await server.stop();
    }

    const { manifest } = unpackParts(await decryptBackup(new Uint8Array(await readFile(file)), PASSPHRASE));
    const backupStart = Date.parse(manifest.created_at);
    const config = parseConfig({ ...env, DATA_DIR: restoredDir, ...(target ? { DATABASE_URL: target.url } : {}) });
    const restoreStarted = performance.now();
    await restoreBackup(file, PASSPHRASE, config);
    const restoreMs = Math.round(performance.now() - restoreStarted);

    const handle = await openDatabase(target ? { url: target.url } : { dataDir: restoredDir });
    const before = stormed.ok.filter((booking) => booking.answeredAt < backupStart);
    let present = 0;
    let later = 0;
    let halfWritten: string[] = [];
    try {
      const rows = async (query: ReturnType<typeof sql>) => (await handle.db.execute<Record<string, unknown>>(query)).rows;
      const stored = await rows(sql`SELECT id, starts_at, employee_id, status, guest_contact ->> 'email' AS email FROM appointments WHERE guest_contact ->> 'email' LIKE ${`guest-backup-${label}-%`}`);
      const byId = new Map(stored.map((row) => [Number(row.id), row]));
      for (const booking of before) {
        const row = byId.get(booking.id);
        const same = row && row.status === 'booked' && new Date(row.starts_at as string).toISOString() === booking.start && Number(row.employee_id) === booking.employeeId && row.email === booking.email;
        if (same) present++;
        else problems.push(`${label}: booking ${booking.id}, answered before the backup started, is not in the restored database as answered`);
      }
      later = stored.length - present;
      halfWritten = await halfWrittenRows(handle.db);
      // A booking and its two e-mails (the guest's, the dietitian's) are one transaction.
      for (const row of stored) {
        const [mail] = await rows(sql`SELECT count(*)::int AS n FROM mail_queue WHERE lower(recipient) = lower(${String(row.email)})`);
        if (Number(mail?.n ?? 0) < 1) halfWritten.push(`appointment ${String(row.id)}: restored without its confirmation in the queue`);
      }
    } finally {
      await handle.close();
    }
    problems.push(...halfWritten.map((problem) => `${label}: ${problem}`));
    if (before.length < BEFORE) problems.push(`${label}: only ${before.length} bookings were answered before the backup started`);
    if (stormed.other.length > 0) problems.push(`${label}: bookings of free slots answered ${stormed.other.join(', ')}`);
    return {
      problems,
      row: {
        database: label,
        'answered 2xx': stormed.ok.length,
        'before the backup': before.length,
        'present after restore': present,
        'in it, answered later': later,
        'half-written': halfWritten.length,
        'backup MB': (statSync(file).size / 1024 / 1024).toFixed(1),
        'restore ms': restoreMs,
      },
    };
  } finally {
    await live?.drop();
    await target?.drop();
  }
}

async function main(): Promise<void> {
  const serverUrl = process.env.LOAD_DATABASE_URL;
  const results = [await stormCase('embedded')];
  if (serverUrl) results.push(await stormCase('postgres', serverUrl));
  console.log(`\nA backup made by the job runner during a booking storm (${IN_FLIGHT} guests in flight), restored into an empty database\n`);
  console.log(formatTable(results.map((result) => result.row)));
  const problems = results.flatMap((result) => result.problems);
  // Never a silent skip: CI sets it, and a run without PostgreSQL is not a passing run.
  if (!serverUrl) problems.push('The PostgreSQL case was not run: it needs LOAD_DATABASE_URL, e.g. postgres://clinic:clinic@localhost:5432/clinic');
  if (problems.length > 0) {
    console.error(`\nFAILED:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log('\nEvery booking answered before the backup started is in the restored database, and nothing in it is half-written.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
