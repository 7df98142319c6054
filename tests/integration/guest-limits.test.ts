import { join } from 'node:path';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
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
import { POST as manageCancel } from '@/app/api/booking/manage/cancel/route';
import { hashIp } from '@/lib/server/auth/rateLimit';
import { guestAppointmentsOf } from '@/lib/server/booking/guestEmail';
import { resetConfigForTests } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { appointments, rateLimitEvents } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN, DEMO_PATIENT } from '@/lib/server/db/seed';
import { readOutbox } from '@/lib/server/email';
import { deliverQueuedEmails } from '@/lib/server/email/queue';
import { demoClinic } from './support/clinic';
import { form, slotTokens, type Options, type Slot, type Tokens } from './support/booking';
import { call } from './support/http';
import { deliverMail } from './support/mail';

/**
 * Issue #18 item 2: the guest booking limits, through the route handlers as a browser walks the
 * flow, with the defaults set explicitly (the integration config lifts them for the other suites):
 * 5 guest bookings an hour per client address (429 with Retry-After, from check-session on) and
 * 3 upcoming guest visits per e-mail address (409 at check-contact, in the booking's language).
 * The address is the right-most X-Forwarded-For entry (lib/server/http/handler.ts clientIp).
 * Both are enforced in book-appointment's transaction, which the simultaneous bookings test.
 */

const LIMITS = { GUEST_BOOKING_LIMIT_PER_HOUR: '5', GUEST_UPCOMING_PER_EMAIL: '3' };
const saved = Object.fromEntries(Object.keys(LIMITS).map((name) => [name, process.env[name]]));

const clinic = demoClinic('guest-limits');
let db: Database;
const cookies = { patient: '', employee: '' };
let patientId = 0;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  Object.assign(process.env, LIMITS);
  resetConfigForTests();
  await clinic.open(); // resets the settings again, with the limits above
  db = clinic.db;
  patientId = await clinic.userId(DEMO_PATIENT.email);
  cookies.patient = await clinic.cookieFor(patientId);
  cookies.employee = await clinic.cookieFor(await clinic.userId('amira.haddad@demo.equilibrenutrition.ca'));
});
afterAll(async () => {
  await clinic.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigForTests();
});

/** Who is at the browser: its address, its language, a session cookie when signed in. */
interface Browser { ip: string; locale?: 'en' | 'fr'; cookie?: string }
type Handler = Parameters<typeof call>[0];

const send = (handler: Handler, path: string, body: unknown, who: Browser) =>
  call(handler, path, { body, cookie: who.cookie, locale: who.locale ?? 'en', headers: { 'x-forwarded-for': who.ip } });

async function ok(handler: Handler, path: string, body: unknown, who: Browser): Promise<Record<string, unknown>> {
  const res = await send(handler, path, body, who);
  expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBe(200);
  return res.json;
}

let guestNo = 0;
/** A guest's contact form with an address of its own (or the one given). */
const contactOf = (email = `guest-${Date.now()}-${guestNo++}@example.ca`) => ({ ...form, email, createAccount: false });

/**
 * Starts of the slots already taken (booked or about to be): each walk picks a slot at least
 * three hours from all of them, so no booking here can collide with another on a dietitian's
 * calendar or a guest's, and the only refusals are the limits'.
 * Nor does it pick a start within an hour of the service's 12 h notice: the simultaneous tests
 * walk for seconds before they book, and a start that was just bookable at the walk is rightly
 * refused once that notice has passed it (a CI run at 10:44 UTC picked 17:45 in Ottawa and got
 * slot_unavailable at 10:45).
 */
const taken: number[] = [];
const NOTICE = 12 * HOUR; // individual-consultation's min_advance_booking_hours (lib/server/db/seed/services.ts)
function pickSlot(options: Options, accept: (slot: Slot) => boolean = () => true): { date: string; slot: Slot } {
  for (const [date, list] of Object.entries(options)) {
    for (const slot of list) {
      const start = Date.parse(slot.start);
      if (start < Date.now() + NOTICE + HOUR) continue;
      if (!accept(slot) || taken.some((t) => Math.abs(t - start) < 3 * HOUR)) continue;
      taken.push(start);
      return { date, slot };
    }
  }
  throw new Error(`no free slot left among ${Object.values(options).flat().length} offered`);
}

interface Walk {
  contact?: ReturnType<typeof contactOf>;
  language?: 'en' | 'fr';
  session?: Record<string, unknown>;
  office?: string;
  skills?: string[];
  accept?: (slot: Slot) => boolean;
}

