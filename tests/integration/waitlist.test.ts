import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as cancelAppointment } from '@/app/api/booking/cancel-appointment/route';
import { POST as viewLink } from '@/app/api/booking/waitlist/route';
import { POST as claim } from '@/app/api/booking/waitlist/claim/route';
import { POST as join_ } from '@/app/api/booking/waitlist/join/route';
import { POST as leave } from '@/app/api/booking/waitlist/leave/route';
import { GET as clinicList } from '@/app/api/clinic/waitlist/route';
import { DELETE as clinicRemove } from '@/app/api/clinic/waitlist/[id]/route';
import { POST as clinicOffer } from '@/app/api/clinic/waitlist/[id]/offers/route';
import { GET as clinicSlots } from '@/app/api/clinic/waitlist/[id]/slots/route';
import { DELETE as deleteTimeOff } from '@/app/api/clinic/time-off/[id]/route';
import { POST as addTimeOff } from '@/app/api/clinic/time-off/route';
import { pageLink } from '@/lib/server/auth/links';
import { utcToLocalDate, addDays } from '@/lib/server/booking/clinicTime';
import type { Database } from '@/lib/server/db/client';
import { appointments, services, skills, waitlistEntries, waitlistOffers, waitlistWakeups } from '@/lib/server/db/schema';
import { readOutbox, type OutboxRecord } from '@/lib/server/email';
import { deliverQueuedEmails } from '@/lib/server/email/queue';
import { listenersSettled } from '@/lib/server/events/announce';
import { expireEntries } from '@/lib/server/waitlist/entries';
import { offerFreedSlots } from '@/lib/server/waitlist/offerPass';
import { OFFER_BATCH, OFFER_LIFETIME_MS } from '@/lib/server/waitlist/rules';
import { manageTokenIn } from './support/after-booking';
import { bookingDriver, firstSlot, form, slotTokens, type Slot, type Who } from './support/booking';
import { demoClinic } from './support/clinic';
import { call } from './support/http';
import { deliverMail } from './support/mail';
import { addPerson, type TestPerson } from './support/people';

/**
 * The waitlist (issue #16), through the route handlers on the seeded demo clinic: joining from
 * the date step with the booking's tokens, the offer of a freed time (a cancellation, deleted
 * time off, an expired offer passing on), the one-click claim where the first wins, leaving, the
 * clinic's list, and what the e-mails never say. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */

const clinic = demoClinic('waitlist');
let db: Database;
const HOUR = 3_600_000;
const TZ = 'America/Toronto';
const ALL_TIMES = ['morning', 'afternoon', 'evening'];
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
let consultation: typeof services.$inferSelect;
let privateWords: string[] = [];
let employee: TestPerson;

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  [consultation] = (await db.select().from(services).where(eq(services.slug, 'individual-consultation'))) as [typeof services.$inferSelect];
  // What the e-mails must never say: the reasons (the skill's names) and the booking's message.
  privateWords = [...(await db.select().from(skills).where(eq(skills.slug, 'weight-management'))).flatMap((s) => [s.nameEn, s.nameFr]), 'Diabète', 'privé'];
  employee = await addPerson(db, { email: 'desk@example.test', role: 'employee', firstName: 'Dana', lastName: 'Desk' });
});
afterAll(() => clinic.close());

type Handler = Parameters<typeof call>[0];
/** A route handler of an `[id]` route, called with that id. */
const withId =
  (handler: (request: Request, route: { params: Promise<{ id: string }> }) => Promise<Response>, id: number): Handler =>
  (request) =>
    handler(request, { params: Promise.resolve({ id: String(id) }) });
let ipCount = 0;
const freshIp = () => `198.51.100.${++ipCount}`;
const postFrom = (ip: string, handler: Handler, path: string, body: unknown, who: Who = {}) =>
  call(handler, path, { body, locale: who.locale, cookie: who.cookie, headers: { 'x-forwarded-for': ip } });

async function sendQueue() {
  await deliverMail();
  await deliverQueuedEmails(db);
}
const mailsTo = async (to: string): Promise<OutboxRecord[]> => (await readOutbox(join(clinic.dataDir, 'outbox'))).filter((m) => m.to === to);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** The token of a waitlist link (`<origin>/waitlist#<token>`, `/fr/liste-attente#<token>`) in an e-mail's text. */
const waitlistTokenIn = (text: string, language: 'en' | 'fr') =>
  new RegExp(`${escapeRegExp(pageLink(language, '/waitlist'))}#([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])`).exec(text)?.[1];

/** The offer e-mails sent to `email`, newest last, with their claim tokens. */
async function offersTo(email: string, language: 'en' | 'fr') {
  await sendQueue();
  const subject = language === 'fr' ? 'Une plage s’est libérée' : 'A time opened up';
  return (await mailsTo(email)).filter((m) => m.subject.startsWith(subject)).map((m) => ({ mail: m, token: waitlistTokenIn(m.text, language)! }));
}

