import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as checkSlot } from '@/app/api/booking/available-appointments/check/route';
import { POST as fetchSlots } from '@/app/api/booking/available-appointments/fetch/route';
import { POST as bookAppointment } from '@/app/api/booking/book-appointment/route';
import { GET as bookedAppointments } from '@/app/api/booking/booked-appointments/route';
import { POST as cancelAppointment } from '@/app/api/booking/cancel-appointment/route';
import { POST as checkAddress } from '@/app/api/booking/check-address/route';
import { POST as checkContact } from '@/app/api/booking/check-contact/route';
import { POST as checkService } from '@/app/api/booking/check-service/route';
import { POST as checkSession } from '@/app/api/booking/check-session/route';
import { POST as checkSkills } from '@/app/api/booking/check-skills/route';
import { POST as checkLocation } from '@/app/api/booking/locations/check/route';
import { POST as fetchLocations } from '@/app/api/booking/locations/fetch/route';
import { POST as manageCancel } from '@/app/api/booking/manage/cancel/route';
import { POST as manageReschedule } from '@/app/api/booking/manage/reschedule/route';
import { POST as manageView } from '@/app/api/booking/manage/route';
import { POST as manageReceiptPdf } from '@/app/api/booking/manage/receipts/pdf/route';
import { POST as manageReceipts } from '@/app/api/booking/manage/receipts/route';
import { POST as manageSlots } from '@/app/api/booking/manage/slots/route';
import { GET as searchPatients } from '@/app/api/booking/patients/route';
import { GET as selectedPatientInfo } from '@/app/api/booking/selected-patient-info/route';
import { POST as waitlistClaim } from '@/app/api/booking/waitlist/claim/route';
import { POST as waitlistJoin } from '@/app/api/booking/waitlist/join/route';
import { POST as waitlistLeave } from '@/app/api/booking/waitlist/leave/route';
import { POST as waitlistView } from '@/app/api/booking/waitlist/route';
import { GET as skillsAll } from '@/app/api/nutrition/skills/all/route';
import { GET as servicesAll } from '@/app/api/services/all/route';
import { createSession } from '@/lib/server/auth/sessions';
import { insertAppointment } from '@/lib/server/booking/appointments';
import { createManageLink } from '@/lib/server/booking/manageLinks';
import { resetConfigForTests } from '@/lib/server/config';
import { setDatabaseForTests, type Database } from '@/lib/server/db/client';
import { appointments, offices, patientProfiles, services, skills, users, waitlistEntries } from '@/lib/server/db/schema';
import { hashToken, randomToken } from '@/lib/server/auth/tokens';
import { DEMO_DIETITIAN, DEMO_PATIENT } from '@/lib/server/db/seed';
import { createTestDatabase, type TestDatabase } from './support/db';
import { call } from './support/http';
import { deliverMail } from './support/mail';

/**
 * Managing appointments through the route handlers (issue #4 item 6): the booked list and its
 * statistics, cancellation and its notice rule, the employee's patient look-ups, and the
 * authorization matrix over every booking endpoint. Times are relative to the real clock, since
 * the handlers read it; appointments are inserted directly with the demo dietitian.
 */

