import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { serviceSlugs } from '@/lib/i18n/routing';
import { verifyPassword } from '@/lib/server/auth/passwords';
import { parseConfig } from '@/lib/server/config';
import { openDatabase, type Database } from '@/lib/server/db/client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import * as schema from '@/lib/server/db/schema';
import { DEMO_DIETITIAN, DEMO_PATIENT, seedDatabase } from '@/lib/server/db/seed';
import { getSecret } from '@/lib/server/secrets';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { createTestDatabase, type TestDatabase, type TestDatabaseState } from './support/db';

const open: TestDatabase[] = [];
async function database(state: TestDatabaseState): Promise<TestDatabase> {
  const handle = await createTestDatabase({ state });
  open.push(handle);
  return handle;
}
afterAll(async () => {
  await Promise.all(open.map((handle) => handle.close()));
});

const temporaryDirs: string[] = [];
function temporaryDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'clinic-db-test-'));
  temporaryDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of temporaryDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function rows<T extends Record<string, unknown>>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute<T>(query)).rows;
}

/** Every table's full content, to compare before and after a second seed. */
async function contents(db: Database) {
  const tables = [
    schema.provinces,
    schema.countries,
    schema.services,
    schema.skills,
    schema.offices,
    schema.users,
    schema.patientProfiles,
    schema.employeeProfiles,
    schema.employeeSkills,
    schema.weeklySchedules,
  ];
  return Promise.all(tables.map((table) => db.select().from(table).orderBy(sql`1, 2`)));
}

describe('migrations', () => {
  it('create every table and btree_gist on an empty database, and a second run does nothing', async () => {
    const { db, kind } = await database('empty');
    expect(kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    await migrateDatabase(db, kind);

    const tables = await rows<{ table_name: string }>(
      db,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['users', 'sessions', 'services', 'offices', 'weekly_schedules', 'employee_skills', 'provinces']),
    );
    const extensions = await rows<{ extname: string }>(db, sql`SELECT extname FROM pg_extension`);
    expect(extensions.map((e) => e.extname)).toContain('btree_gist');

    const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: unknown[] };
    const applied = async () => (await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0]!.n;
    expect(await applied()).toBe(journal.entries.length);
    await migrateDatabase(db, kind);
    expect(await applied()).toBe(journal.entries.length);
  });

  it('0011 gives the visits moved before issue 27 their payments and first booking date on the last row of each chain of moves', async () => {
    const { db } = await database('demo');
    const [patient] = await db.select().from(schema.users).where(eq(schema.users.email, DEMO_PATIENT.email));
    const [dietitian] = await db.select().from(schema.users).where(eq(schema.users.email, DEMO_DIETITIAN.email));
    const [service] = await db.select().from(schema.services).limit(1);
    const [office] = await db.select().from(schema.offices).limit(1);
    const DAY = 86_400_000;
    // As the old code left it: booked on day 1, moved on day 2, then on day 3; paid on the first two rows.
    const chain: (typeof schema.appointments.$inferSelect)[] = [];
    for (const [i, status] of (['cancelled', 'cancelled', 'booked'] as const).entries()) {
      const startsAt = new Date(Date.now() + (40 + i) * DAY);
      const [row] = await db
        .insert(schema.appointments)
        .values({
          patientId: patient!.id,
          employeeId: dietitian!.id,
          serviceId: service!.id,
          officeId: office!.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3_000_000),
          blockedUntil: new Date(startsAt.getTime() + 3_600_000),
          sessionLanguage: 'en',
          reasons: [1],
          status,
          priceCents: 10000,
          taxCents: 0,
          totalCents: 10000,
          cancelledAt: status === 'cancelled' ? new Date() : null,
          rescheduledFromId: chain.at(-1)?.id ?? null,
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        })
        .returning();
      chain.push(row!);
    }
    const paid = (appointmentId: number, amountCents: number) =>
      db.insert(schema.payments).values({ appointmentId, amountCents, method: 'card', paidOn: '2026-01-02', recordedBy: dietitian!.id }).returning();
    await paid(chain[0]!.id, 4000);
    await paid(chain[1]!.id, 6000);
    const statements = readFileSync('drizzle/0011_moved_visits_keep_their_payments.sql', 'utf8').split('--> statement-breakpoint');
    const migrate = async () => {
      for (const statement of statements) await db.execute(sql.raw(statement));
    };
    await migrate();
    const paymentsOf = async (id: number) => (await db.select().from(schema.payments).where(eq(schema.payments.appointmentId, id))).map((p) => p.amountCents).sort();
    expect(await paymentsOf(chain[2]!.id)).toEqual([4000, 6000]);
    expect(await paymentsOf(chain[0]!.id)).toEqual([]);
    const createdAt = async () => (await Promise.all(chain.map((row) => db.select().from(schema.appointments).where(eq(schema.appointments.id, row.id))))).map(([row]) => row!.createdAt.toISOString());
    expect(await createdAt()).toEqual(Array(3).fill(new Date(Date.UTC(2026, 0, 1)).toISOString()));
    // Again: nothing moves.
    await migrate();
    expect(await paymentsOf(chain[2]!.id)).toEqual([4000, 6000]);
  });

  it('enforce the schema rules: a weekly block must start before it ends', async () => {
    const { db } = await database('demo');
    const [block] = await db.select().from(schema.weeklySchedules).limit(1);
    await expect(
      db.update(schema.weeklySchedules).set({ endMinute: block!.startMinute }).where(eq(schema.weeklySchedules.id, block!.id)),
    ).rejects.toThrow();
  });
});

