import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq, inArray, isNull } from 'drizzle-orm';
import { hashPassword } from '@/lib/server/auth/passwords';
import type { Database } from '../client';
import { employeeProfiles, employeeSkills, patientProfiles, skills, users, weeklySchedules } from '../schema';
import { DEMO_DIETITIAN, DEMO_PATIENT } from './demoCredentials';
import type { OfficeSlug } from './offices';
import { demoTeam, minutesAfterMidnight, type Dietitian } from './team';

const demoPatient = {
  email: DEMO_PATIENT.email,
  firstName: 'Alex',
  lastName: 'Martin',
  phone: '16135550188',
  preferredLanguage: 'en' as const,
  address: {
    streetNumber: '245',
    streetName: 'Bank Street',
    unitNumber: '3',
    city: 'Ottawa',
    provinceCode: 'ON',
    countryCode: 'CA',
    postalCode: 'K2P1X4',
  },
};

/**
 * Password hashes for the demo accounts that do not exist yet. Computed before the seed's
 * transaction (argon2 takes a while) and never for existing accounts, so a second run changes
 * nothing. The dietitians other than the demo one get an unguessable password.
 */
export async function hashNewDemoPasswords(db: Database): Promise<Map<string, string>> {
  const accounts = [
    ...demoTeam.map((d) => ({ email: d.email, password: d.password })),
    { email: DEMO_PATIENT.email, password: DEMO_PATIENT.password },
  ];
  const emails = accounts.map((a) => a.email);
  const existing = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  const known = new Set(existing.map((row) => row.email));
  const hashes = new Map<string, string>();
  for (const { email, password } of accounts) {
    if (!known.has(email)) hashes.set(email, await hashPassword(password ?? randomBytes(32).toString('base64url')));
  }
  return hashes;
}

/**
 * Creates the demo dietitians and the demo patient that do not exist yet. People are created
 * once: an existing account, its profile, skills and hours are left as they are now.
 */
export async function seedDemoPeople(
  db: Database,
  hashes: Map<string, string>,
  officeIds: Map<OfficeSlug, number>,
): Promise<void> {
  const skillRows = await db.select({ id: skills.id, slug: skills.slug }).from(skills);
  const skillIds = new Map(skillRows.map((row) => [row.slug, row.id]));
  for (const dietitian of demoTeam) {
    const passwordHash = hashes.get(dietitian.email);
    if (passwordHash === undefined) continue;
    const userId = await insertUserIfNew(db, {
      email: dietitian.email,
      passwordHash,
      firstName: dietitian.firstName,
      lastName: dietitian.lastName,
      preferredLanguage: dietitian.preferredLanguage,
      isEmployee: true,
      isAdmin: dietitian.isAdmin,
    });
    if (userId !== undefined) await addDietitianDetails(db, userId, dietitian, skillIds, officeIds);
  }

  const patientHash = hashes.get(demoPatient.email);
  if (patientHash === undefined) return;
  const { address, ...person } = demoPatient;
  const patientId = await insertUserIfNew(db, { ...person, passwordHash: patientHash, isPatient: true });
  if (patientId === undefined) return;
  const [preferred] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_DIETITIAN.email));
  await db.insert(patientProfiles).values({ userId: patientId, ...address, preferredDietitianId: preferred?.id ?? null });
}

/** The new user's id; undefined when the e-mail is taken (by an earlier run, or a racing one). */
async function insertUserIfNew(db: Database, values: typeof users.$inferInsert): Promise<number | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, emailVerifiedAt: new Date() })
    .onConflictDoNothing({ target: users.email, where: isNull(users.closedAt) })
    .returning({ id: users.id });
  return row?.id;
}

async function addDietitianDetails(
  db: Database,
  userId: number,
  dietitian: Dietitian,
  skillIds: Map<string, number>,
  officeIds: Map<OfficeSlug, number>,
): Promise<void> {
  const { titleEn, titleFr, bioEn, bioFr, languages, registrationNumber } = dietitian;
  await db.insert(employeeProfiles).values({ userId, titleEn, titleFr, bioEn, bioFr, languages, registrationNumber });
  await db.insert(employeeSkills).values(dietitian.skills.map((slug) => ({ userId, skillId: lookup(skillIds, slug) })));
  await db.insert(weeklySchedules).values(
    dietitian.schedule.flatMap((block) =>
      block.weekdays.map((weekday) => ({
        employeeId: userId,
        officeId: lookup(officeIds, block.office),
        weekday,
        startMinute: minutesAfterMidnight(block.from),
        endMinute: minutesAfterMidnight(block.to),
      })),
    ),
  );
}

function lookup<K>(ids: Map<K, number>, key: K): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Seed: nothing seeded for ${String(key)}.`);
  return id;
}
