import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as checkSlot } from '@/app/api/booking/available-appointments/check/route';
import { POST as fetchSlots } from '@/app/api/booking/available-appointments/fetch/route';
import { POST as bookAppointment } from '@/app/api/booking/book-appointment/route';
import { POST as checkAddress } from '@/app/api/booking/check-address/route';
import { POST as checkContact } from '@/app/api/booking/check-contact/route';
import { POST as checkService } from '@/app/api/booking/check-service/route';
import { POST as checkSession } from '@/app/api/booking/check-session/route';
import { POST as checkSkills } from '@/app/api/booking/check-skills/route';
import { POST as checkLocation } from '@/app/api/booking/locations/check/route';
import { POST as fetchLocations } from '@/app/api/booking/locations/fetch/route';
import { createSession } from '@/lib/server/auth/sessions';
import { resetConfigForTests } from '@/lib/server/config';
import { setDatabaseForTests, type Database } from '@/lib/server/db/client';
import { appointments, offices, patientProfiles, services, skills, users } from '@/lib/server/db/schema';
import { createTestDatabase, type TestDatabase } from './support/db';
import { call } from './support/http';
import { deliverMail } from './support/mail';

/**
 * Issue #4, "no double booking, ever": 20 patients race `book-appointment` for one slot of one
 * dietitian, round after round, through the real route handlers; exactly one wins each time.
 *
 * Every racer has the same preferred dietitian (Amira), and availability recommends the
 * preferred dietitian whenever she is free, so all 20 timeslot tokens name the same dietitian
 * and the same start: the only thing that decides the winner is the database.
 *
 * BOOKING_RACE_ROUNDS sets the number of rounds; the default is issue #4's 20, which takes a
 * few seconds on PostgreSQL and about 10 s on PGlite (it runs one statement at a time, so the
 * race there is between interleaved transactions rather than parallel ones).
 */

const PATIENTS = 20;
const ROUNDS = Math.max(1, Number(process.env.BOOKING_RACE_ROUNDS) || 20);
const AMIRA = 'amira.haddad@demo.equilibrenutrition.ca';

let testDb: TestDatabase;
let db: Database;
let dataDir: string;
let amiraId = 0;
const ids = { service: 0, skill: 0, office: 0 };

type Tokens = Record<string, string>;
type Slot = { start: string; end: string; recommended_employee: { id: number; name: string } };
type Options = Record<string, Slot[]>;
interface Racer { cookie: string; tokens: Tokens; options: Options }

const form = {
  firstName: 'Racer', lastName: 'Patient', email: 'racer@example.ca', phone: '613 555 0142', createAccount: false,
  streetNumber: '12', streetName: 'Rue Principale', unitNumber: '', city: 'Ottawa', province: 'ON', postalCode: 'K1P 5G3', country: 'CA',
};
const CHAIN_KEYS = ['session_language', 'auth', 'service', 'contact', 'address', 'skills', 'office_data', 'location'];
const chainOf = (t: Tokens) => Object.fromEntries(CHAIN_KEYS.map((k) => [`${k}_token`, t[`${k}_token`]]));

async function ok(handler: Parameters<typeof call>[0], path: string, body: unknown, cookie: string): Promise<Record<string, unknown>> {
  const res = await call(handler, path, { body, cookie });
  expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBe(200);
  return res.json;
}

/** A verified patient preferring Amira, signed in: returns the session cookie. */
async function signedInPatient(n: number): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      email: `racer-${n}@example.test`, passwordHash: 'not-a-hash', firstName: 'Racer', lastName: `No${n}`,
      isPatient: true, emailVerifiedAt: new Date(),
    })
    .returning();
  await db.insert(patientProfiles).values({
    userId: user!.id, streetNumber: '12', streetName: 'Rue Principale', city: 'Ottawa', provinceCode: 'ON',
    countryCode: 'CA', postalCode: 'K1P5G3', preferredDietitianId: amiraId,
  });
  return `session=${(await createSession(db, user!)).token}`;
}

/**
 * check-session .. available-appointments/fetch, once per patient: the appointment token covers
 * the whole window, and each round's available-appointments/check re-validates against fresh
 * data, so the expensive part of the chain is not repeated per round.
 */