describe('seed', () => {
  it('is idempotent: a second run changes no row', async () => {
    const { db } = await database('demo');
    const before = await contents(db);
    await seedDatabase(db, { demo: true });
    expect(await contents(db)).toEqual(before);
    expect(before.every((table) => table.length > 0)).toBe(true);
  });

  it('holds the services of SPEC §9, named as the pages name them, in both languages', async () => {
    const { db } = await database('reference');
    const services = await db.select().from(schema.services);
    expect(services.map((s) => s.slug).sort()).toEqual([...serviceSlugs].sort());
    const bySlug = new Map(services.map((s) => [s.slug, s]));
    const table = {
      'nutrition-evaluation': [50, 135_00, false],
      'nutrition-plan': [50, 150_00, false],
      'follow-up': [20, 80_00, false],
      'grocery-store-tour': [60, 150_00, false],
      'bio-impedance-test': [10, 35_00, true],
    } as const;
    for (const [slug, [minutes, cents, taxIncluded]] of Object.entries(table)) {
      const service = bySlug.get(slug)!;
      expect([service.clientDurationMinutes, service.basePriceCents, service.taxIncluded], slug).toEqual([minutes, cents, taxIncluded]);
      expect(service.currency).toBe('CAD');
    }
    for (const slug of serviceSlugs) {
      const service = bySlug.get(slug)!;
      expect(service.nameEn).toBe(en.Services[slug].name);
      expect(service.nameFr).toBe(fr.Services[slug].name);
      expect(service.shortDescriptionFr).toBe(fr.Services[slug].short);
      expect(service.longDescriptionEn.length).toBeGreaterThan(150);
      expect(service.longDescriptionFr.length).toBeGreaterThan(150);
    }
    const followUp = bySlug.get('follow-up')!;
    expect(followUp.enforcePrerequisite).toBe(true);
    expect(followUp.prerequisiteServiceId).toBe(bySlug.get('nutrition-evaluation')!.id);
    expect(services.filter((s) => s.allowGuestBooking).length).toBeGreaterThanOrEqual(2);
    // Consultations with a registered dietitian are HST-exempt in Ontario.
    expect(bySlug.get('nutrition-evaluation')!.isTaxable).toBe(false);
  });

  it('holds the 13 provinces and territories, the offices and the reasons for visit', async () => {
    const { db } = await database('reference');
    const provinces = await db.select().from(schema.provinces);
    expect(provinces).toHaveLength(13);
    expect(provinces.find((p) => p.code === 'QC')).toEqual({ code: 'QC', nameEn: 'Quebec', nameFr: 'Québec' });
    const countries = (await db.select().from(schema.countries)).map((c) => c.code);
    expect(countries).toEqual(expect.arrayContaining(['CA', 'US', 'FR']));
    const offices = await db.select().from(schema.offices);
    expect(offices.filter((o) => o.isVirtual)).toHaveLength(1);
    for (const office of offices.filter((o) => !o.isVirtual)) {
      expect(office.postalCode).toMatch(/^[A-Z]\d[A-Z]\d[A-Z]\d$/);
      expect(office.googleMapsLink).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    }
    expect((await db.select().from(schema.skills)).length).toBeGreaterThanOrEqual(10);
  });

  it('adds people only with demo data: dietitians with hours, and the two demo accounts', async () => {
    const { db: reference } = await database('reference');
    expect(await reference.select().from(schema.users)).toEqual([]);

    const { db } = await database('demo');
    const [patient] = await db.select().from(schema.users).where(eq(schema.users.email, DEMO_PATIENT.email));
    const [dietitian] = await db.select().from(schema.users).where(eq(schema.users.email, DEMO_DIETITIAN.email));
    expect(patient).toMatchObject({ isPatient: true, isEmployee: false });
    expect(dietitian).toMatchObject({ isEmployee: true, isAdmin: true });
    expect(patient!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(patient!.passwordHash, DEMO_PATIENT.password)).toBe(true);
    expect(await verifyPassword(dietitian!.passwordHash, DEMO_DIETITIAN.password)).toBe(true);
    expect(await verifyPassword(dietitian!.passwordHash, DEMO_PATIENT.password)).toBe(false);

    const profiles = await db.select().from(schema.employeeProfiles);
    expect(profiles.length).toBeGreaterThanOrEqual(4);
    expect(profiles.some((p) => p.languages.join() === 'fr')).toBe(true);
    expect(profiles.some((p) => p.languages.join() === 'en')).toBe(true);
    const schedules = await db.select().from(schema.weeklySchedules);
    for (const profile of profiles) {
      expect(schedules.filter((s) => s.employeeId === profile.userId).length, `hours of ${profile.userId}`).toBeGreaterThan(0);
    }
  });
});