function expectNothingPrivate(mail: OutboxRecord) {
  for (const word of privateWords) {
    expect(mail.text, `an e-mail says ${word}`).not.toContain(word);
    expect(mail.html, `an e-mail says ${word}`).not.toContain(word);
  }
}

let guestCount = 0;
/** A guest walks the booking steps and joins the waitlist with `window`; answers the join's response. */
async function guestJoins(options: { language?: 'en' | 'fr'; from: string; to: string; times?: string[]; days?: number[]; email?: string }) {
  const language = options.language ?? 'en';
  const email = options.email ?? `waiting-${++guestCount}@example.test`;
  const driver = bookingDriver(clinic.catalog, { ...form, email });
  const who: Who = { locale: language };
  const t = await driver.walk({ language, who });
  const body = { ...slotTokens(t), from_date: options.from, to_date: options.to, times_of_day: options.times ?? ALL_TIMES, weekdays: options.days ?? ALL_DAYS };
  const res = await postFrom(freshIp(), join_, '/api/booking/waitlist/join', body, who);
  return { res, email, t, body, who };
}

/** A patient books a free time at Centretown at least `minHours` ahead; answers the appointment and its slot. */
async function patientBooks(patient: TestPerson, minHours = 72, accept: (date: string, slot: Slot) => boolean = () => true) {
  const driver = bookingDriver(clinic.catalog);
  const who: Who = { cookie: patient.cookie };
  const t = await driver.walk({ who });
  const offered = (await driver.slots(t, who)).appointment_options;
  const { date, slot } = firstSlot(offered, (d, s) => Date.parse(s.start) > Date.now() + minHours * HOUR && accept(d, s));
  expect((await driver.choose(t, date, slot, who)).status).toBe(200);
  const booked = await driver.book(t, who);
  expect(booked.status, JSON.stringify(booked.json)).toBe(200);
  return { id: (booked.json.appointment as { id: number }).id, date, slot };
}

const entryOf = async (email: string) =>
  (await db.select().from(waitlistEntries)).filter((e) => e.guestContact?.email === email).sort((a, b) => b.id - a.id)[0]!;
const offersOf = (entryId: number) => db.select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entryId));

describe('A. a French guest joins; a patient cancels the matching visit; the guest is offered it and claims it', () => {
  it('confirms the place in French, offers the freed time first, books it in one click, once', async () => {
    const patient = await addPerson(db, { email: 'cancels@example.test', role: 'patient' });
    const visit = await patientBooks(patient);
    const { res, email, body, who } = await guestJoins({ language: 'fr', from: visit.date, to: addDays(visit.date, 6) });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ email, entry: { status: 'active', service_name: consultation.nameFr, from_date: visit.date, times_of_day: ALL_TIMES } });

    // The confirmation, in French, with the link to see or leave the place; never the reasons or the message.
    await sendQueue();
    const [joined] = await mailsTo(email);
    expect(joined?.subject).toBe(`Vous êtes sur la liste d’attente\u00a0: ${consultation.nameFr}`);
    expect(waitlistTokenIn(joined!.text, 'fr'), joined!.text).toBeDefined();
    expectNothingPrivate(joined!);

    // One active place per service and person.
    const again = await postFrom(freshIp(), join_, '/api/booking/waitlist/join', body, who);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'waitlist_already' });
    expect(JSON.stringify(again.json)).toContain('déjà sur la liste d’attente');

    // The patient cancels: the freed time itself is offered, at once (the cancellation's
    // background pass or this run, whichever comes first: never twice).
    const cancelled = await call(cancelAppointment, '/api/booking/cancel-appointment', { body: { appointment_id: visit.id }, cookie: patient.cookie });
    await listenersSettled(); // the cancellation's own background pass, first
    expect(cancelled.status).toBe(200);
    await offerFreedSlots(db);
    const entry = await entryOf(email);
    const offers = await offersOf(entry.id);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ status: 'open', startsAt: new Date(visit.slot.start) });
    expect(offers[0]!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + OFFER_LIFETIME_MS);

    const [offer] = await offersTo(email, 'fr');
    expect(offer, 'an offer e-mail').toBeDefined();
    expect(offer!.token).toBeDefined();
    expectNothingPrivate(offer!.mail);
    expect(offer!.mail.text).toContain('Réserver cette plage');

    // The link opens the offer in French; one click books it.
    const ip = freshIp();
    const seen = await postFrom(ip, viewLink, '/api/booking/waitlist', { token: offer!.token }, { locale: 'fr' });
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({ entry: { status: 'active', service_name: consultation.nameFr }, offer: { status: 'open', start: visit.slot.start } });
    const claimed = await postFrom(ip, claim, '/api/booking/waitlist/claim', { token: offer!.token }, { locale: 'fr' });
    expect(claimed.status, JSON.stringify(claimed.json)).toBe(200);
    expect(claimed.json).toMatchObject({ entry: { status: 'booked' }, offer: { status: 'claimed' }, appointment: { status: 'booked', start: visit.slot.start } });

    // The slot is theirs, with the booking's reasons and message, and its normal confirmation and manage link.
    const [booked] = await db.select().from(appointments).where(and(eq(appointments.startsAt, new Date(visit.slot.start)), eq(appointments.status, 'booked')));
    expect(booked?.guestContact?.email).toBe(email);
    expect(booked?.message).toBe('Diabète (privé)');
    await sendQueue();
    const confirmation = (await mailsTo(email)).find((m) => m.subject.startsWith('Rendez-vous confirmé'));
    expect(confirmation, 'the booking confirmation').toBeDefined();
    expect(manageTokenIn(confirmation!.text, 'fr')).toBeDefined();

    // The link used again: a clear refusal, nothing booked twice.
    const twice = await postFrom(ip, claim, '/api/booking/waitlist/claim', { token: offer!.token }, { locale: 'fr' });
    expect(twice.status).toBe(409);
    expect(twice.json).toMatchObject({ code: 'waitlist_offer_claimed' });
  });

  it('refuses a join with a window in the past, beyond the horizon, or without times or days', async () => {
    const today = utcToLocalDate(new Date(), TZ);
    const past = await guestJoins({ from: addDays(today, -1), to: today });
    expect(past.res.status).toBe(400);
    expect(past.res.json).toMatchObject({ field_errors: { from_date: [expect.any(String)] } });
    const beyond = await guestJoins({ from: today, to: addDays(today, consultation.maxAdvanceBookingDays + 5) });
    expect(beyond.res.status).toBe(400);
    expect(beyond.res.json).toMatchObject({ field_errors: { to_date: [expect.any(String)] } });
    const empty = await guestJoins({ from: today, to: addDays(today, 3), times: [], days: [] });
    expect(empty.res.status).toBe(400);
    expect(Object.keys((empty.res.json as { field_errors: object }).field_errors).sort()).toEqual(['times_of_day', 'weekdays']);
    expect(await db.select().from(waitlistEntries).where(eq(waitlistEntries.fromDate, addDays(today, -1)))).toHaveLength(0);
  });
});