type Role = 'guest' | 'patientA' | 'patientB' | 'employee';
const ROLES: Role[] = ['guest', 'patientA', 'patientB', 'employee'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let testDb: TestDatabase;
let db: Database;
let dataDir: string;
const ids = { patientA: 0, patientB: 0, employee: 0 };
const cookie: Record<Role, string | undefined> = { guest: undefined, patientA: '', patientB: '', employee: '' };
let consultation: typeof services.$inferSelect;
let officeId = 0;
let skillId = 0;
/** Now, whole minutes, so every start is distinct and easy to compare. */
const base = Math.floor(Date.now() / 60_000) * 60_000;
/** A far-future slot per call, so the matrix's appointments never collide with the others. */
let nextFarSlot = base + 200 * DAY;

async function book(patientId: number, at: number, message = 'Private note') {
  const { appointment } = await insertAppointment(db, {
    patientId,
    employeeId: ids.employee,
    serviceId: consultation.id,
    officeId,
    startsAt: new Date(at),
    endsAt: new Date(at + consultation.clientDurationMinutes * 60_000),
    blockedUntil: new Date(at + consultation.employeeDurationMinutes * 60_000),
    sessionLanguage: 'en',
    reasons: [skillId],
    message,
    priceCents: 0,
    taxCents: 0,
    totalCents: 0,
  });
  return appointment;
}
const farSlot = () => (nextFarSlot += DAY);
/** The token of a new manage link (as e-mailed) to a fresh far-future appointment of patient A's. */
const freshLinkOfA = async () => (await createManageLink(db, await book(ids.patientA, farSlot()))).split('#')[1]!;
const get = (handler: Parameters<typeof call>[0], path: string, role: Role, locale: 'en' | 'fr' = 'en') =>
  call(handler, path, { cookie: cookie[role], locale });
const post = (handler: Parameters<typeof call>[0], path: string, body: unknown, role: Role) =>
  call(handler, path, { body, cookie: cookie[role] });

// Patient A's appointments for the list and the statistics.
const slots = { completed: -30 * DAY, past: -15 * DAY, soon: 3 * HOUR, later: 10 * DAY, last: 20 * DAY, cancelled: 5 * DAY, ofB: 12 * DAY };
const appt: Record<keyof typeof slots, number> = { completed: 0, past: 0, soon: 0, later: 0, last: 0, cancelled: 0, ofB: 0 };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'clinic-booking-manage-'));
  process.env.DATA_DIR = dataDir;
  resetConfigForTests();
  testDb = await createTestDatabase();
  db = testDb.db;
  setDatabaseForTests(db);
  const idOf = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  ids.patientA = await idOf(DEMO_PATIENT.email);
  ids.employee = await idOf(DEMO_DIETITIAN.email);
  const [b] = await db
    .insert(users)
    .values({ email: 'patient-b@example.test', passwordHash: 'x', firstName: 'Béa', lastName: 'Lévesque', phone: '8195550123', isPatient: true })
    .returning({ id: users.id });
  ids.patientB = b!.id;
  // B prefers the demo dietitian too: preferred_patients counts both.
  await db.insert(patientProfiles).values({
    userId: ids.patientB, streetNumber: '1', streetName: 'Rue Main', city: 'Gatineau', provinceCode: 'QC', countryCode: 'CA', postalCode: 'J8X1A1', preferredDietitianId: ids.employee,
  });
  for (const role of ['patientA', 'patientB', 'employee'] as const) {
    const [user] = await db.select().from(users).where(eq(users.id, ids[role]));
    cookie[role] = `session=${(await createSession(db, user!)).token}`;
  }
  consultation = (await db.select().from(services).where(eq(services.slug, 'individual-consultation')))[0]!;
  officeId = (await db.select().from(offices).where(eq(offices.isVirtual, true)))[0]!.id;
  skillId = (await db.select().from(skills))[0]!.id;
  for (const key of Object.keys(slots) as (keyof typeof slots)[]) {
    appt[key] = (await book(key === 'ofB' ? ids.patientB : ids.patientA, base + slots[key])).id;
  }
  await db.update(appointments).set({ status: 'completed' }).where(eq(appointments.id, appt.completed));
  await db.update(appointments).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(appointments.id, appt.cancelled));
});
afterAll(async () => {
  await deliverMail(); // no background e-mail run outlives the database
  setDatabaseForTests(null);
  await testDb.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Summary = { id: number; can_cancel: boolean; message?: string | null; patient: { id: number | null }; reasons: { translated_name: string }[] };

describe('booked-appointments', () => {
  it("lists a patient's own upcoming appointments with their statistics", async () => {
    const res = await get(bookedAppointments, '/api/booking/booked-appointments', 'patientA', 'fr');
    expect(res.status).toBe(200);
    const upcoming = res.json.upcoming as Summary[];
    expect(upcoming.map((a) => a.id)).toEqual([appt.soon, appt.later, appt.last]);
    // Inside the service's notice (3 h < 24 h): the patient can no longer cancel it themself.
    expect(upcoming.map((a) => a.can_cancel)).toEqual([false, true, true]);
    expect(upcoming[0]!.message).toBe('Private note');
    const [skill] = await db.select().from(skills).where(eq(skills.id, skillId));
    expect(upcoming[0]!.reasons).toEqual([{ id: skillId, translated_name: skill!.nameFr }]);
    // Gaps between the 5 active ones: 15, 15.125, 9.875 and 10 days.
    expect(res.json.statistics).toMatchObject({
      total_appointments: 5,
      completed_appointments: 2,
      upcoming_count: 3,
      preferred_patients: 0,
      average_gap_days: 12.5,
      longest_gap_days: 15.1,
      next_appointment: { id: appt.soon },
    });
  });

  it("gives an employee the appointments they hold, with their preferred patients", async () => {
    const res = await get(bookedAppointments, '/api/booking/booked-appointments', 'employee');
    expect(res.status).toBe(200);
    const upcoming = res.json.upcoming as Summary[];
    expect(upcoming.map((a) => a.id)).toEqual([appt.soon, appt.later, appt.ofB, appt.last]);
    expect(upcoming[0]).toMatchObject({ can_cancel: true, message: 'Private note', patient: { id: ids.patientA } });
    expect(res.json.statistics).toMatchObject({ total_appointments: 6, upcoming_count: 4, preferred_patients: 2 });
  });

  it('shows patient B nothing of A', async () => {
    const res = await get(bookedAppointments, '/api/booking/booked-appointments', 'patientB');
    expect((res.json.upcoming as Summary[]).map((a) => a.id)).toEqual([appt.ofB]);
  });
});

describe('cancel-appointment', () => {
  it('lets a patient cancel their own appointment, and frees its slot at once', async () => {
    const at = farSlot();
    const mine = await book(ids.patientA, at);
    const res = await post(cancelAppointment, '/api/booking/cancel-appointment', { appointment_id: mine.id }, 'patientA');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.messages).toEqual([{ message: expect.any(String), type: 'success' }]);
    const [row] = await db.select().from(appointments).where(eq(appointments.id, mine.id));
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: ids.patientA, cancelOverride: false });
    expect((await book(ids.patientB, at)).status).toBe('booked');
    // Twice is like once.
    expect((await post(cancelAppointment, '/api/booking/cancel-appointment', { appointment_id: mine.id }, 'patientA')).status).toBe(200);
  });

  it("answers 404 for another patient's appointment, as for a missing one", async () => {
    for (const id of [appt.ofB, 999_999]) {
      const res = await post(cancelAppointment, '/api/booking/cancel-appointment', { appointment_id: id }, 'patientA');
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('appointment_not_found');
    }
    const [row] = await db.select().from(appointments).where(eq(appointments.id, appt.ofB));
    expect(row!.status).toBe('booked');
  });

  it('refuses a patient inside the notice period; an employee may, recorded as an override', async () => {
    const refused = await call(cancelAppointment, '/api/booking/cancel-appointment', { body: { appointment_id: appt.soon }, cookie: cookie.patientA, locale: 'fr' });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('cancellation_notice');
    expect(refused.json.message).toContain(`${consultation.minCancellationNoticeHours} heures`);
    const done = await post(cancelAppointment, '/api/booking/cancel-appointment', { appointment_id: appt.soon }, 'employee');
    expect(done.status).toBe(200);
    const [row] = await db.select().from(appointments).where(eq(appointments.id, appt.soon));
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: ids.employee, cancelOverride: true });
  });

  it('answers 409 for a visit that is over, and 400 for a malformed id', async () => {
    expect((await post(cancelAppointment, '/api/booking/cancel-appointment', { appointment_id: appt.completed }, 'employee')).status).toBe(409);
    expect((await post(cancelAppointment, '/api/booking/cancel-appointment', { appointment_id: 'x' }, 'employee')).status).toBe(400);
  });
});