/** check-session .. check-contact; returns the tokens so far. */
async function startWalk(who: Browser, walk: Walk = {}): Promise<Tokens> {
  const t: Tokens = {};
  Object.assign(t, await ok(checkSession, '/api/booking/check-session', { session_language: walk.language ?? 'en', ...walk.session }, who));
  const base = { session_language_token: t.session_language_token, auth_token: t.auth_token };
  Object.assign(t, await ok(checkService, '/api/booking/check-service', { service_id: clinic.catalog.serviceId['individual-consultation'], ...base }, who));
  Object.assign(t, await ok(checkContact, '/api/booking/check-contact', { contact: walk.contact ?? contactOf(), ...base }, who));
  return t;
}

/** The rest of the flow up to a timeslot token (available-appointments/check). */
async function finishWalk(t: Tokens, who: Browser, walk: Walk = {}): Promise<Tokens> {
  const base = { session_language_token: t.session_language_token, auth_token: t.auth_token };
  Object.assign(t, await ok(checkAddress, '/api/booking/check-address', { contact: walk.contact ?? contactOf(), ...base }, who));
  const { service_token, contact_token, address_token } = t;
  const skills = (walk.skills ?? ['weight-management']).map((slug) => clinic.catalog.skillId[slug]);
  Object.assign(t, await ok(checkSkills, '/api/booking/check-skills', { skills, user_message: '', ...base, service_token, contact_token, address_token }, who));
  const officeBody = { ...base, service_token, contact_token, address_token, skills_token: t.skills_token };
  const { office_data_token } = await ok(fetchLocations, '/api/booking/locations/fetch', officeBody, who);
  const selected_office_id = clinic.catalog.officeId[walk.office ?? 'centretown'];
  Object.assign(t, await ok(checkLocation, '/api/booking/locations/check', { ...officeBody, office_data_token, selected_office_id }, who));
  t.office_data_token = office_data_token as string;
  const fetched = await ok(fetchSlots, '/api/booking/available-appointments/fetch', slotTokens(t), who);
  t.appointment_token = fetched.appointment_token as string;
  const { date, slot } = pickSlot(fetched.appointment_options as Options, walk.accept);
  const body = { ...slotTokens(t), appointment_token: t.appointment_token, date, timeslot_start: slot.start, timeslot_end: slot.end };
  Object.assign(t, await ok(checkSlot, '/api/booking/available-appointments/check', body, who));
  return t;
}

/** The whole flow up to the last step, for a guest (the contact given) or a signed-in user. */
async function walkToTimeslot(who: Browser, walk: Walk = {}): Promise<Tokens> {
  const contact = walk.contact ?? contactOf();
  return finishWalk(await startWalk(who, { ...walk, contact }), who, { ...walk, contact });
}

/**
 * Ways to a slot of each of the five seeded dietitians (lib/server/db/seed/team.ts): a skill only
 * they hold at that office. Simultaneous bookings spread over them, so that their transactions do
 * not simply wait on one dietitian's lock (book.ts) and the guest limits' own locks are what
 * keeps the count.
 */
const DIETITIANS = [
  { email: DEMO_DIETITIAN.email, office: 'centretown', skills: ['sports-performance'], language: 'en' },
  { email: 'sophie.tremblay@demo.equilibrenutrition.ca', office: 'centretown', skills: ['digestive-health'], language: 'en' },
  { email: 'emily.chen@demo.equilibrenutrition.ca', office: 'centretown', skills: ['pregnancy'], language: 'en' },
  { email: 'amira.haddad@demo.equilibrenutrition.ca', office: 'centretown', skills: ['heart-health'], language: 'en' },
  { email: 'marc-andre.gagnon@demo.equilibrenutrition.ca', office: 'orleans', skills: ['heart-health'], language: 'fr' },
] as const;
/** The walk to a slot of the i-th dietitian (round robin). */
async function toDietitian(i: number): Promise<Walk> {
  const target = DIETITIANS[i % DIETITIANS.length]!;
  const id = await clinic.userId(target.email);
  return { office: target.office, skills: [...target.skills], language: target.language, accept: (slot) => slot.recommended_employee.id === id };
}

const book = (t: Tokens, who: Browser) =>
  send(bookAppointment, '/api/booking/book-appointment', { ...slotTokens(t), appointment_token: t.appointment_token, timeslot_token: t.timeslot_token }, who);

async function booked(t: Tokens, who: Browser): Promise<number> {
  const res = await book(t, who);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json.appointment as { id: number }).id;
}

const activeGuestVisits = async (emails: string[]) =>
  (await db.select({ id: appointments.id }).from(appointments)
    .where(and(eq(appointments.status, 'booked'), inArray(sql<string>`${appointments.guestContact} ->> 'email'`, emails)))).length;

/** The guest bookings counted against a client address. */
const addressEvents = async (ip: string) =>
  (await db.select({ id: rateLimitEvents.id }).from(rateLimitEvents).where(eq(rateLimitEvents.key, `guest-booking-ip:${hashIp(ip)}`))).length;