describe('A2. joining is limited per client address', () => {
  it('answers 429 with Retry-After after 10 joins from one address in an hour', async () => {
    const today = utcToLocalDate(new Date(), TZ);
    const ip = freshIp();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof postFrom>> | undefined;
    // Two months out, a window no other test's freed times fall in: these 10 places would
    // otherwise be first in line (oldest first) for the times the later tests free.
    for (let i = 0; i < 11; i++) {
      const driver = bookingDriver(clinic.catalog, { ...form, email: `limited-${i}@example.test` });
      const t = await driver.walk({});
      last = await postFrom(ip, join_, '/api/booking/waitlist/join', { ...slotTokens(t), from_date: addDays(today, 60), to_date: addDays(today, 66), times_of_day: ALL_TIMES, weekdays: ALL_DAYS });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await db.select().from(waitlistEntries).where(eq(waitlistEntries.personKey, 'guest:limited-10@example.test'))).toHaveLength(0);
  });
});

/** A free time of the seeded clinic, well ahead, and the entries (joined in order) that wait for its date. */
async function waitingFor(count: number, hoursAhead: number) {
  const patient = await addPerson(db, { email: `holder-${++guestCount}@example.test`, role: 'patient' });
  const visit = await patientBooks(patient, hoursAhead);
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const { res, email } = await guestJoins({ from: visit.date, to: visit.date });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    emails.push(email);
  }
  return { patient, visit, emails };
}

