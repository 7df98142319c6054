import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as feedRoute } from '@/app/api/calendar-feeds/[token]/route';
import { DELETE as turnOffRoute, GET as statusRoute, POST as makeRoute, PUT as titlesRoute } from '@/app/api/clinic/calendar-feed/route';
import { changePassword } from '@/lib/server/auth/passwordChanges';
import { hashPassword } from '@/lib/server/auth/passwords';
import { deactivateEmployee } from '@/lib/server/clinic/teamMembership';
import { appointments, auditEvents, calendarFeedFetches, groupSessions, users } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN } from '@/lib/server/db/seed';
import fr from '@/messages/fr.json';
import { demoClinic } from './support/clinic';
import { call, callResponse } from './support/http';

/**
 * Issue #41 through the route handlers, on PGlite and (TEST_DATABASE_URL) PostgreSQL: an
 * employee's private feed parses with ical.js and matches her agenda; a moved visit keeps its UID
 * with a higher SEQUENCE; a cancelled one is gone; no name, address, e-mail, phone or message in
 * the default feed, initials only with the option; a token ends with a new link, a password change
 * or a deactivation; 304 on an unchanged feed; 429 past the link's limit.
 */

const clinic = demoClinic('calendar-feed');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ids = { admin: 0, sophie: 0, patient: 0 };
const cookies = { admin: '', sophie: '', patient: '' };
const visits: Record<string, number> = {};
/** The follow-up service's French name, as the catalogue has it. */
const FOLLOW_UP = fr.Services['follow-up'].name;
const MESSAGE = 'Je souffre de reflux depuis ma grossesse';
let tokenOf = '';

const withToken = (token: string) => ((request: Request) => feedRoute(request, { params: Promise.resolve({ token: `${token}.ics` }) })) as never;
const fetchFeed = (token: string, headers: Record<string, string> = {}) => callResponse(withToken(token), `/api/calendar-feeds/${token}.ics`, { headers });
const make = async (cookie: string, titles: 'service' | 'initials' = 'service', locale: 'en' | 'fr' = 'fr') => {
  const res = await call(makeRoute, '/api/clinic/calendar-feed', { cookie, body: { titles }, locale });
  expect(res.status).toBe(201);
  const urls = res.json.urls as { https: string; webcal: string };
  return { token: /\/api\/calendar-feeds\/([^/]+)\.ics$/.exec(urls.https)![1]!, urls };
};

type Parsed = { uid: string; sequence: number; summary: string; location: string; start: string; description: string; url: string };
function parse(text: string): Parsed[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      location: event.location,
      start: event.startDate.toJSDate().toISOString(),
      description: event.description,
      url: String(vevent.getFirstPropertyValue('url')),
    };
  });
}

async function visit(name: string, startsAt: Date, options: { virtual?: boolean; patientId?: number | null } = {}) {
  const endsAt = new Date(startsAt.getTime() + 50 * 60_000);
  const [row] = await clinic.db
    .insert(appointments)
    .values({
      patientId: options.patientId === undefined ? ids.patient : options.patientId,
      guestContact: options.patientId === null ? { firstName: 'Nadia', lastName: 'Roy', email: 'nadia.roy@example.com', phone: '16135550147' } : null,
      employeeId: ids.sophie,
      serviceId: clinic.catalog.serviceId['follow-up']!,
      officeId: options.virtual ? clinic.catalog.officeId.virtual! : clinic.catalog.officeId.centretown!,
      startsAt,
      endsAt,
      blockedUntil: new Date(endsAt.getTime() + 10 * 60_000),
      sessionLanguage: 'fr',
      reasons: [clinic.catalog.skillId.diabetes!],
      message: MESSAGE,
      priceCents: 9500,
      taxCents: 0,
      totalCents: 9500,
    })
    .returning({ id: appointments.id });
  visits[name] = row!.id;
}

beforeAll(async () => {
  await clinic.open();
  ids.admin = await clinic.userId(DEMO_DIETITIAN.email);
  ids.sophie = await clinic.userId('sophie.tremblay@demo.equilibrenutrition.ca');
  ids.patient = await clinic.addPatientB();
  await clinic.db.update(users).set({ preferredLanguage: 'fr' }).where(eq(users.id, ids.sophie));
  for (const who of ['admin', 'sophie', 'patient'] as const) cookies[who] = await clinic.cookieFor(ids[who]);
  // Whole minutes: iCalendar times have no milliseconds.
  const base = Math.floor(Date.now() / 60_000) * 60_000 + 2 * DAY;
  await visit('office', new Date(base + 1 * HOUR));
  await visit('virtual', new Date(base + 3 * HOUR), { virtual: true });
  await visit('guest', new Date(base + 5 * HOUR), { patientId: null });
  await visit('past', new Date(base - 12 * DAY));
  await visit('tooOld', new Date(base - 42 * DAY));
  await visit('tooFar', new Date(base + 198 * DAY));
  tokenOf = (await make(cookies.sophie)).token;
}, 120_000);
afterAll(() => clinic.close());