describe("an employee's patient look-ups", () => {
  it('selected-patient-info: contact, address and the dietitians, the preferred one flagged', async () => {
    const res = await get(selectedPatientInfo, `/api/booking/selected-patient-info?id=${ids.patientA}`, 'employee', 'fr');
    expect(res.status).toBe(200);
    expect(res.json.patient_info).toMatchObject({
      id: ids.patientA,
      email: DEMO_PATIENT.email,
      full_name: 'Alex Martin',
      preferred_dietitian: ids.employee,
      address: { city: 'Ottawa', province: { code: 'ON' }, country: { code: 'CA', label: 'Canada' } },
    });
    const dietitians = res.json.dietitians as { id: number; is_preferred: boolean }[];
    expect(dietitians.filter((d) => d.is_preferred).map((d) => d.id)).toEqual([ids.employee]);
    expect(dietitians.length).toBeGreaterThan(1);
    expect((await get(selectedPatientInfo, `/api/booking/selected-patient-info?id=${ids.employee}`, 'employee')).status).toBe(404);
    expect((await get(selectedPatientInfo, '/api/booking/selected-patient-info', 'employee')).status).toBe(400);
  });

  it('patients: by name, e-mail or phone digits, accents and case ignored, at most 20', async () => {
    const found = async (search: string) => {
      const res = await get(searchPatients, `/api/booking/patients?search=${encodeURIComponent(search)}`, 'employee');
      expect(res.status, search).toBe(200);
      return (res.json.patients as { id: number }[]).map((p) => p.id);
    };
    expect(await found('MARTIN')).toEqual([ids.patientA]);
    expect(await found('alex mart')).toEqual([ids.patientA]);
    expect(await found('bea LEVESQUE')).toEqual([ids.patientB]);
    expect(await found('BÉA')).toEqual([ids.patientB]);
    expect(await found('patient-b@example')).toEqual([ids.patientB]);
    expect(await found('(819) 555-01')).toEqual([ids.patientB]);
    expect(await found('100%')).toEqual([]);
    expect(await found(DEMO_DIETITIAN.email)).toEqual([]);
    await db.insert(users).values(Array.from({ length: 25 }, (_, i) => ({ email: `zed${i}@example.test`, passwordHash: 'x', firstName: 'Zed', lastName: `Z${i}`, isPatient: true })));
    expect(await found('zed')).toHaveLength(20);
    expect((await get(searchPatients, '/api/booking/patients?search=a', 'employee')).status).toBe(400);
  });
});

