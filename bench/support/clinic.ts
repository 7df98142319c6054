import { eq } from 'drizzle-orm';
import { addDays, isoWeekday, utcToLocalDate, zonedDateTimeToUtc } from '../../lib/server/booking/clinicTime';
import type { Database } from '../../lib/server/db/client';
import { appointments, employeeProfiles, employeeSkills, offices, services, skills, users, weeklySchedules, type NewAppointment } from '../../lib/server/db/schema';

export interface BenchClinic {
  dietitians: number;
  offices: number;
  appointments: number;
  days: number;
}

const DAY_START = 9 * 60;
const DAY_END = 17 * 60;
const BATCH = 500;
/** The service the existing appointments are for: its 60-minute employee block tiles a 9–17 day 8 times. */
const FILLER_SERVICE = 'nutrition-evaluation';

/** A small seeded PRNG (mulberry32): every run books the same pattern of appointments. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The benchmark's clinic on a database holding the reference data: `dietitians` employees
 * working in both languages Mon–Fri 9:00–17:00, each day at one of the offices (rotating, so
 * every office is staffed every day), and `count` appointments over the `days` days after
 * today. Appointments sit on whole hours of the dietitian's working day at that day's office;
 * each (dietitian, hour) is used once, so the exclusion constraints are respected by
 * construction. Guests hold them (a unique e-mail each: the guest constraint never bites).
 */
export async function seedBenchClinic(
  db: Database,
  options: { dietitians: number; count: number; days: number; timeZone: string; now?: Date },
): Promise<BenchClinic> {
  const officeIds = (await db.select({ id: offices.id }).from(offices).orderBy(offices.id)).map((row) => row.id);
  const skillIds = (await db.select({ id: skills.id }).from(skills).orderBy(skills.id)).map((row) => row.id);
  const [service] = await db.select().from(services).where(eq(services.slug, FILLER_SERVICE));
  if (!service || officeIds.length === 0) throw new Error('Reference data missing: seed it first.');

  const dietitianIds: number[] = [];
  for (let n = 0; n < options.dietitians; n++) {
    const [user] = await db
      .insert(users)
      // Nobody signs in as them: the hash is a placeholder no password matches.
      .values({ email: `dietitian-${n}@bench.test`, passwordHash: 'bench', firstName: 'Bench', lastName: `Dietitian ${n}`, isEmployee: true, emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    const id = user!.id;
    dietitianIds.push(id);
    await db.insert(employeeProfiles).values({ userId: id, titleEn: 'RD', titleFr: 'Dt.P.', bioEn: '-', bioFr: '-', languages: ['en', 'fr'] });
    // The first skill for all (a chain asking for it finds every dietitian qualified: the
    // heaviest fetch), plus three rotating ones, so skill filtering has rows to look through.
    const own = [0, n + 1, n + 2, n + 3].map((k) => skillIds[k % skillIds.length]!);
    await db.insert(employeeSkills).values([...new Set(own)].map((skillId) => ({ userId: id, skillId })));
    await db.insert(weeklySchedules).values(
      [1, 2, 3, 4, 5].map((weekday) => ({ employeeId: id, officeId: officeIds[(n + weekday) % officeIds.length]!, weekday, startMinute: DAY_START, endMinute: DAY_END })),
    );
  }

  // Every free working hour of the window, then a seeded shuffle picks `count` of them.
  const today = utcToLocalDate(options.now ?? new Date(), options.timeZone);
  const candidates: Omit<NewAppointment, 'guestContact'>[] = [];
  for (let d = 1; d <= options.days; d++) {
    const date = addDays(today, d);
    const weekday = isoWeekday(date);
    if (weekday > 5) continue;
    dietitianIds.forEach((employeeId, n) => {
      for (let minute = DAY_START; minute + service.employeeDurationMinutes <= DAY_END; minute += service.employeeDurationMinutes) {
        const startsAt = zonedDateTimeToUtc(date, minute, options.timeZone);
        if (!startsAt) continue; // never at 9:00–17:00 in a North American zone, but the type allows it
        candidates.push({
          employeeId, serviceId: service.id, officeId: officeIds[(n + weekday) % officeIds.length]!, startsAt,
          endsAt: new Date(startsAt.getTime() + service.clientDurationMinutes * 60_000),
          blockedUntil: new Date(startsAt.getTime() + service.employeeDurationMinutes * 60_000),
          sessionLanguage: 'en', reasons: [skillIds[0]!], status: 'booked',
          priceCents: service.basePriceCents, taxCents: 0, totalCents: service.basePriceCents,
        });
      }
    });
  }
  if (candidates.length < options.count) throw new Error(`Only ${candidates.length} free hours for ${options.count} appointments.`);
  const next = random(4);
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!];
  }
  const rows: NewAppointment[] = candidates.slice(0, options.count).map((row, i) => ({
    ...row,
    guestContact: { firstName: 'Bench', lastName: `Guest ${i}`, email: `guest-${i}@bench.test`, phone: '6135550100' },
  }));
  for (let i = 0; i < rows.length; i += BATCH) await db.insert(appointments).values(rows.slice(i, i + BATCH));
  return { dietitians: dietitianIds.length, offices: officeIds.length, appointments: rows.length, days: options.days };
}

/**
 * What a benchmark of one person's records books with: the follow-up service, the first office
 * in person, the first reason for a visit, and a dietitian of its own (no schedule: the visits
 * are written, not searched for).
 */
export async function recordsBenchReferences(db: Database) {
  const [service] = await db.select().from(services).where(eq(services.slug, 'follow-up'));
  const [office] = await db.select().from(offices).where(eq(offices.isVirtual, false)).orderBy(offices.id).limit(1);
  const [skill] = await db.select().from(skills).orderBy(skills.id).limit(1);
  const [dietitian] = await db
    .insert(users)
    .values({ email: 'dietitian@bench.test', passwordHash: 'bench', firstName: 'Bench', lastName: 'Dietitian', isEmployee: true })
    .returning();
  if (!service || !office || !skill || !dietitian) throw new Error('the reference data is missing: migrate and seed first');
  return { service, office, skill, dietitian };
}