describe('what the feed holds', () => {
  it('parses with ical.js, and holds her visits of the window in UTC, each once, as the agenda has them', async () => {
    const res = await fetchFeed(tokenOf);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toMatch(/^private/);
    const text = await res.text();
    const events = parse(text);
    const [rows] = [await clinic.db.select().from(appointments).where(eq(appointments.employeeId, ids.sophie))];
    const expected = rows.filter((row) => [visits.office, visits.virtual, visits.guest, visits.past].includes(row.id));
    expect(events.map((e) => e.start).sort()).toEqual(expected.map((row) => row.startsAt.toISOString()).sort());
    for (const row of expected) expect(events.some((e) => e.uid.startsWith(`visit-${row.calendarUid}@`))).toBe(true);
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    expect(text).not.toMatch(/TZID/);
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  });

  it('names the service and the kind of visit in her language, the office as the place, and links a virtual visit to the agenda', async () => {
    const events = parse(await (await fetchFeed(tokenOf)).text());
    const [office, virtual] = [events.find((e) => !e.location.startsWith('Visite virtuelle'))!, events.find((e) => e.location.startsWith('Visite virtuelle'))!];
    expect(office.summary).toBe(`${FOLLOW_UP} — en personne`);
    expect(office.location).toMatch(/Ottawa/);
    expect(virtual.summary).toBe(`${FOLLOW_UP} — virtuelle`);
    expect(virtual.url).toMatch(/\/fr\/profile\/agenda$/);
    const [row] = await clinic.db.select({ videoRoom: appointments.videoRoom }).from(appointments).where(eq(appointments.id, visits.virtual!));
    const text = await (await fetchFeed(tokenOf)).text();
    if (row!.videoRoom) expect(text).not.toContain(row!.videoRoom);
  });

  it('never holds a name, an e-mail, a phone, an address of the patient or their message; initials only when she asks', async () => {
    const text = (await (await fetchFeed(tokenOf)).text()).replace(/\r\n /g, '');
    for (const secret of ['Béa', 'patient-b@example.test', 'Nadia', 'Roy', 'nadia.roy@example.com', '6135550147', 'reflux', 'Diabète']) expect(text).not.toContain(secret);
    const res = await call(titlesRoute, '/api/clinic/calendar-feed', { cookie: cookies.sophie, body: { titles: 'initials' }, method: 'PUT' });
    expect(res.status).toBe(200);
    const summaries = parse(await (await fetchFeed(tokenOf)).text()).map((e) => e.summary);
    expect(summaries).toContain(`${FOLLOW_UP} — en personne — B. B.`);
    expect(summaries).toContain(`${FOLLOW_UP} — en personne — N. R.`);
    const withInitials = (await (await fetchFeed(tokenOf)).text()).replace(/\r\n /g, '');
    expect(withInitials).not.toContain('Béa');
    await call(titlesRoute, '/api/clinic/calendar-feed', { cookie: cookies.sophie, body: { titles: 'service' }, method: 'PUT' });
  });

  it('keeps a moved visit’s UID with a higher SEQUENCE, and drops a cancelled one', async () => {
    const before = parse(await (await fetchFeed(tokenOf)).text());
    const [row] = await clinic.db.select().from(appointments).where(eq(appointments.id, visits.office!));
    const uid = before.find((e) => e.start === row!.startsAt.toISOString())!.uid;
    const movedTo = new Date(row!.startsAt.getTime() + DAY);
    await clinic.db
      .update(appointments)
      .set({ startsAt: movedTo, endsAt: new Date(movedTo.getTime() + 50 * 60_000), blockedUntil: new Date(movedTo.getTime() + 60 * 60_000), sequence: sql`${appointments.sequence} + 1` })
      .where(eq(appointments.id, visits.office!));
    await clinic.db.update(appointments).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(appointments.id, visits.guest!));
    const after = parse(await (await fetchFeed(tokenOf)).text());
    const moved = after.find((e) => e.uid === uid)!;
    expect(moved.start).toBe(movedTo.toISOString());
    expect(moved.sequence).toBeGreaterThan(before.find((e) => e.uid === uid)!.sequence);
    expect(after).toHaveLength(before.length - 1);
  });

  it('holds her group sessions with the seats taken, and a moved session keeps its UID with a higher SEQUENCE', async () => {
    const startsAt = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 5 * DAY);
    const [topic] = await clinic.db.execute<{ id: number }>(sql`SELECT id FROM group_topics ORDER BY id LIMIT 1`).then((r) => r.rows);
    const [session] = await clinic.db
      .insert(groupSessions)
      .values({
        topicId: topic!.id,
        serviceId: clinic.catalog.serviceId['group-programs']!,
        employeeId: ids.sophie,
        officeId: clinic.catalog.officeId.centretown!,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 90 * 60_000),
        blockedUntil: new Date(startsAt.getTime() + 100 * 60_000),
        sessionLanguage: 'fr',
        capacity: 12,
        priceCents: 4000,
        taxCents: 0,
        totalCents: 4000,
      })
      .returning();
    const event = parse(await (await fetchFeed(tokenOf)).text()).find((e) => e.uid.startsWith(`group-${session!.id}@`))!;
    expect(event.summary).toMatch(/ — séance de groupe, 0\/12 places$/);
    await clinic.db.update(groupSessions).set({ sequence: sql`${groupSessions.sequence} + 1` }).where(eq(groupSessions.id, session!.id));
    const again = parse(await (await fetchFeed(tokenOf)).text()).find((e) => e.uid === event.uid)!;
    expect(again.sequence).toBe(event.sequence + 1);
  });

  it('folds every line at 75 octets, inside French text too, and ical.js reads the words back whole', async () => {
    const text = await (await fetchFeed(tokenOf)).text();
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text).toMatch(/\r\n [^\r\n]/); // something was folded: the French description is long
    const event = parse(text)[0]!;
    expect(event.description).toMatch(/^Détails dans l’agenda \(connexion requise\)\u00a0: http/);
  });
});