/** Patient A's step tokens, walked through available-appointments/check: the matrix replays them as each role. */
async function walkAsPatientA() {
  const form = { firstName: 'Alex', lastName: 'Martin', email: DEMO_PATIENT.email, phone: '613 555 0188', createAccount: false, streetNumber: '245', streetName: 'Bank Street', unitNumber: '', city: 'Ottawa', province: 'ON', postalCode: 'K2P 1X4', country: 'CA' };
  const t: Record<string, unknown> = {};
  const step = async (handler: Parameters<typeof call>[0], path: string, body: Record<string, unknown>) => {
    const res = await post(handler, path, body, 'patientA');
    expect(res.status, `${path} ${JSON.stringify(res.json)}`).toBe(200);
    Object.assign(t, res.json);
  };
  await step(checkSession, '/api/booking/check-session', { session_language: 'en' });
  const auth = () => ({ session_language_token: t.session_language_token, auth_token: t.auth_token });
  const bodies: Record<string, () => Record<string, unknown>> = {
    'check-service': () => ({ service_id: consultation.id, ...auth() }),
    'check-contact': () => ({ contact: form, ...auth() }),
    'check-address': () => ({ contact: form, ...auth() }),
    'check-skills': () => ({ skills: [skillId], user_message: '', ...auth(), service_token: t.service_token, contact_token: t.contact_token, address_token: t.address_token }),
    'locations/fetch': () => ({ ...auth(), service_token: t.service_token, contact_token: t.contact_token, address_token: t.address_token, skills_token: t.skills_token }),
  };
  await step(checkService, '/api/booking/check-service', bodies['check-service']!());
  await step(checkContact, '/api/booking/check-contact', bodies['check-contact']!());
  await step(checkAddress, '/api/booking/check-address', bodies['check-address']!());
  await step(checkSkills, '/api/booking/check-skills', bodies['check-skills']!());
  await step(fetchLocations, '/api/booking/locations/fetch', bodies['locations/fetch']!());
  const office = (t.offices as { id: number }[])[0]!.id;
  bodies['locations/check'] = () => ({ ...bodies['locations/fetch']!(), office_data_token: t.office_data_token, selected_office_id: office });
  await step(checkLocation, '/api/booking/locations/check', bodies['locations/check']!());
  bodies['available-appointments/fetch'] = () => ({ ...bodies['locations/fetch']!(), office_data_token: t.office_data_token, location_token: t.location_token });
  await step(fetchSlots, '/api/booking/available-appointments/fetch', bodies['available-appointments/fetch']!());
  const [date, daySlots] = Object.entries(t.appointment_options as Record<string, { start: string; end: string }[]>).find(([, list]) => list.length > 0)!;
  const withSlots = () => ({ ...bodies['available-appointments/fetch']!(), appointment_token: t.appointment_token });
  bodies['available-appointments/check'] = () => ({ ...withSlots(), date, timeslot_start: daySlots[0]!.start, timeslot_end: daySlots[0]!.end });
  await step(checkSlot, '/api/booking/available-appointments/check', bodies['available-appointments/check']!());
  bodies['book-appointment'] = () => ({ ...withSlots(), timeslot_token: t.timeslot_token });
  bodies['waitlist/join'] = () => ({ ...bodies['available-appointments/fetch']!(), from_date: date, to_date: date, times_of_day: ['morning'], weekdays: [1, 2, 3, 4, 5] });
  return bodies;
}