describe('B. first claim wins', () => {
  it('20 simultaneous claims of one link: exactly 1 booking and 19 clear refusals', async () => {
    const { patient, visit, emails } = await waitingFor(1, 24 * 9);
    await call(cancelAppointment, '/api/booking/cancel-appointment', { body: { appointment_id: visit.id }, cookie: patient.cookie });
    await listenersSettled(); // the cancellation's own background pass, first
    await offerFreedSlots(db);
    const [offer] = await offersTo(emails[0]!, 'en');
    const results = await Promise.all(Array.from({ length: 20 }, () => postFrom(freshIp(), claim, '/api/booking/waitlist/claim', { token: offer!.token })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.json.code === 'waitlist_offer_claimed')).toHaveLength(19);
    const booked = await db.select().from(appointments).where(and(eq(appointments.startsAt, new Date(visit.slot.start)), eq(appointments.status, 'booked')));
    expect(booked).toHaveLength(1);
    expect(booked[0]!.guestContact?.email).toBe(emails[0]);
  });

  it('one time offered to 20 entries, claimed at once: 1 booking, 19 "just taken", and the 19 stay on the list', async () => {
    const { visit, emails } = await waitingFor(20, 24 * 12);
    // The desk offers one free time of that day to each of the 20, from the clinic's page (the
    // job would offer a freed time to a batch of OFFER_BATCH; nothing is freed here, so no pass
    // of the job's offers races the desk's).
    const first = await entryOf(emails[0]!);
    const free = await call(withId(clinicSlots, first.id), `/api/clinic/waitlist/${first.id}/slots`, { method: 'GET', cookie: employee.cookie });
    const slot = firstSlot(free.json.appointment_options as Record<string, Slot[]>, (date) => date === visit.date).slot;
    for (const email of emails) {
      const entry = await entryOf(email);
      const res = await call(withId(clinicOffer, entry.id), `/api/clinic/waitlist/${entry.id}/offers`, { body: { start: slot.start }, cookie: employee.cookie });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }
    const tokens = await Promise.all(emails.map(async (email) => (await offersTo(email, 'en')).at(-1)!.token));
    const results = await Promise.all(tokens.map((token) => postFrom(freshIp(), claim, '/api/booking/waitlist/claim', { token })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409 && r.json.code === 'waitlist_slot_taken');
    expect(refused).toHaveLength(19);
    expect(JSON.stringify(refused[0]!.json)).toContain('You stay on the waitlist');
    const entries = await Promise.all(emails.map(entryOf));
    expect(entries.filter((e) => e.status === 'booked')).toHaveLength(1);
    expect(entries.filter((e) => e.status === 'active')).toHaveLength(19);
    // (The visit of the day's holder may be at the same time, with another dietitian.)
    const booked = (await db.select().from(appointments).where(and(eq(appointments.startsAt, new Date(slot.start)), eq(appointments.status, 'booked')))).filter(
      (a) => a.employeeId === slot.recommended_employee.id,
    );
    expect(booked).toHaveLength(1);
    expect(emails).toContain(booked[0]!.guestContact?.email);
  });
});

describe('C. batches, expiry, leaving', () => {
  it(`offers a freed time to ${OFFER_BATCH} entries in joining order; when they expire it passes to the next`, async () => {
    const { patient, visit, emails } = await waitingFor(OFFER_BATCH + 1, 24 * 15);
    await call(cancelAppointment, '/api/booking/cancel-appointment', { body: { appointment_id: visit.id }, cookie: patient.cookie });
    await listenersSettled(); // the cancellation's own background pass, first
    await offerFreedSlots(db);
    const entries = await Promise.all(emails.map(entryOf));
    const firstRound = await Promise.all(entries.map((e) => offersOf(e.id)));
    expect(firstRound.map((offers) => offers.length)).toEqual([...Array<number>(OFFER_BATCH).fill(1), 0]);
    for (const offers of firstRound.slice(0, OFFER_BATCH)) expect(offers[0]!.startsAt).toEqual(new Date(visit.slot.start));

    // Two hours later nobody claimed it: the offers expire and the time goes to the next entry, once.
    const later = new Date(Date.now() + OFFER_LIFETIME_MS + 60_000);
    const run = await offerFreedSlots(db, later);
    expect(run.expiredOffers).toBeGreaterThanOrEqual(OFFER_BATCH);
    const secondRound = await Promise.all(entries.map((e) => offersOf(e.id)));
    expect(secondRound.slice(0, OFFER_BATCH).every((offers) => offers.length === 1 && offers[0]!.status === 'expired')).toBe(true);
    expect(secondRound[OFFER_BATCH]).toMatchObject([{ status: 'open', startsAt: new Date(visit.slot.start) }]);
    // An expired link says so, and the place stays.
    const [stale] = await offersTo(emails[0]!, 'en');
    const res = await postFrom(freshIp(), claim, '/api/booking/waitlist/claim', { token: stale!.token });
    expect(res.status).toBe(410);
    expect((await entryOf(emails[0]!)).status).toBe('active');
  });

  it('leaves the list from the confirmation link; an entry ends with its window', async () => {
    const today = utcToLocalDate(new Date(), TZ);
    const { email } = await guestJoins({ from: addDays(today, 2), to: addDays(today, 4) });
    await sendQueue();
    const token = waitlistTokenIn((await mailsTo(email))[0]!.text, 'en')!;
    const ip = freshIp();
    const left = await postFrom(ip, leave, '/api/booking/waitlist/leave', { token });
    expect(left.status).toBe(200);
    expect(left.json).toMatchObject({ entry: { status: 'left' }, offer: null });
    expect((await postFrom(ip, leave, '/api/booking/waitlist/leave', { token })).json).toMatchObject({ entry: { status: 'left' } });
    // A guessed token: the same 404 as a dead one.
    const guessed = await postFrom(ip, viewLink, '/api/booking/waitlist', { token: 'A'.repeat(43) });
    expect(guessed.status).toBe(404);

    const other = await guestJoins({ from: addDays(today, 1), to: addDays(today, 2) });
    expect(other.res.status).toBe(201);
    const run = await offerFreedSlots(db, new Date(Date.now() + 4 * 24 * HOUR));
    expect(run.expiredEntries).toBeGreaterThanOrEqual(1);
    expect((await entryOf(other.email)).status).toBe('expired');
  });
});

describe('D. deleted time off frees a chosen dietitian’s day', () => {
  it('offers the entry a time of that day once the time off is deleted', async () => {
    const amira = await clinic.userId('amira.haddad@demo.equilibrenutrition.ca');
    const amiraCookie = await clinic.cookieFor(amira);
    const patient = await addPerson(db, { email: 'chosen@example.test', role: 'patient' });
    // The desk books for the patient with Amira: first, a day she works, 10 days ahead.
    const driver = bookingDriver(clinic.catalog);
    const who: Who = { cookie: employee.cookie };
    const session = { employee_selected_patient_id: patient.id, employee_selected_dietitian_id: amira };
    // Amira works at Centretown on Tuesdays and Thursdays; diabetes is one of her skills.
    const t = await driver.walk({ who, session, skills: ['diabetes'] });
    const offered = (await driver.slots(t, who)).appointment_options;
    const { date } = firstSlot(offered, (_, s) => Date.parse(s.start) > Date.now() + 24 * 10 * HOUR);
    // Amira takes the day off: nothing left that day for this patient.
    const off = await call(addTimeOff, '/api/clinic/time-off', { body: { start_date: date, end_date: date, reason: 'Congé' }, cookie: amiraCookie });
    expect(off.status, JSON.stringify(off.json)).toBe(201);
    const joined = await postFrom(freshIp(), join_, '/api/booking/waitlist/join', { ...slotTokens(t), from_date: date, to_date: date, times_of_day: ALL_TIMES, weekdays: ALL_DAYS }, who);
    expect(joined.status, JSON.stringify(joined.json)).toBe(201);
    expect(joined.json).toMatchObject({ email: patient.email, entry: { dietitian_name: expect.stringContaining('Amira') } });
    const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.patientId, patient.id));
    expect(entry).toMatchObject({ employeeId: amira, addedBy: employee.id });

    // The clinic's list shows it (filtered by dietitian); a patient may not read it.
    const list = await call(clinicList, `/api/clinic/waitlist?employee_id=${amira}&date=${date}`, { method: 'GET', cookie: employee.cookie });
    expect(list.status).toBe(200);
    expect((list.json.entries as { id: number; person: { email: string } }[]).map((e) => e.id)).toContain(entry!.id);
    expect(JSON.stringify(list.json)).not.toContain('Diabète');
    expect((await call(clinicList, '/api/clinic/waitlist', { method: 'GET', cookie: patient.cookie })).status).toBe(403);
    // Issue #38: a filter past PostgreSQL's integer answered 500.
    for (const filter of ['employee_id=2147483648', 'service_id=99999999999', 'office_id=-1']) {
      expect((await call(clinicList, `/api/clinic/waitlist?${filter}`, { method: 'GET', cookie: employee.cookie })).status, filter).toBe(400);
    }
    expect((await call(clinicList, '/api/clinic/waitlist', { method: 'GET' })).status).toBe(401);

    const timeOffId = (off.json.time_off as { id: number }).id;
    const removed = await call(withId(deleteTimeOff, timeOffId), `/api/clinic/time-off/${timeOffId}`, { method: 'DELETE', cookie: amiraCookie });
    expect(removed.status).toBe(200);
    await listenersSettled(); // the deletion's own background pass, first
    await offerFreedSlots(db);
    const offers = await offersOf(entry!.id);
    expect(offers).toHaveLength(1);
    expect(offers[0]!.employeeId).toBe(amira);
    expect(utcToLocalDate(offers[0]!.startsAt, TZ)).toBe(date);
    expect((await offersTo(patient.email, 'en')).length).toBe(1);

    // The desk can look up the entry's free times and remove the entry.
    const slots = await call(withId(clinicSlots, entry!.id), `/api/clinic/waitlist/${entry!.id}/slots`, { method: 'GET', cookie: employee.cookie });
    expect(slots.status).toBe(200);
    expect(Object.keys(slots.json.appointment_options as object).length).toBeGreaterThan(0);
    const gone = await call(withId(clinicRemove, entry!.id), `/api/clinic/waitlist/${entry!.id}`, { method: 'DELETE', cookie: employee.cookie });
    expect(gone.status).toBe(200);
    // The person is told, in the entry's language, without the reasons.
    await sendQueue();
    const notice = (await mailsTo(patient.email)).find((m) => m.subject.startsWith('Your place on the waitlist has ended'));
    expect(notice, 'the removal notice').toBeDefined();
    expect(notice!.text).not.toContain('Diabetes');
    expect((await offersOf(entry!.id))[0]!.status).toBe('withdrawn');
    expect((await call(withId(clinicRemove, entry!.id), `/api/clinic/waitlist/${entry!.id}`, { method: 'DELETE', cookie: employee.cookie })).status).toBe(404);
  });
});