describe('polling and links', () => {
  it('answers 304 when nothing changed, and the feed again once something did; counts fetches per day', async () => {
    const first = await fetchFeed(tokenOf);
    const etag = first.headers.get('ETag')!;
    expect(first.headers.get('Last-Modified')).toBeTruthy();
    const same = await fetchFeed(tokenOf, { 'If-None-Match': etag });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    await visit('late', new Date(Math.floor(Date.now() / 60_000) * 60_000 + 9 * DAY));
    const changed = await fetchFeed(tokenOf, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(etag);
    const [count] = await clinic.db.select().from(calendarFeedFetches).where(eq(calendarFeedFetches.userId, ids.sophie));
    expect(count!.fetches).toBeGreaterThan(10);
    expect(count!.notModified).toBe(1);
  });

  it('answers 429 with Retry-After past the link’s limit', async () => {
    const { token } = await make(cookies.admin);
    let status = 200;
    let response: Response | undefined;
    for (let i = 0; i < 61 && status !== 429; i++) {
      response = await fetchFeed(token);
      status = response.status;
    }
    expect(status).toBe(429);
    expect(Number(response!.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('ends the old token at once with a new link, a password change or a deactivation; audits each link', async () => {
    const { token: second } = await make(cookies.sophie);
    expect((await fetchFeed(tokenOf)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    await clinic.db.update(users).set({ passwordHash: await hashPassword('ancienne phrase de passe 2026') }).where(eq(users.id, ids.sophie));
    const [sophie] = await clinic.db.select().from(users).where(eq(users.id, ids.sophie));
    await changePassword(clinic.db, sophie!, 'no-session', { current_password: 'ancienne phrase de passe 2026', new_password: 'nouvelle phrase de passe 2027' });
    expect((await fetchFeed(second)).status).toBe(404);
    expect((await call(statusRoute, '/api/clinic/calendar-feed', { cookie: await clinic.cookieFor(ids.sophie) })).json.feed).toMatchObject({ active: false });

    const { token: third } = await make(await clinic.cookieFor(ids.sophie));
    expect((await fetchFeed(third)).status).toBe(200);
    // Deactivation waits for her booked visits to be handed on: cancelled here, it goes through.
    await clinic.db.update(appointments).set({ status: 'cancelled', cancelledAt: new Date() }).where(sql`${appointments.employeeId} = ${ids.sophie} AND ${appointments.status} = 'booked'`);
    await deactivateEmployee(clinic.db, { employeeId: ids.sophie, locale: 'fr' }, { id: ids.admin });
    expect((await fetchFeed(third)).status).toBe(404);

    const audit = await clinic.db.select().from(auditEvents).where(sql`${auditEvents.action} LIKE 'calendar_feed_%' AND (${auditEvents.detail} ->> 'employee')::int = ${ids.sophie}`);
    expect(audit.map((a) => [a.action, a.detail.reason ?? null])).toEqual(
      expect.arrayContaining([
        ['calendar_feed_created', null],
        ['calendar_feed_ended', 'new_link'],
        ['calendar_feed_ended', 'password_changed'],
      ]),
    );
  });

  it('refuses a patient and a visitor the link page, and turns the feed off', async () => {
    expect((await call(statusRoute, '/api/clinic/calendar-feed', { cookie: cookies.patient })).status).toBe(403);
    expect((await call(makeRoute, '/api/clinic/calendar-feed', { body: { titles: 'service' } })).status).toBe(401);
    const { token } = await make(await clinic.cookieFor(ids.admin));
    expect((await call(turnOffRoute, '/api/clinic/calendar-feed', { cookie: cookies.admin, method: 'DELETE' })).status).toBe(200);
    expect((await fetchFeed(token)).status).toBe(404);
    expect((await fetchFeed('not-a-token')).status).toBe(404);
  });
});