/** A fresh link to a place of patient A's on the waitlist (ended, so A may hold any number). */
async function waitlistLinkOfA(): Promise<string> {
  const token = randomToken();
  const today = new Date().toISOString().slice(0, 10);
  await db.insert(waitlistEntries).values({
    patientId: ids.patientA, personKey: `patient:${ids.patientA}`, serviceId: consultation.id, officeId: (await db.select().from(offices))[0]!.id,
    sessionLanguage: 'en', reasons: [skillId], fromDate: today, toDate: today, timesOfDay: ['morning'], weekdays: [1],
    status: 'left', endedAt: new Date(), leaveTokenHash: hashToken(token),
  });
  return token;
}

type Expect = Record<Role, number>;
const all = (status: number): Expect => ({ guest: status, patientA: status, patientB: status, employee: status });
const onlyA: Expect = { guest: 403, patientA: 200, patientB: 403, employee: 403 };
const aOrEmployee: Expect = { guest: 403, patientA: 200, patientB: 403, employee: 200 };
const employeesOnly: Expect = { guest: 401, patientA: 403, patientB: 403, employee: 200 };
interface MatrixRow {
  route: string;
  what: string;
  expect: Expect;
  run: (role: Role) => Promise<{ status: number }>;
}

function routesOnDisk(): string[] {
  const root = join(process.cwd(), 'app/api');
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name === 'route.ts') found.push(relative(root, dir));
    }
  };
  for (const top of ['booking', 'services', 'nutrition']) walk(join(root, top));
  return found.sort();
}