/** The failure shape of a 429 from the per-address limit. */
function expectAddressLimit(res: Awaited<ReturnType<typeof send>>, language: 'en' | 'fr') {
  expect(res.status, JSON.stringify(res.json)).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
  const text = language === 'fr'
    ? /^Plusieurs rendez-vous ont été réservés depuis cette connexion au cours de la dernière heure\. Veuillez réessayer dans \d+ minutes?, ou appeler la clinique\.$/
    : /^Several appointments have been booked from this connection in the last hour\. Please try again in \d+ minutes?, or call the clinic\.$/;
  expect(res.json).toEqual({ code: 'rate_limited', message: expect.stringMatching(text), messages: [{ message: res.json.message, type: 'error' }] });
}

describe('per client address (GUEST_BOOKING_LIMIT_PER_HOUR = 5)', () => {
  it('books 5 guests from one address, then refuses the 6th at check-session and at book-appointment; others are not limited', async () => {
    const address: Browser = { ip: '203.0.113.10' };
    const contacts = Array.from({ length: 6 }, () => contactOf());
    // Walked to the last step while the address was still under its limit.
    const walks: Tokens[] = [];
    for (const contact of contacts) walks.push(await walkToTimeslot(address, { contact }));

    for (const t of walks.slice(0, 5)) await booked(t, address);
    expect(await activeGuestVisits(contacts.map((c) => c.email))).toBe(5);

    // A new guest from that address hears it at the first step, in the request's language.
    expectAddressLimit(await send(checkSession, '/api/booking/check-session', { session_language: 'en' }, { ...address, locale: 'fr' }), 'fr');
    expectAddressLimit(await send(checkSession, '/api/booking/check-session', { session_language: 'fr' }, address), 'en');
    // The guest who had walked the flow before is refused at the last step, and nothing is written.
    expectAddressLimit(await book(walks[5]!, address), 'en');
    expect(await activeGuestVisits(contacts.map((c) => c.email))).toBe(5);

    // The address is the right-most X-Forwarded-For entry: a prefix the client wrote changes nothing.
    expectAddressLimit(await send(checkSession, '/api/booking/check-session', { session_language: 'en' }, { ip: '192.0.2.77, 203.0.113.10' }), 'en');

    // Another address still books, even the refused guest's walk from the start.
    const other: Browser = { ip: '203.0.113.11' };
    await booked(await walkToTimeslot(other, { contact: contacts[5] }), other);

    // A signed-in patient, and an employee booking for a patient, from the limited address.
    const patient = { ...address, cookie: cookies.patient };
    await booked(await walkToTimeslot(patient), patient);
    const employee = { ...address, cookie: cookies.employee };
    await booked(await walkToTimeslot(employee, { session: { employee_selected_patient_id: patientId, employee_selected_dietitian_id: -1 } }), employee);
    // Neither was counted against the address (nor the refused guest).
    expect(await addressEvents(address.ip)).toBe(5);
    expect(await addressEvents(other.ip)).toBe(1);
  });
});