describe('E. an offer that is left or removed goes on at once (issue 27)', () => {
  it('leaving or being removed passes the held time to the next in line in the same pass; a claim after says why it is refused', async () => {
    const { patient, visit, emails } = await waitingFor(OFFER_BATCH + 2, 24 * 18);
    await call(cancelAppointment, '/api/booking/cancel-appointment', { body: { appointment_id: visit.id }, cookie: patient.cookie });
    await listenersSettled(); // the cancellation's own background pass
    await offerFreedSlots(db);
    const entries = await Promise.all(emails.map(entryOf));
    expect((await Promise.all(entries.map((e) => offersOf(e.id)))).map((offers) => offers.length)).toEqual([...Array<number>(OFFER_BATCH).fill(1), 0, 0]);
    const freedStart = new Date(visit.slot.start);
    const openOffersOfTime = async () =>
      (await db.select().from(waitlistOffers).where(and(eq(waitlistOffers.startsAt, freedStart), eq(waitlistOffers.status, 'open')))).filter(
        (o) => o.employeeId === visit.slot.recommended_employee.id,
      );

    // The first leaves from the offer's own link: the offer is withdrawn, and its time is recorded
    // as freed in the same transaction and announced: the leave's background pass offers it to the
    // next in line, long before the batch's other offers expire (no job run, no clock moved).
    const [held] = await offersTo(emails[0]!, 'en');
    const ip = freshIp();
    const left = await postFrom(ip, leave, '/api/booking/waitlist/leave', { token: held!.token });
    expect(left.status).toBe(200);
    expect(left.json).toMatchObject({ entry: { status: 'left' }, offer: { status: 'withdrawn' } });
    await listenersSettled();
    expect(await offersOf(entries[OFFER_BATCH]!.id)).toMatchObject([{ status: 'open', startsAt: freedStart }]);
    expect(await offersOf(entries[OFFER_BATCH + 1]!.id)).toHaveLength(0);
    expect(await openOffersOfTime()).toHaveLength(OFFER_BATCH);

    // The clinic removes the second: the next one is offered it at once too.
    const removed = await call(withId(clinicRemove, entries[1]!.id), `/api/clinic/waitlist/${entries[1]!.id}`, { method: 'DELETE', cookie: employee.cookie });
    expect(removed.status).toBe(200);
    await listenersSettled();
    expect(await offersOf(entries[OFFER_BATCH + 1]!.id)).toMatchObject([{ status: 'open', startsAt: freedStart }]);
    expect(await openOffersOfTime()).toHaveLength(OFFER_BATCH);
    expect((await offersOf(entries[1]!.id))[0]!.status).toBe('withdrawn');
    // Each got its offer e-mail.
    expect(await offersTo(emails[OFFER_BATCH]!, 'en')).toHaveLength(1);
    expect(await offersTo(emails[OFFER_BATCH + 1]!, 'en')).toHaveLength(1);

    // Claiming the withdrawn offer afterwards: a distinct answer that says what happened, never
    // "expired" or "you stay on the waitlist", in the page's language.
    const afterLeaving = await postFrom(ip, claim, '/api/booking/waitlist/claim', { token: held!.token });
    expect(afterLeaving.status).toBe(410);
    expect(afterLeaving.json).toMatchObject({ code: 'waitlist_offer_withdrawn' });
    expect(JSON.stringify(afterLeaving.json)).toContain('This offer was withdrawn because you left the waitlist.');
    expect(JSON.stringify(afterLeaving.json)).not.toMatch(/expired|You stay on the waitlist/);
    const afterLeavingFr = await postFrom(ip, claim, '/api/booking/waitlist/claim', { token: held!.token }, { locale: 'fr' });
    expect(JSON.stringify(afterLeavingFr.json)).toContain('Cette offre a été retirée parce que vous avez quitté la liste d’attente.');

    const [removedOffer] = await offersTo(emails[1]!, 'en');
    const afterRemoval = await postFrom(freshIp(), claim, '/api/booking/waitlist/claim', { token: removedOffer!.token }, { locale: 'fr' });
    expect(afterRemoval.status).toBe(410);
    expect(afterRemoval.json).toMatchObject({ code: 'waitlist_offer_withdrawn' });
    expect(JSON.stringify(afterRemoval.json)).toContain('Cette offre a été retirée parce que la clinique vous a retiré de la liste d’attente.');
    expect(JSON.stringify(afterRemoval.json)).not.toMatch(/expiré|Vous restez sur la liste/);
    const afterRemovalEn = await postFrom(freshIp(), claim, '/api/booking/waitlist/claim', { token: removedOffer!.token });
    expect(JSON.stringify(afterRemovalEn.json)).toContain('This offer was withdrawn because the clinic took you off the waitlist.');

    // Nothing was booked by them; the page's view says the offer was withdrawn and the place ended.
    const booked = await db.select().from(appointments).where(and(eq(appointments.startsAt, freedStart), eq(appointments.status, 'booked')));
    expect(booked.filter((a) => a.guestContact?.email === emails[0] || a.guestContact?.email === emails[1])).toHaveLength(0);
    const seen = await postFrom(freshIp(), viewLink, '/api/booking/waitlist', { token: removedOffer!.token });
    expect(seen.json).toMatchObject({ entry: { status: 'removed' }, offer: { status: 'withdrawn' } });

    // The one offered it after the leave can still book it.
    const [next] = await offersTo(emails[OFFER_BATCH]!, 'en');
    const claimed = await postFrom(freshIp(), claim, '/api/booking/waitlist/claim', { token: next!.token });
    expect(claimed.status, JSON.stringify(claimed.json)).toBe(200);
    expect(claimed.json).toMatchObject({ entry: { status: 'booked' }, appointment: { start: visit.slot.start } });
  });

  it('when the whole batch leaves, the time goes to the next batch at once', async () => {
    const { patient, visit, emails } = await waitingFor(OFFER_BATCH * 2, 24 * 21);
    await call(cancelAppointment, '/api/booking/cancel-appointment', { body: { appointment_id: visit.id }, cookie: patient.cookie });
    await listenersSettled();
    await offerFreedSlots(db);
    const first = emails.slice(0, OFFER_BATCH);
    const second = emails.slice(OFFER_BATCH);
    for (const email of first) {
      const [held] = await offersTo(email, 'en');
      expect((await postFrom(freshIp(), leave, '/api/booking/waitlist/leave', { token: held!.token })).status).toBe(200);
    }
    await listenersSettled();
    const offers = await Promise.all(second.map(async (email) => offersOf((await entryOf(email)).id)));
    expect(offers).toEqual(second.map(() => [expect.objectContaining({ status: 'open', startsAt: new Date(visit.slot.start) })]));
    // Nothing is left to offer: no wakeup stays behind.
    expect(await db.select().from(waitlistWakeups)).toHaveLength(0);
  });
  it('an open offer the clinic replaces by hand passes its time to the next in line at once', async () => {
    const { patient, visit, emails } = await waitingFor(OFFER_BATCH + 1, 24 * 27);
    await call(cancelAppointment, '/api/booking/cancel-appointment', { body: { appointment_id: visit.id }, cookie: patient.cookie });
    await listenersSettled();
    await offerFreedSlots(db);
    const entries = await Promise.all(emails.map(entryOf));
    const freedStart = new Date(visit.slot.start);
    expect(await offersOf(entries[0]!.id)).toMatchObject([{ status: 'open', startsAt: freedStart }]);
    expect(await offersOf(entries[OFFER_BATCH]!.id)).toHaveLength(0);

    // The desk offers the first entry another free time of its day instead, well apart from the
    // freed one: an offer held over the freed time (same dietitian, 15 minutes later) would rightly
    // leave nothing to pass on, and which dietitians work that day follows the calendar.
    const slots = await call(withId(clinicSlots, entries[0]!.id), `/api/clinic/waitlist/${entries[0]!.id}/slots`, { method: 'GET', cookie: employee.cookie });
    const apart = (slot: Slot) => Date.parse(slot.start) >= Date.parse(visit.slot.end) + 2 * HOUR || Date.parse(slot.end) + 2 * HOUR <= freedStart.getTime();
    const other = Object.values(slots.json.appointment_options as Record<string, Slot[]>)
      .flat()
      .find(apart);
    expect(other, 'another free time that day').toBeDefined();
    const byHand = await call(withId(clinicOffer, entries[0]!.id), `/api/clinic/waitlist/${entries[0]!.id}/offers`, { body: { start: other!.start }, cookie: employee.cookie });
    expect(byHand.status, JSON.stringify(byHand.json)).toBe(201);
    await listenersSettled();
    // The replaced offer is withdrawn and its time recorded as freed: the next in line has it now.
    const firstOffers = await offersOf(entries[0]!.id);
    expect(firstOffers.find((o) => o.startsAt.getTime() === freedStart.getTime())).toMatchObject({ status: 'withdrawn' });
    expect(firstOffers.find((o) => o.startsAt.getTime() === Date.parse(other!.start))).toMatchObject({ status: 'open' });
    expect(await offersOf(entries[OFFER_BATCH]!.id)).toMatchObject([{ status: 'open', startsAt: freedStart }]);
    // The first e-mail's link now says the offer gave way to the newer one, not that it expired.
    const [replaced, newer] = await offersTo(emails[0]!, 'en');
    expect(newer, 'the offer by hand, e-mailed').toBeDefined();
    const stale = await postFrom(freshIp(), claim, '/api/booking/waitlist/claim', { token: replaced!.token });
    expect(stale.status).toBe(410);
    expect(stale.json).toMatchObject({ code: 'waitlist_offer_replaced' });
    expect(JSON.stringify(stale.json)).toContain('This offer was replaced by a newer one from the clinic');
    const staleFr = await postFrom(freshIp(), claim, '/api/booking/waitlist/claim', { token: replaced!.token }, { locale: 'fr' });
    expect(JSON.stringify(staleFr.json)).toContain('Cette offre a été remplacée par une offre plus récente de la clinique');
  });
});