describe('authorization matrix: guest, patient A, patient B, employee × every booking endpoint', () => {
  let rows: MatrixRow[] = [];
  beforeAll(async () => {
    const steps = await walkAsPatientA();
    const replay = (route: string, handler: Parameters<typeof call>[0]): MatrixRow => ({
      route: `booking/${route}`, what: "patient A's step tokens", expect: onlyA, run: (role) => post(handler, `/api/booking/${route}`, steps[route]!(), role),
    });
    rows = [
      { route: 'services/all', what: 'the catalogue', expect: all(200), run: (role) => get(servicesAll, '/api/services/all', role) },
      { route: 'nutrition/skills/all', what: 'the reasons', expect: all(200), run: (role) => get(skillsAll, '/api/nutrition/skills/all', role) },
      { route: 'booking/check-session', what: 'a new booking', expect: all(200), run: (role) => post(checkSession, '/api/booking/check-session', { session_language: 'en' }, role) },
      { route: 'booking/check-session', what: 'booking for patient B', expect: { guest: 403, patientA: 403, patientB: 403, employee: 200 }, run: (role) => post(checkSession, '/api/booking/check-session', { session_language: 'en', employee_selected_patient_id: ids.patientB }, role) },
      { route: 'booking/check-session', what: "moving A's appointment", expect: aOrEmployee, run: (role) => post(checkSession, '/api/booking/check-session', { session_language: 'en', rescheduling_appointment_id: appt.later }, role) },
      replay('check-service', checkService),
      replay('check-contact', checkContact),
      replay('check-address', checkAddress),
      replay('check-skills', checkSkills),
      replay('locations/fetch', fetchLocations),
      replay('locations/check', checkLocation),
      replay('available-appointments/fetch', fetchSlots),
      replay('available-appointments/check', checkSlot),
      replay('book-appointment', bookAppointment),
      { route: 'booking/booked-appointments', what: 'own list', expect: { ...all(200), guest: 401 }, run: (role) => get(bookedAppointments, '/api/booking/booked-appointments', role) },
      { route: 'booking/cancel-appointment', what: "a fresh appointment of A's", expect: { guest: 401, patientA: 200, patientB: 404, employee: 200 }, run: async (role) => post(cancelAppointment, '/api/booking/cancel-appointment', { appointment_id: (await book(ids.patientA, farSlot())).id }, role) },
      { route: 'booking/selected-patient-info', what: "A's details", expect: employeesOnly, run: (role) => get(selectedPatientInfo, `/api/booking/selected-patient-info?id=${ids.patientA}`, role) },
      { route: 'booking/patients', what: 'a search', expect: employeesOnly, run: (role) => get(searchPatients, '/api/booking/patients?search=martin', role) },
      // The manage link's endpoints: whoever holds the link, whatever their session; no link, no access.
      { route: 'booking/manage', what: "a link to A's appointment", expect: all(200), run: async (role) => post(manageView, '/api/booking/manage', { token: await freshLinkOfA() }, role) },
      { route: 'booking/manage', what: 'a made-up link', expect: all(404), run: (role) => post(manageView, '/api/booking/manage', { token: 'x'.repeat(43) }, role) },
      { route: 'booking/manage/slots', what: "a link to A's appointment", expect: all(200), run: async (role) => post(manageSlots, '/api/booking/manage/slots', { token: await freshLinkOfA() }, role) },
      { route: 'booking/manage/slots', what: 'a made-up link', expect: all(404), run: (role) => post(manageSlots, '/api/booking/manage/slots', { token: 'x'.repeat(43) }, role) },
      { route: 'booking/manage/cancel', what: "a link to A's appointment", expect: all(200), run: async (role) => post(manageCancel, '/api/booking/manage/cancel', { token: await freshLinkOfA() }, role) },
      { route: 'booking/manage/cancel', what: 'a made-up link', expect: all(404), run: (role) => post(manageCancel, '/api/booking/manage/cancel', { token: 'x'.repeat(43) }, role) },
      // Its receipts (issue #20): the link's visit's, to whoever holds the link (none yet: an empty list).
      { route: 'booking/manage/receipts', what: "a link to A's appointment", expect: all(200), run: async (role) => post(manageReceipts, '/api/booking/manage/receipts', { token: await freshLinkOfA() }, role) },
      { route: 'booking/manage/receipts', what: 'a made-up link', expect: all(404), run: (role) => post(manageReceipts, '/api/booking/manage/receipts', { token: 'x'.repeat(43) }, role) },
      { route: 'booking/manage/receipts/pdf', what: "a link to A's appointment, a receipt it does not have", expect: all(404), run: async (role) => post(manageReceiptPdf, '/api/booking/manage/receipts/pdf', { token: await freshLinkOfA(), id: randomUUID() }, role) },
      { route: 'booking/manage/receipts/pdf', what: 'a made-up link', expect: all(404), run: (role) => post(manageReceiptPdf, '/api/booking/manage/receipts/pdf', { token: 'x'.repeat(43), id: randomUUID() }, role) },
      {
        route: 'booking/manage/reschedule', what: "a link to A's appointment, to an offered time", expect: all(200),
        run: async (role) => {
          const token = await freshLinkOfA();
          const offered = await post(manageSlots, '/api/booking/manage/slots', { token }, role);
          const [slot] = Object.values(offered.json.appointment_options as Record<string, { start: string }[]>).flat();
          return post(manageReschedule, '/api/booking/manage/reschedule', { token, start: slot!.start }, role);
        },
      },
      { route: 'booking/manage/reschedule', what: 'a made-up link', expect: all(404), run: (role) => post(manageReschedule, '/api/booking/manage/reschedule', { token: 'x'.repeat(43), start: new Date(farSlot()).toISOString() }, role) },
      // The waitlist (issue 16): joining with A's tokens is A's alone; a place's link works for whoever holds it.
      { ...replay('waitlist/join', waitlistJoin), expect: { ...onlyA, patientA: 201 } },
      { route: 'booking/waitlist', what: "the link to A's place", expect: all(200), run: async (role) => post(waitlistView, '/api/booking/waitlist', { token: await waitlistLinkOfA() }, role) },
      { route: 'booking/waitlist', what: 'a made-up link', expect: all(404), run: (role) => post(waitlistView, '/api/booking/waitlist', { token: 'x'.repeat(43) }, role) },
      { route: 'booking/waitlist/leave', what: "the link to A's place", expect: all(200), run: async (role) => post(waitlistLeave, '/api/booking/waitlist/leave', { token: await waitlistLinkOfA() }, role) },
      { route: 'booking/waitlist/leave', what: 'a made-up link', expect: all(404), run: (role) => post(waitlistLeave, '/api/booking/waitlist/leave', { token: 'x'.repeat(43) }, role) },
      { route: 'booking/waitlist/claim', what: 'a place’s link (not an offer’s)', expect: all(404), run: async (role) => post(waitlistClaim, '/api/booking/waitlist/claim', { token: await waitlistLinkOfA() }, role) },
      { route: 'booking/waitlist/claim', what: 'a made-up link', expect: all(404), run: (role) => post(waitlistClaim, '/api/booking/waitlist/claim', { token: 'x'.repeat(43) }, role) },
    ];
  });

  it('covers every endpoint of app/api/booking, services and nutrition', () => {
    const covered = new Set(rows.map((r) => r.route));
    const missing = routesOnDisk().filter((route) => !covered.has(route));
    expect(missing).toEqual([]);
  });

  it('answers each role as the table says', async () => {
    const actual: string[] = [];
    const expected: string[] = [];
    for (const row of rows) {
      for (const role of ROLES) {
        actual.push(`${row.route} (${row.what}) as ${role}: ${(await row.run(role)).status}`);
        expected.push(`${row.route} (${row.what}) as ${role}: ${row.expect[role]}`);
      }
    }
    expect(actual).toEqual(expected);
  });
});