describe('per e-mail address (GUEST_UPCOMING_PER_EMAIL = 3)', () => {
  it('refuses a 4th upcoming visit at check-contact in the session language, until one is cancelled from its manage link', async () => {
    const email = `upcoming-${Date.now()}@example.ca`;
    const contact = contactOf(email);
    // Far enough ahead that a guest may still cancel (the service's notice is 48 h).
    const accept = (slot: Slot) => Date.parse(slot.start) > Date.now() + 3 * DAY;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const who: Browser = { ip: `203.0.113.${20 + i}` };
      ids.push(await booked(await walkToTimeslot(who, { contact, language: 'fr', accept }), who));
    }

    // The 4th, a French session from an English browser (and the address in capitals): French text.
    const fourth: Browser = { ip: '203.0.113.24', locale: 'en' };
    const session = await ok(checkSession, '/api/booking/check-session', { session_language: 'fr' }, fourth);
    const base = { session_language_token: session.session_language_token, auth_token: session.auth_token };
    const refused = await send(checkContact, '/api/booking/check-contact', { contact: contactOf(email.toUpperCase()), ...base }, fourth);
    expect(refused.status, JSON.stringify(refused.json)).toBe(409);
    const french =
      'Vous avez déjà 3 rendez-vous à venir réservés avec cette adresse courriel. Pour en modifier ou en annuler un, utilisez le ' +
      'bouton «\u00a0Gérer mon rendez-vous\u00a0» de son courriel de confirmation, ou appelez-nous au +1 (613) 555-0142.';
    expect(refused.json).toEqual({ code: 'guest_upcoming_limit', message: french, messages: [{ message: french, type: 'error' }] });

    // An English session from a French browser: English text.
    const englishSession = await ok(checkSession, '/api/booking/check-session', { session_language: 'en' }, { ...fourth, locale: 'fr' });
    const english = await send(checkContact, '/api/booking/check-contact', {
      contact, session_language_token: englishSession.session_language_token, auth_token: englishSession.auth_token,
    }, { ...fourth, locale: 'fr' });
    expect(english.status).toBe(409);
    expect(english.json.message).toBe(
      'You already have 3 upcoming appointments booked with this e-mail address. To change or cancel one, use the ' +
      '“Manage my appointment” button in its confirmation e-mail, or call us at +1 (613) 555-0142.',
    );

    // Cancel one from the manage link of its confirmation.
    await deliverMail(); // the bookings' own background run, so nothing is left claimed
    await deliverQueuedEmails(db);
    const confirmations = (await readOutbox(join(clinic.dataDir, 'outbox'))).filter((m) => m.to === email);
    expect(confirmations).toHaveLength(3);
    const token = confirmations[0]!.text.match(/\/gerer-mon-rendez-vous#([A-Za-z0-9_-]+)/)?.[1];
    expect(token, confirmations[0]!.text).toBeDefined();
    const cancelled = await send(manageCancel, '/api/booking/manage/cancel', { token }, fourth);
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    const rows = await db.select({ id: appointments.id, status: appointments.status }).from(appointments).where(inArray(appointments.id, ids));
    expect(rows.filter((r) => r.status === 'cancelled')).toHaveLength(1);

    // The place is free: the 4th walks past check-contact and books.
    await booked(await walkToTimeslot(fourth, { contact, language: 'fr', accept }), fourth);
    expect(await activeGuestVisits([email])).toBe(3);
  });
});

describe('simultaneous bookings', () => {
  it('8 guests from one address booking at once: exactly 5 booked, 3 answered 429', async () => {
    const address: Browser = { ip: '203.0.113.30' };
    const contacts = Array.from({ length: 8 }, () => contactOf());
    const walks: Tokens[] = [];
    for (const [i, contact] of contacts.entries()) walks.push(await walkToTimeslot(address, { contact, ...(await toDietitian(i)) }));

    const results = await Promise.all(walks.map((t) => book(t, address)));
    const answers = JSON.stringify(results.map((r) => [r.status, r.json.code]));
    expect(results.filter((r) => r.status === 200), answers).toHaveLength(5);
    expect(results.filter((r) => r.status === 429), answers).toHaveLength(3);
    for (const res of results.filter((r) => r.status === 429)) expectAddressLimit(res, 'en');
    expect(await activeGuestVisits(contacts.map((c) => c.email))).toBe(5);
  });

  it('5 bookings of one e-mail at once: exactly 3 booked, 2 answered 409 guest_upcoming_limit', async () => {
    const email = `together-${Date.now()}@example.ca`;
    const contact = contactOf(email);
    const browsers: Browser[] = Array.from({ length: 5 }, (_, i) => ({ ip: `203.0.113.${40 + i}` }));
    const walks: Tokens[] = [];
    for (const [i, who] of browsers.entries()) walks.push(await walkToTimeslot(who, { contact, ...(await toDietitian(i)) }));

    const results = await Promise.all(walks.map((t, i) => book(t, browsers[i]!)));
    const answers = JSON.stringify(results.map((r) => [r.status, r.json.code]));
    expect(results.filter((r) => r.status === 200), answers).toHaveLength(3);
    const refused = results.filter((r) => r.status === 409);
    expect(refused, answers).toHaveLength(2);
    for (const res of refused) expect(res.json.code).toBe('guest_upcoming_limit');
    expect(await activeGuestVisits([email])).toBe(3);
  });
});

describe('the guest checks and the index on guests’ addresses (migration 0017)', () => {
  /** The plan PostgreSQL picks for appointments matching `where`, sequential scans priced out as on a large table. */
  async function planOf(where: SQL): Promise<string> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const { rows } = await tx.execute<Record<string, string>>(sql`EXPLAIN SELECT id FROM ${appointments} WHERE ${where}`);
      return rows.map((row) => Object.values(row).join(' ')).join('\n');
    });
  }

  it('match a guest so that the partial index can answer (issue #38; the bare address comparison could not)', async () => {
    expect(await planOf(guestAppointmentsOf('Guest@Example.ca'))).toContain('appointments_guest_email_idx');
    // Why `patient_id IS NULL` is there: the index holds only guests' rows.
    expect(await planOf(sql`lower(${appointments.guestContact} ->> 'email') = 'guest@example.ca'`)).not.toContain('appointments_guest_email_idx');
  });
});