async function prepareRacer(cookie: string): Promise<Racer> {
  const t: Tokens = {};
  const add = (json: Record<string, unknown>) => Object.assign(t, json);
  add(await ok(checkSession, '/api/booking/check-session', { session_language: 'en' }, cookie));
  const base = () => ({ session_language_token: t.session_language_token, auth_token: t.auth_token });
  add(await ok(checkService, '/api/booking/check-service', { service_id: ids.service, ...base() }, cookie));
  add(await ok(checkContact, '/api/booking/check-contact', { contact: form, ...base() }, cookie));
  add(await ok(checkAddress, '/api/booking/check-address', { contact: form, ...base() }, cookie));
  const { service_token, contact_token, address_token } = t;
  add(await ok(checkSkills, '/api/booking/check-skills', { skills: [ids.skill], ...base(), service_token, contact_token, address_token }, cookie));
  const officeBody = { ...base(), service_token, contact_token, address_token, skills_token: t.skills_token };
  const { office_data_token } = await ok(fetchLocations, '/api/booking/locations/fetch', officeBody, cookie);
  add(await ok(checkLocation, '/api/booking/locations/check', { ...officeBody, office_data_token, selected_office_id: ids.office }, cookie));
  t.office_data_token = office_data_token as string;
  const fetched = await ok(fetchSlots, '/api/booking/available-appointments/fetch', chainOf(t), cookie);
  t.appointment_token = fetched.appointment_token as string;
  return { cookie, tokens: t, options: fetched.appointment_options as Options };
}

/** available-appointments/check for the slot: the timeslot token to race with. */
async function timeslotToken(racer: Racer, date: string, slot: Slot): Promise<string> {
  const body = { ...chainOf(racer.tokens), appointment_token: racer.tokens.appointment_token, date, timeslot_start: slot.start, timeslot_end: slot.end };
  return (await ok(checkSlot, '/api/booking/available-appointments/check', body, racer.cookie)).timeslot_token as string;
}

const book = (racer: Racer, timeslot_token: string) =>
  call(bookAppointment, '/api/booking/book-appointment', {
    body: { ...chainOf(racer.tokens), appointment_token: racer.tokens.appointment_token, timeslot_token },
    cookie: racer.cookie,
  });

/** Pairs of active appointments that overlap: for one dietitian over their blocked time, for one patient over theirs. */
async function overlaps(): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n
    FROM appointments a
    JOIN appointments b ON a.id < b.id
     AND a.status <> 'cancelled' AND b.status <> 'cancelled'
     AND (
       (a.employee_id = b.employee_id AND a.starts_at < b.blocked_until AND b.starts_at < a.blocked_until)
       OR (a.patient_id = b.patient_id AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at)
     )`);
  return result.rows[0]!.n;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'clinic-booking-race-'));
  process.env.DATA_DIR = dataDir; // the confirmation e-mails' outbox lives under it
  resetConfigForTests();
  testDb = await createTestDatabase();
  db = testDb.db;
  setDatabaseForTests(db);
  amiraId = (await db.select({ id: users.id }).from(users).where(eq(users.email, AMIRA)))[0]!.id;
  ids.service = (await db.select({ id: services.id }).from(services).where(eq(services.slug, 'individual-consultation')))[0]!.id;
  ids.skill = (await db.select({ id: skills.id }).from(skills).where(eq(skills.slug, 'eating-habits')))[0]!.id;
  // Amira holds Monday, Wednesday and Friday at Orléans (lib/server/db/seed/team.ts).
  ids.office = (await db.select({ id: offices.id }).from(offices).where(eq(offices.slug, 'orleans')))[0]!.id;
});
afterAll(async () => {
  if (testDb) await deliverMail(); // no background e-mail run outlives the database
  setDatabaseForTests(null);
  await testDb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('20 patients racing for one slot', () => {
  it(`exactly one booking wins each of ${ROUNDS} rounds, the rest get 409 slot_unavailable, and nothing overlaps`, async () => {
    const cookies = await Promise.all(Array.from({ length: PATIENTS }, (_, n) => signedInPatient(n)));
    const racers = await Promise.all(cookies.map(prepareRacer));
    // One date per round, so a patient who won an earlier round is still free for the next slot.
    const dates = Object.entries(racers[0]!.options)
      .filter(([, list]) => list.some((s) => s.recommended_employee.id === amiraId))
      .map(([date]) => date);
    expect(dates.length, 'dates with a slot of Amira at Orléans').toBeGreaterThanOrEqual(ROUNDS);

    for (const date of dates.slice(0, ROUNDS)) {
      const slot = racers[0]!.options[date]!.find((s) => s.recommended_employee.id === amiraId)!;
      const tokens = await Promise.all(racers.map((racer) => timeslotToken(racer, date, slot)));
      const results = await Promise.all(racers.map((racer, i) => book(racer, tokens[i]!)));

      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200), `${date} ${slot.start}: ${JSON.stringify(statuses)}`).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(PATIENTS - 1);
      for (const lost of results.filter((r) => r.status === 409)) expect(lost.json.code).toBe('slot_unavailable');
      const winner = results.find((r) => r.status === 200)!.json.appointment as { employee_id: number; start: string };
      expect(winner).toMatchObject({ employee_id: amiraId, start: slot.start });

      const rows = await db.select().from(appointments).where(eq(appointments.startsAt, new Date(slot.start)));
      expect(rows.filter((r) => r.status !== 'cancelled' && r.employeeId === amiraId)).toHaveLength(1);
    }

    expect(await overlaps()).toBe(0);
  }, 600_000);
});