describe('configuration', () => {
  it('has working defaults and turns demo data on only for the embedded database', () => {
    const embedded = parseConfig({});
    expect(embedded).toMatchObject({ port: 3000, clinicTimezone: 'America/Toronto', bookingTokenTtlSeconds: 1800, seedDemo: true });
    expect(embedded.dataDir).toBe(path.resolve('.data'));
    expect(embedded.mailFrom).toBe('Équilibre Nutrition <info@equilibrenutrition.ca>');
    expect(parseConfig({ DATABASE_URL: 'postgres://u:p@db/clinic' }).seedDemo).toBe(false);
    expect(parseConfig({ DATABASE_URL: 'postgres://u:p@db/clinic', SEED_DEMO: 'on' }).seedDemo).toBe(true);
    expect(parseConfig({ SEED_DEMO: 'FALSE' }).seedDemo).toBe(false);
    expect(parseConfig({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
    expect(embedded.mailClaimSeconds).toBe(120);
    expect(parseConfig({ MAIL_CLAIM_SECONDS: '10' }).mailClaimSeconds).toBe(10);
    expect(embedded.mailRetrySeconds).toBe(30);
    expect(parseConfig({ MAIL_RETRY_SECONDS: '3' }).mailRetrySeconds).toBe(3);
    expect(() => parseConfig({ SITE_URL: 'https://www.example.ca/' })).not.toThrow();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/clinic'],
    ['SEED_DEMO', 'maybe'],
    ['CLINIC_TIMEZONE', 'Ottawa/Centretown'],
    ['BOOKING_TOKEN_TTL_SECONDS', '-5'],
    ['MAIL_CLAIM_SECONDS', '2'],
    ['MAIL_RETRY_SECONDS', '0'],
    ['CLINIC_EMAIL', 'not an address'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['APP_SECRET', 'short'],
    ['SITE_URL', 'www.example.ca'],
    ['SITE_URL', 'https://www.example.ca/clinic'],
  ])('rejects %s=%s with an error naming the variable', (variable, value) => {
    expect(() => parseConfig({ [variable]: value })).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it('never repeats a bad secret in its error', () => {
    expect(() => parseConfig({ APP_SECRET: 'hunter2-secret' })).toThrow(/^(?!.*hunter2).*APP_SECRET/);
  });
});

describe('secrets', () => {
  it('are generated once into $DATA_DIR/secrets (0600, directory 0700) and reused', () => {
    const dataDir = temporaryDir();
    const config = parseConfig({ DATA_DIR: dataDir });
    const secret = getSecret('app-secret', config);
    const file = path.join(dataDir, 'secrets', 'app-secret');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(readFileSync(file, 'utf8')).toBe(secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(getSecret('app-secret', config)).toBe(secret);
    expect(getSecret('intake-key', config)).not.toBe(secret);
    // A new process (no memory of the first call) reads the same file.
    expect(getSecret('app-secret', parseConfig({ DATA_DIR: `${dataDir}/.` }))).toBe(secret);
  });

  it('come from the environment when set, and are required there with DATABASE_URL', () => {
    const dataDir = temporaryDir();
    const fromEnv = 'x'.repeat(40);
    expect(getSecret('intake-key', parseConfig({ DATA_DIR: dataDir, INTAKE_ENCRYPTION_KEY: fromEnv }))).toBe(fromEnv);
    expect(existsSync(path.join(dataDir, 'secrets', 'intake-key'))).toBe(false);
    const server = parseConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://u:p@db/clinic' });
    expect(() => getSecret('app-secret', server)).toThrow(/APP_SECRET is required when DATABASE_URL is set/);
    expect(() => getSecret('intake-key', server)).toThrow(/INTAKE_ENCRYPTION_KEY is required/);
  });
});

/** Runs support/open-data-dir.ts in another process, as a second copy of the app would. */
function openInAnotherProcess(dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions', 'react-server', 'tests/integration/support/open-data-dir.ts', dataDir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the embedded database lock', () => {
  it('makes a second process fail loudly while the first keeps working, and frees the directory on close', async () => {
    const dataDir = temporaryDir();
    const first = await openDatabase({ dataDir });
    try {
      await first.db.execute(sql`CREATE TABLE probe (id serial PRIMARY KEY)`);
      await first.db.execute(sql`INSERT INTO probe DEFAULT VALUES`);

      const second = await openInAnotherProcess(dataDir);
      expect(second.code).not.toBe(0);
      expect(second.stderr).toContain(`The embedded database in ${path.join(dataDir, 'pglite')} is in use by process ${process.pid}`);
      expect(second.stderr).toContain('set DATABASE_URL to use PostgreSQL');

      await first.db.execute(sql`INSERT INTO probe DEFAULT VALUES`);
      expect(await rows<{ n: number }>(first.db, sql`SELECT count(*)::int AS n FROM probe`)).toEqual([{ n: 2 }]);
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    // Once closed, another process opens it and sees every committed row.
    const later = await openInAnotherProcess(dataDir);
    expect(later.stderr).toBe('');
    expect(later.code).toBe(0);
    expect(JSON.parse(later.stdout)).toEqual({ rows: 2 });
  });

  it('replaces a stale lock left by a process that is gone', async () => {
    const dataDir = temporaryDir();
    const gone = spawn(process.execPath, ['-e', '']);
    const deadPid = await new Promise<number>((resolve) => gone.on('close', () => resolve(gone.pid!)));
    writeFileSync(path.join(dataDir, 'pglite.lock'), JSON.stringify({ pid: deadPid, started_at: '2026-01-01T00:00:00Z' }));

    const handle = await openDatabase({ dataDir });
    try {
      expect(JSON.parse(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
      // The same process may not open it twice either.
      await expect(openDatabase({ dataDir })).rejects.toThrow(/already open in this process/);
    } finally {
      await handle.close();
    }
  });
});
