import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { createSession } from '@/lib/server/auth/sessions';
import { resetConfigForTests } from '@/lib/server/config';
import { setDatabaseForTests, type Database } from '@/lib/server/db/client';
import { offices, services, skills, users } from '@/lib/server/db/schema';
import { createTestDatabase, type TestDatabase } from './db';
import type { Catalog } from './booking';
import { deliverMail } from './mail';

/**
 * The seeded demo clinic for the booking tests: a fresh test database, an outbox in a directory
 * of its own, the ids of services, skills and offices by slug, and helpers for people and
 * sessions. `catalog` exists at once (empty) so a booking driver can be built beside it; `open`
 * fills it in.
 */
export function demoClinic(name: string) {
  const catalog: Catalog = { serviceId: {}, skillId: {}, officeId: {} };
  let testDb: TestDatabase | undefined;
  let dataDir = '';
  const clinic = {
    catalog,
    db: undefined as unknown as Database,
    /** The outbox directory of this file's bookings. */
    get dataDir() {
      return dataDir;
    },
    async open() {
      dataDir = mkdtempSync(join(tmpdir(), `clinic-${name}-`));
      process.env.DATA_DIR = dataDir; // before the first e-mail: the outbox lives under it
      resetConfigForTests();
      testDb = await createTestDatabase();
      clinic.db = testDb.db;
      setDatabaseForTests(clinic.db);
      for (const row of await clinic.db.select().from(services)) catalog.serviceId[row.slug] = row.id;
      for (const row of await clinic.db.select().from(skills)) catalog.skillId[row.slug] = row.id;
      for (const row of await clinic.db.select().from(offices)) catalog.officeId[row.slug] = row.id;
    },
    async close() {
      if (testDb) await deliverMail(); // no background e-mail run outlives the database
      setDatabaseForTests(null);
      await testDb?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async userId(email: string): Promise<number> {
      const [row] = await clinic.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return row!.id;
    },
    /** A session cookie for the user. */
    async cookieFor(id: number): Promise<string> {
      const [user] = await clinic.db.select().from(users).where(eq(users.id, id));
      return `session=${(await createSession(clinic.db, user!)).token}`;
    },
    /** A second patient account, Béa B (no password: tests sign in with a session). */
    async addPatientB(): Promise<number> {
      const [row] = await clinic.db
        .insert(users)
        .values({ email: 'patient-b@example.test', passwordHash: 'not-a-hash', firstName: 'Béa', lastName: 'B', isPatient: true })
        .returning({ id: users.id });
      return row!.id;
    },
  };
  return clinic;
}
