import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET as healthRoute } from '@/app/api/health/route';
import { intakeSubmissionSchema } from '@/lib/schemas/intake';
import { decryptBackup, encryptBackup, packParts, unpackParts } from '@/lib/server/backup/archive';
import { BackupError } from '@/lib/server/backup/errors';
import { runBackupJob } from '@/lib/server/backup/job';
import { makeBackup } from '@/lib/server/backup/make';
import { pruneBackups } from '@/lib/server/backup/prune';
import { restoreBackup } from '@/lib/server/backup/restore';
import { backupSourceOf } from '@/lib/server/backup/source';
import { tableStats } from '@/lib/server/backup/tables';
import { verifyBackup } from '@/lib/server/backup/verify';
import { getConfig, resetConfigForTests, type AppConfig } from '@/lib/server/config';
import { openDatabase, type Database } from '@/lib/server/db/client';
import * as schema from '@/lib/server/db/schema';
import { backups, groupTopics, intakeSubmissions, mailQueue, users } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN, DEMO_PATIENT } from '@/lib/server/db/seed';
import { addHandout } from '@/lib/server/groups/handouts';
import { decryptJson, submissionContext } from '@/lib/server/intake/crypto';
import { submitIntake } from '@/lib/server/intake/submit';
import { completeIntakeSubmission } from '../support/intakeAnswers';
import { demoClinic } from './support/clinic';
import { callResponse } from './support/http';
import { withAdmin } from './support/postgresAdmin';

/**
 * Backups (issue #39), on whichever database the suite runs on: PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set (pg_dump and pg_restore then do the work).
 */
const clinic = demoClinic('backups');
const PASSPHRASE = 'a long and private passphrase';
const adminUrl = process.env.TEST_DATABASE_URL;
let db: Database;
let backupDir = '';
let config: AppConfig;

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  backupDir = join(clinic.dataDir, 'backups');
  process.env.BACKUP_PASSPHRASE = PASSPHRASE;
  process.env.BACKUP_DIR = backupDir;
  resetConfigForTests();
  config = getConfig();
});
afterAll(async () => {
  delete process.env.BACKUP_PASSPHRASE;
  delete process.env.BACKUP_DIR;
  resetConfigForTests();
  await clinic.close();
});
afterEach(async () => {
  await db.delete(backups);
  rmSync(backupDir, { recursive: true, force: true });
});

const serverUrl = () => (adminUrl ? (backupSourceOf(db) as { url: string }).url : undefined);
const statsOf = (database: Database) =>
  database.transaction(async (tx) => tableStats(async (text) => (await tx.execute<Record<string, unknown>>(sql.raw(text))).rows));

/** An intake form sent by the demo patient: answers encrypted with the intake key. */
async function sendIntake(): Promise<string> {
  const [patient] = await db.select().from(users).where(eq(users.email, DEMO_PATIENT.email));
  const form = intakeSubmissionSchema.parse(completeIntakeSubmission());
  return (await submitIntake(db, form, { ip: '203.0.113.9', user: patient! })).publicId;
}