describe('F. a window that can never match is refused (issue 27)', () => {
  /** The first date from `from` on whose ISO weekday is `weekday`. */
  const nextWeekday = (from: string, weekday: number) => {
    for (let date = from; ; date = addDays(date, 1)) if (((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1 === weekday) return date;
  };

  it('one Friday with Saturday as the only weekday: 400 with a localized field error, no place and no e-mail', async () => {
    const friday = nextWeekday(addDays(utcToLocalDate(new Date(), TZ), 1), 5);
    const en = await guestJoins({ from: friday, to: friday, days: [6] });
    expect(en.res.status).toBe(400);
    expect(en.res.json).toMatchObject({ code: 'validation_error', field_errors: { weekdays: [expect.stringContaining('None of the days you chose falls between your first and last dates')] } });
    const fr = await guestJoins({ language: 'fr', from: friday, to: friday, days: [6] });
    expect(fr.res.status).toBe(400);
    expect(fr.res.json).toMatchObject({ field_errors: { weekdays: [expect.stringContaining('Aucun des jours choisis ne tombe entre votre première et votre dernière date')] } });
    // A Monday-to-Wednesday window with only the weekend: refused the same way.
    const monday = nextWeekday(friday, 1);
    const weekend = await guestJoins({ from: monday, to: addDays(monday, 2), days: [6, 7] });
    expect(weekend.res.status).toBe(400);
    expect(Object.keys((weekend.res.json as { field_errors: object }).field_errors)).toEqual(['weekdays']);
    for (const email of [en.email, fr.email, weekend.email]) {
      expect(await db.select().from(waitlistEntries).where(eq(waitlistEntries.personKey, `guest:${email}`))).toHaveLength(0);
    }
    await sendQueue();
    for (const email of [en.email, fr.email, weekend.email]) expect(await mailsTo(email)).toHaveLength(0);

    // The same Friday with Friday among the days is a place, and its confirmation says « le vendredi … ».
    const ok = await guestJoins({ language: 'fr', from: friday, to: friday, days: [5, 6] });
    expect(ok.res.status, JSON.stringify(ok.res.json)).toBe(201);
    await sendQueue();
    const [joined] = await mailsTo(ok.email);
    expect(joined!.text).toMatch(/Période\u00a0: le vendredi \d{1,2}(?:er)? [a-zéû]+ \d{4}\n/);
    expect(joined!.text).not.toContain(' au vendredi');
  });
});

describe('G. an entry that expires holding an open offer frees its time (issue 27)', () => {
  // Last: it moves the clock past every other test's window.
  it('withdraws the offer and records its time as freed, in the same transaction', async () => {
    const { patient, visit, emails } = await waitingFor(1, 24 * 24);
    await call(cancelAppointment, '/api/booking/cancel-appointment', { body: { appointment_id: visit.id }, cookie: patient.cookie });
    await listenersSettled();
    await offerFreedSlots(db);
    const entry = await entryOf(emails[0]!);
    const [offer] = await offersOf(entry.id);
    expect(offer).toMatchObject({ status: 'open' });
    // The day after the window, before the offer's own expiry is looked at.
    const later = new Date(Date.parse(`${addDays(visit.date, 1)}T17:00:00Z`));
    expect(await expireEntries(db, later)).toBeGreaterThanOrEqual(1);
    expect((await entryOf(emails[0]!)).status).toBe('expired');
    expect((await offersOf(entry.id))[0]).toMatchObject({ status: 'withdrawn' });
    const wakeups = await db.select().from(waitlistWakeups).where(eq(waitlistWakeups.startsAt, offer!.startsAt));
    expect(wakeups).toContainEqual(expect.objectContaining({ employeeId: offer!.employeeId, startsAt: offer!.startsAt, endsAt: offer!.blockedUntil }));
  });
});