/** A database the backup is restored into for real: a new DATA_DIR, or an empty PostgreSQL database. */
async function restoreTarget(): Promise<{ config: AppConfig; open: () => Promise<{ db: Database; close: () => Promise<void> }>; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-restored-'));
  const target: AppConfig = { ...config, dataDir, handoutsDir: join(dataDir, 'handouts') };
  if (!adminUrl) {
    return {
      config: target,
      open: async () => openDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `restored_${randomBytes(5).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { ...target, databaseUrl: url.toString() },
    open: async () => openDatabase({ url: url.toString() }),
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

describe('a backup, proven and restored', () => {
  it('restores the same rows in every table, the handouts byte for byte, and intake answers that still open with the key', async () => {
    const publicId = await sendIntake();
    const [topic] = await db.select({ id: groupTopics.id }).from(groupTopics).limit(1);
    const [dietitian] = await db.select().from(users).where(eq(users.email, DEMO_DIETITIAN.email));
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(5000)]);
    const handout = await addHandout(db, { owner: { kind: 'topic', id: topic!.id }, file: new File([pdf], 'Recettes.pdf'), by: dietitian!.id });
    const before = await statsOf(db);

    const made = await makeBackup(db, backupSourceOf(db), config);
    expect(made.status).toBe('made');
    const file = join(backupDir, made.fileName);
    expect(readdirSync(backupDir)).toEqual([made.fileName]);
    // Encrypted: neither the intake form's id nor the handout's bytes are readable in the file.
    const sealed = readFileSync(file);
    expect(sealed.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    // Sealed with scrypt at the configured work factor, which the header records.
    expect(sealed.subarray(0, 200).toString('latin1')).toMatch(new RegExp(`\\n-> scrypt \\S+ ${config.backupScryptWorkFactor}\\n`));
    expect(sealed.includes(Buffer.from(publicId))).toBe(false);

    const verified = await verifyBackup(file, PASSPHRASE, serverUrl());
    expect(verified.rows).toBe(Object.values(before).reduce((sum, table) => sum + table.rows, 0));
    expect(verified.intakeKeyMatches).toBe(true);
    expect(verified.manifest.tables).toEqual(before);
    // The intake key is never inside.
    const { parts } = unpackParts(await decryptBackup(new Uint8Array(sealed), PASSPHRASE));
    expect([...parts.keys()].some((path) => path.includes('intake-key'))).toBe(false);

    const target = await restoreTarget();
    try {
      const restored = await restoreBackup(file, PASSPHRASE, target.config);
      expect(restored.intakeKeyMatches).toBe(true);
      const opened = await target.open();
      try {
        expect(await statsOf(opened.db)).toEqual(before);
        const [row] = await opened.db.select().from(intakeSubmissions).where(eq(intakeSubmissions.publicId, publicId));
        const answers = decryptJson(row!.encryptedAnswers, submissionContext(publicId)) as { contact: { email: string } };
        expect(answers.contact.email).toBe((completeIntakeSubmission().answers.contact as { email: string }).email);
      } finally {
        await opened.close();
      }
      const [stored] = await db.select().from(schema.handouts).where(eq(schema.handouts.id, handout.id));
      expect(readFileSync(join(target.config.handoutsDir, stored!.storedName)).equals(pdf)).toBe(true);
      // Restored once, refused the second time: the database is no longer empty.
      await expect(restoreBackup(file, PASSPHRASE, target.config)).rejects.toMatchObject({ code: 'not_empty' });
    } finally {
      await target.drop();
    }
  });

  it("seals with age's own scrypt work factor, 2^18, unless the configuration asks for less", async () => {
    const saved = process.env.BACKUP_SCRYPT_WORK_FACTOR;
    delete process.env.BACKUP_SCRYPT_WORK_FACTOR;
    resetConfigForTests();
    let byDefault: number;
    try {
      byDefault = getConfig().backupScryptWorkFactor;
    } finally {
      process.env.BACKUP_SCRYPT_WORK_FACTOR = saved;
      resetConfigForTests();
    }
    expect(byDefault).toBe(18);
    const sealed = Buffer.from(await encryptBackup(new Uint8Array([1, 2, 3]), PASSPHRASE, byDefault));
    expect(sealed.subarray(0, 200).toString('latin1')).toMatch(/\n-> scrypt \S+ 18\n/);
    expect([...(await decryptBackup(new Uint8Array(sealed), PASSPHRASE))]).toEqual([1, 2, 3]);
  });

  it('refuses a wrong passphrase, a cut or altered file and a newer version, each with its message', async () => {
    const made = await makeBackup(db, backupSourceOf(db), config);
    const file = join(backupDir, made.fileName);
    const failure = async (path: string, passphrase = PASSPHRASE) => {
      const error = await verifyBackup(path, passphrase, serverUrl()).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(BackupError);
      return error as BackupError;
    };
    expect(await failure(file, 'not the passphrase at all')).toMatchObject({
      code: 'wrong_passphrase',
      message: 'The passphrase does not open this backup. Use the BACKUP_PASSPHRASE it was made with.',
    });
    const bytes = readFileSync(file);
    const cut = join(backupDir, 'cut.age');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(await failure(cut)).toMatchObject({ code: 'corrupted', message: 'The backup cannot be read: it is cut short or damaged.' });
    const altered = join(backupDir, 'altered.age');
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 100]! ^= 0xff;
    writeFileSync(altered, flipped);
    expect((await failure(altered)).code).toBe('corrupted');

    // The same parts, with a manifest naming a migration this version does not know.
    const { manifest, parts } = unpackParts(await decryptBackup(new Uint8Array(bytes), PASSPHRASE));
    const newer = { ...manifest, app_version: '9.0.0', migration: { count: manifest.migration.count + 1, last: '9999_from_the_future' } };
    const future = join(backupDir, 'future.age');
    writeFileSync(future, await encryptBackup(packParts([...parts].map(([path, data]) => ({ path, bytes: data })), newer), PASSPHRASE, config.backupScryptWorkFactor));
    expect(await failure(future)).toMatchObject({ code: 'newer_version', message: expect.stringContaining('newer version of the site (9.0.0') });
  });

  it('leaves no file that looks like a backup when one fails, and records why', async () => {
    // The backup directory cannot be made: its parent is a file.
    const blocked = join(clinic.dataDir, 'not-a-directory');
    writeFileSync(blocked, 'x');
    const broken = { ...config, backupDir: join(blocked, 'backups') };
    await expect(makeBackup(db, backupSourceOf(db), broken)).rejects.toThrow();
    const [row] = await db.select().from(backups);
    expect(row).toMatchObject({ status: 'failed', error: 'failed', byteSize: null });
    expect(existsSync(broken.backupDir)).toBe(false);
    rmSync(blocked);
  });
});

describe('the backup job', () => {
  it('makes the first backup at once, then none until the interval has passed; without a passphrase, none at all', async () => {
    const now = new Date('2026-11-28T15:00:00Z');
    expect(await runBackupJob(db, now, { ...config, backupPassphrase: undefined })).toMatchObject({ state: 'off' });
    expect(await db.select().from(backups)).toEqual([]);
    expect(await runBackupJob(db, now, config)).toMatchObject({ state: 'made' });
    expect(await runBackupJob(db, new Date(now.getTime() + 23 * 3_600_000), config)).toMatchObject({ state: 'not_due' });
    expect(await runBackupJob(db, new Date(now.getTime() + 24 * 3_600_000), config)).toMatchObject({ state: 'made' });
    // Its file gone (a new disk): due again at once.
    rmSync(backupDir, { recursive: true, force: true });
    expect(await runBackupJob(db, new Date(now.getTime() + 25 * 3_600_000), config)).toMatchObject({ state: 'made' });
  });

  it('verifies the newest backup at the quiet hour, and reports its age at /api/health', async () => {
    // 08:00 UTC is 03:00 in Ottawa in November: BACKUP_VERIFY_HOUR's default.
    const quiet = new Date('2026-11-28T08:00:00Z');
    expect(await runBackupJob(db, quiet, config)).toMatchObject({ state: 'made', verified: 1 });
    const [row] = await db.select().from(backups);
    expect(row).toMatchObject({ status: 'verified' });
    const health = await callResponse(healthRoute as never, '/api/health');
    expect(health.status).toBe(200);
    const body = (await health.json()) as { status: string; backup: { last_verified_at: string; age_hours: number } };
    expect(body.status).toBe('ok');
    expect(body.backup.last_verified_at).toBe(row!.startedAt.toISOString());
  });

  it('e-mails the administrators when a backup fails, once a day, and tries again an hour later', async () => {
    const broken = { ...config, backupDir: join(clinic.dataDir, 'blocked', 'backups') };
    writeFileSync(join(clinic.dataDir, 'blocked'), 'x');
    const alerts = async () => (await db.select({ n: count() }).from(mailQueue).where(eq(mailQueue.purpose, 'backup alert')))[0]!.n;
    const before = await alerts();
    const admins = (await db.select({ n: count() }).from(users).where(eq(users.isAdmin, true)))[0]!.n;
    const now = new Date('2026-11-28T15:00:00Z');
    expect(await runBackupJob(db, now, broken)).toMatchObject({ state: 'failed' });
    expect(await alerts()).toBe(before + admins);
    expect(await runBackupJob(db, new Date(now.getTime() + 30 * 60_000), broken)).toMatchObject({ state: 'not_due' });
    expect(await runBackupJob(db, new Date(now.getTime() + 61 * 60_000), broken)).toMatchObject({ state: 'failed' });
    expect(await alerts()).toBe(before + admins);
    rmSync(join(clinic.dataDir, 'blocked'));
  });

  it('makes one backup when two instances run the job at the same moment', async () => {
    const now = new Date('2026-11-28T15:00:00Z');
    // On PostgreSQL a second instance is a second pool; PGlite has one process, one client.
    const pool = adminUrl ? new Pool({ connectionString: serverUrl() }) : null;
    const other = pool ? (drizzle({ client: pool, schema }) as unknown as Database) : db;
    try {
      const states = (await Promise.all([runBackupJob(db, now, config), runBackupJob(other, now, config)])).map((run) => run.state);
      // The other one found the lock taken, or, having waited for it, nothing due.
      expect(states.filter((state) => state === 'made')).toHaveLength(1);
      expect(states.filter((state) => state === 'busy' || state === 'not_due')).toHaveLength(1);
      expect(await db.select().from(backups)).toHaveLength(1);
      expect(readdirSync(backupDir)).toHaveLength(1);
    } finally {
      await pool?.end();
    }
  });
});

describe('pruning', () => {
  it('keeps 7 daily, 4 weekly and 12 monthly backups out of a year of daily ones', async () => {
    mkdirSync(backupDir, { recursive: true });
    const first = Date.parse('2025-11-29T07:00:00Z');
    const names: string[] = [];
    for (let day = 0; day < 365; day++) {
      const startedAt = new Date(first + day * 86_400_000);
      const fileName = `clinic-backup-${startedAt.toISOString().slice(0, 10)}.age`;
      names.push(fileName);
      writeFileSync(join(backupDir, fileName), 'x');
      await db.insert(backups).values({ fileName, status: 'made', databaseKind: 'pglite', startedAt, finishedAt: startedAt, byteSize: 1 });
    }
    expect(names.at(-1)).toBe('clinic-backup-2026-11-28.age');
    expect(await pruneBackups(db, config)).toBe(365 - 20);
    const kept = readdirSync(backupDir).map((name) => name.slice(14, 24)).sort();
    expect(kept).toEqual([
      // Monthly: the last of each of the 12 months, December 2025 to November 2026.
      '2025-12-31', '2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30', '2026-07-31', '2026-08-31', '2026-09-30', '2026-10-31',
      // Weekly: the last of each ISO week before this one (Sundays).
      '2026-11-08', '2026-11-15',
      // Daily: the last 7 days (this week's and last Sunday's count as weekly too).
      '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28',
    ]);
    const statuses = await db.select({ status: backups.status, n: count() }).from(backups).groupBy(backups.status);
    expect(Object.fromEntries(statuses.map((row) => [row.status, row.n]))).toEqual({ made: 20, pruned: 345 });
  });
});
