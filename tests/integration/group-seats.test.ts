import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as manageCancel } from '@/app/api/booking/manage/cancel/route';
import { GET as bookedRoute } from '@/app/api/booking/booked-appointments/route';
import { POST as manageView } from '@/app/api/booking/manage/route';
import { POST as waitlistJoin } from '@/app/api/booking/waitlist/join/route';
import { POST as waitlistClaim } from '@/app/api/booking/waitlist/claim/route';
import { offerFreedSlots } from '@/lib/server/waitlist/offerPass';
import { GET as clinicWaitlist } from '@/app/api/clinic/waitlist/route';
import { POST as clinicOffer } from '@/app/api/clinic/waitlist/[id]/offers/route';
import { GET as clinicSlots } from '@/app/api/clinic/waitlist/[id]/slots/route';
import type { ClinicWaitlistEntry } from '@/lib/schemas/waitlist';
import type { AppointmentOptions } from '@/lib/schemas/bookingSlots';
import { POST as manageReschedule } from '@/app/api/booking/manage/reschedule/route';
import { POST as manageSlots } from '@/app/api/booking/manage/slots/route';
import { GET as agendaRoute } from '@/app/api/clinic/agenda/route';
import { POST as cancelRoute } from '@/app/api/clinic/group-sessions/[id]/cancel/route';
import { GET as publicList } from '@/app/api/group-sessions/route';
import { PATCH as capacityRoute } from '@/app/api/clinic/group-sessions/[id]/route';
import { POST as moveRoute } from '@/app/api/clinic/group-sessions/[id]/move/route';
import { POST as recordPaymentRoute } from '@/app/api/clinic/appointments/[id]/payments/route';
import { GET as clinicPdfRoute } from '@/app/api/clinic/receipts/[id]/pdf/route';
import type { VisitPayments } from '@/lib/schemas/payments';
import type { PublicGroupTopic } from '@/lib/schemas/groupSessions';
import { addDays, utcToLocalDate, zonedDateTimeToUtc } from '@/lib/server/booking/clinicTime';
import { createManageLink } from '@/lib/server/booking/manageLinks';
import { formatDateTime } from '@/lib/format/dates';
import { resetConfigForTests } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { appointments, groupSessions, groupTopics } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN } from '@/lib/server/db/seed';
import { scheduleGroupSessions } from '@/lib/server/groups/schedule';
import { bookingDriver, slotTokens, type Slot, type Who } from './support/booking';
import { join } from 'node:path';
import { demoClinic } from './support/clinic';
import { call, callResponse } from './support/http';
import { pdfText } from './support/pdf';
import { deliveredOutbox } from './support/mail';
import { addPerson, type TestPerson } from './support/people';

/**
 * A seat in a group session through the booking flow's eight steps (issue #28, item 2): the date
 * step lists the sessions, the check names the one chosen, and the database decides the last seat.
 */
const clinic = demoClinic('group-seats');
let db: Database;
const driver = bookingDriver(clinic.catalog);
let dietitianId = 0;
let people = 0;
type Handler = (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;
const byId = (handler: Handler, id: number | string) => (request: Request) => handler(request, { params: Promise.resolve({ id: String(id) }) });

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  dietitianId = await clinic.userId(DEMO_DIETITIAN.email);
});
afterAll(() => clinic.close());

const patient = () => addPerson(db, { email: `seat-${++people}@example.test`, role: 'patient' });

/** A session (or a weekly series of `meetings`) of `capacity` seats at the Centretown office, in English, `weeks` weeks ahead at 18:00. */
async function sessionIn(weeks: number, capacity: number, meetings = 1, topicSlug = 'heart-healthy-cooking', time = '18:00', priceCents?: number) {
  const [topic] = await db.select().from(groupTopics).where(eq(groupTopics.slug, topicSlug));
  const [session] = await scheduleGroupSessions(db, {
    topic_id: topic!.id,
    employee_id: dietitianId,
    office_id: clinic.catalog.officeId.centretown!,
    date: addDays(utcToLocalDate(new Date(), 'America/Toronto'), 7 * weeks),
    time,
    session_language: 'en',
    capacity,
    meetings,
    price_cents: priceCents,
    by: dietitianId,
    now: new Date(),
    locale: 'en',
  });
  return session!;
}

/** Walks the flow for a group seat to the date step; answers the session's option and the tokens. */
async function toDateStep(person: TestPerson, sessionId: number) {
  const who: Who = { cookie: person.cookie };
  const t = await driver.walk({ who, service: 'group-programs' });
  const options = (await driver.slots(t, who)).appointment_options;
  const entry = Object.entries(options).flatMap(([date, list]) => list.map((slot) => ({ date, slot: slot as Slot }))).find((o) => o.slot.group_session?.id === sessionId);
  return { who, t, entry };
}

async function seatsTaken(id: number) {
  return (await db.select().from(groupSessions).where(eq(groupSessions.id, id)))[0]!.seatsTaken;
}

describe('a seat in a group session', () => {
  it('is listed at the date step with its topic and seats left, and booked in one row of its own', async () => {
    const session = await sessionIn(2, 6);
    const person = await patient();
    const { who, t, entry } = await toDateStep(person, session.id);
    expect(entry, 'the session at the date step').toBeDefined();
    expect(entry!.slot).toMatchObject({ start: session.startsAt.toISOString(), group_session: { topic: 'Heart-healthy cooking', seats_left: 6, meetings: 1 } });
    expect((await driver.choose(t, entry!.date, entry!.slot, who)).status).toBe(200);
    const booked = await driver.book(t, who);
    expect(booked.status, JSON.stringify(booked.json)).toBe(200);
    const rows = await db.select().from(appointments).where(eq(appointments.groupSessionId, session.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ patientId: person.id, employeeId: dietitianId, startsAt: session.startsAt, totalCents: session.totalCents });
    expect(await seatsTaken(session.id)).toBe(1);
    // The confirmation names the session's topic, and only this person.
    const mine = (await deliveredOutbox(join(clinic.dataDir, 'outbox'))).filter((m) => m.to === person.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toContain('Group programs — Heart-healthy cooking');
    // On the profile, beside the person's visits: named with its topic; cancelled there, moved from its link.
    const profile = await call(bookedRoute, '/api/booking/booked-appointments', { cookie: person.cookie, locale: 'fr' });
    expect((profile.json.upcoming as Array<Record<string, unknown>>).find((a) => a.id === rows[0]!.id)).toMatchObject({
      service: { translated_name: 'Programmes de groupe — Cuisiner pour la santé du cœur' },
      can_cancel: true,
      can_reschedule: false,
    });

    // The same person again: a clear refusal, in French too; still one seat.
    const again = await toDateStep(person, session.id);
    expect(again.entry!.slot.group_session!.seats_left).toBe(5);
    expect((await driver.choose(again.t, again.entry!.date, again.entry!.slot, again.who)).status).toBe(200);
    const twice = await driver.book(again.t, again.who);
    expect(twice.status).toBe(409);
    expect(twice.json).toMatchObject({ code: 'group_seat_held', message: 'You already have a seat in this session.' });
    expect(await seatsTaken(session.id)).toBe(1);
  });

  it('20 people booking the last 3 seats at once: exactly 3 seats, 17 told the session just filled up', async () => {
    const session = await sessionIn(3, 3);
    const walks = [];
    for (let i = 0; i < 20; i++) {
      const person = await patient();
      const step = await toDateStep(person, session.id);
      expect((await driver.choose(step.t, step.entry!.date, step.entry!.slot, step.who)).status).toBe(200);
      walks.push({ ...step, email: person.email });
    }
    const results = await Promise.all(walks.map((step) => driver.book(step.t, step.who)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(17);
    for (const r of refused) expect(r.json).toMatchObject({ code: 'group_session_full', message: expect.stringContaining('This session just filled up.') });
    expect(await seatsTaken(session.id)).toBe(3);
    expect(await db.select().from(appointments).where(and(eq(appointments.groupSessionId, session.id), eq(appointments.status, 'booked')))).toHaveLength(3);
    // Each attendee's e-mails (and their .ics) name no other attendee.
    const holders = (await db.select().from(appointments).where(and(eq(appointments.groupSessionId, session.id), eq(appointments.status, 'booked')))).map((a) => a.patientId);
    const outbox = await deliveredOutbox(join(clinic.dataDir, 'outbox'));
    const emails = walks.filter((_, i) => results[i]!.status === 200).map((w) => w.email);
    expect(emails).toHaveLength(3);
    expect(holders).toHaveLength(3);
    for (const email of emails) {
      const theirs = outbox.filter((m) => m.to === email);
      expect(theirs.length).toBeGreaterThan(0);
      for (const other of emails.filter((e) => e !== email)) expect(JSON.stringify(theirs)).not.toContain(other);
    }
    // Full, it is still listed, with no seat left.
    const late = await toDateStep(await patient(), session.id);
    expect(late.entry!.slot.group_session!.seats_left).toBe(0);
    // Its waitlist needs the session it was joined from.
    const date = late.entry!.date;
    const joined = await call(waitlistJoin, '/api/booking/waitlist/join', {
      body: { ...slotTokens(late.t), from_date: date, to_date: date, times_of_day: ['evening'], weekdays: [1, 2, 3, 4, 5, 6, 7] },
      cookie: late.who.cookie,
      headers: { 'x-forwarded-for': '203.0.113.60' },
    });
    expect(joined.status).toBe(400);
    expect(Object.keys(joined.json.field_errors as object)).toEqual(['group_session_id']);
  });

  it('is cancelled on its own from its manage link, which frees exactly one seat', async () => {
    const session = await sessionIn(4, 4);
    const seats = [];
    for (let i = 0; i < 2; i++) {
      const step = await toDateStep(await patient(), session.id);
      expect((await driver.choose(step.t, step.entry!.date, step.entry!.slot, step.who)).status).toBe(200);
      const booked = await driver.book(step.t, step.who);
      expect(booked.status).toBe(200);
      seats.push((booked.json.appointment as { id: number }).id);
    }
    expect(await seatsTaken(session.id)).toBe(2);
    // The dietitian's agenda: the session as one block with its seats, and the two seats as its roster.
    const day = utcToLocalDate(session.startsAt, 'America/Toronto');
    const agenda = await call(agendaRoute, `/api/clinic/agenda?date=${day}`, { cookie: await clinic.cookieFor(dietitianId) });
    expect(agenda.json.group_sessions).toEqual([expect.objectContaining({ id: session.id, topic: 'Heart-healthy cooking', seats_taken: 2, capacity: 4 })]);
    const roster = (agenda.json.appointments as Array<{ id: number; group_session_id: number | null }>).filter((a) => a.group_session_id === session.id);
    expect(roster.map((a) => a.id).sort()).toEqual([...seats].sort());
    const [first] = await db.select().from(appointments).where(eq(appointments.id, seats[0]!));
    const token = (await createManageLink(db, first!)).split('#')[1]!;
    const cancelled = await call(manageCancel, '/api/booking/manage/cancel', { body: { token }, headers: { 'x-forwarded-for': '203.0.113.40' } });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect(await seatsTaken(session.id)).toBe(1);
    const [other] = await db.select().from(appointments).where(eq(appointments.id, seats[1]!));
    expect(other!.status).toBe('booked');
    const [still] = await db.select().from(groupSessions).where(eq(groupSessions.id, session.id));
    expect(still!.status).toBe('scheduled');
  });

  it('the clinic cancels a whole series: every seat and meeting cancelled, each attendee told once with every meeting’s calendar file', async () => {
    const first = await sessionIn(6, 8, 3);
    const emails: string[] = [];
    for (let i = 0; i < 2; i++) {
      const person = await patient();
      const step = await toDateStep(person, first.id);
      expect(step.entry!.slot.group_session!.meetings).toBe(3);
      expect((await driver.choose(step.t, step.entry!.date, step.entry!.slot, step.who)).status).toBe(200);
      expect((await driver.book(step.t, step.who)).status).toBe(200);
      emails.push(person.email);
    }
    const series = await db.select().from(groupSessions).where(eq(groupSessions.seriesId, first.seriesId!));
    expect(series.map((s) => s.seatsTaken)).toEqual([2, 2, 2]);
    // A third person chose the series before the clinic called it off, and books after (issue #38).
    const late = await toDateStep(await patient(), first.id);
    expect((await driver.choose(late.t, late.entry!.date, late.entry!.slot, late.who)).status).toBe(200);
    const outbox = join(clinic.dataDir, 'outbox');
    const before = (await deliveredOutbox(outbox)).length;

    const patientCookie = (await addPerson(db, { email: `not-staff-${first.id}@example.test`, role: 'patient' })).cookie;
    expect((await call(byId(cancelRoute, first.id), `/api/clinic/group-sessions/${first.id}/cancel`, { body: { whole_series: true }, cookie: patientCookie })).status).toBe(403);
    const done = await call(byId(cancelRoute, first.id), `/api/clinic/group-sessions/${first.id}/cancel`, { body: { whole_series: true }, cookie: await clinic.cookieFor(dietitianId), locale: 'fr' });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json).toMatchObject({ sessions: 3, attendees: 2, messages: [{ message: 'Les 3 séances sont annulées; les 2 personnes inscrites en sont avisées par courriel.' }] });
    const after = await db.select().from(groupSessions).where(eq(groupSessions.seriesId, first.seriesId!));
    expect(after.map((s) => [s.status, s.seatsTaken])).toEqual([['cancelled', 0], ['cancelled', 0], ['cancelled', 0]]);
    const seats = await db.select().from(appointments).where(inArray(appointments.groupSessionId, after.map((s) => s.id)));
    expect(seats).toHaveLength(6);
    expect(seats.every((seat) => seat.status === 'cancelled')).toBe(true);

    const sent = (await deliveredOutbox(outbox)).slice(before);
    for (const email of emails) {
      const theirs = sent.filter((m) => m.to === email);
      expect(theirs, email).toHaveLength(1);
      expect(theirs[0]!.text).toContain('This cancels all 3 meetings of the series still ahead');
      expect(theirs[0]!.attachments.filter((a) => a.filename.endsWith('.ics'))).toHaveLength(3);
    }
    // The dietitian cancelled it: no notice of their own for each seat.
    expect(sent.filter((m) => m.to === DEMO_DIETITIAN.email)).toHaveLength(0);
    // Not "This time was just taken": the clinic cancelled the session; nothing is booked.
    const refused = await driver.book(late.t, late.who);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'group_session_cancelled', messages: [{ message: 'The clinic has cancelled this session. Please choose another date.' }] });
    expect(await seatsTaken(first.id)).toBe(0);
    // Again: already cancelled.
    const again = await call(byId(cancelRoute, first.id), `/api/clinic/group-sessions/${first.id}/cancel`, { body: { whole_series: true }, cookie: await clinic.cookieFor(dietitianId) });
    expect(again.status).toBe(409);
  });

  it('the group-programs page’s list: each topic’s next sessions with seats left, a series once, in each language, and nobody’s name', async () => {
    await db.insert(groupTopics).values({ slug: 'eating-for-sport', titleEn: 'Eating for sport', titleFr: 'Bien manger pour le sport', descriptionEn: 'Fuel for training.', descriptionFr: 'De l’énergie pour l’entraînement.' });
    const first = await sessionIn(7, 5, 3, 'eating-for-sport');
    const person = await patient();
    const step = await toDateStep(person, first.id);
    expect((await driver.choose(step.t, step.entry!.date, step.entry!.slot, step.who)).status).toBe(200);
    expect((await driver.book(step.t, step.who)).status).toBe(200);

    const en = await call(publicList, '/api/group-sessions', { cookie: null });
    expect(en.status).toBe(200);
    expect(en.headers.get('cache-control')).toBe('no-store');
    const topic = (en.json.topics as PublicGroupTopic[]).find((t) => t.slug === 'eating-for-sport');
    expect(topic).toMatchObject({ title: 'Eating for sport', description: 'Fuel for training.' });
    // The series once, at its first meeting, with 4 of 5 seats left and its 3 meetings.
    expect(topic!.sessions).toEqual([
      expect.objectContaining({ id: first.id, start: first.startsAt.toISOString(), seats_left: 4, capacity: 5, meetings: 3, total_cents: 3 * 6780, session_language: 'en', dietitian: 'Claire Bouchard', service_slug: 'group-programs' }),
    ]);
    expect(JSON.stringify(en.json)).not.toContain(person.email);
    expect(Object.keys(topic!.sessions[0]!).sort()).toEqual(['capacity', 'dietitian', 'end', 'id', 'meetings', 'office', 'seats_left', 'service_slug', 'session_language', 'start', 'total_cents']);
    const fr = await call(publicList, '/api/group-sessions', { cookie: null, locale: 'fr' });
    const frTopic = (fr.json.topics as PublicGroupTopic[]).find((t) => t.slug === 'eating-for-sport');
    expect(frTopic).toMatchObject({ title: 'Bien manger pour le sport', sessions: [expect.objectContaining({ office: expect.objectContaining({ name: 'Centre-ville' }) })] });
    // A cancelled session leaves the list.
    await call(byId(cancelRoute, first.id), `/api/clinic/group-sessions/${first.id}/cancel`, { body: { whole_series: true }, cookie: await clinic.cookieFor(dietitianId) });
    const after = await call(publicList, '/api/group-sessions', { cookie: null });
    expect((after.json.topics as PublicGroupTopic[]).find((t) => t.slug === 'eating-for-sport')!.sessions).toEqual([]);
  });

  it('the clinic changes a series’ seats in every meeting still ahead, never below the seats taken', async () => {
    const first = await sessionIn(8, 4, 2);
    for (let i = 0; i < 2; i++) {
      const step = await toDateStep(await patient(), first.id);
      expect((await driver.choose(step.t, step.entry!.date, step.entry!.slot, step.who)).status).toBe(200);
      expect((await driver.book(step.t, step.who)).status).toBe(200);
    }
    const path = `/api/clinic/group-sessions/${first.id}`;
    const staff = await clinic.cookieFor(dietitianId);
    const patientCookie = (await patient()).cookie;
    expect((await call(byId(capacityRoute, first.id), path, { method: 'PATCH', body: { capacity: 9 }, cookie: patientCookie })).status).toBe(403);
    const below = await call(byId(capacityRoute, first.id), path, { method: 'PATCH', body: { capacity: 1 }, cookie: staff, locale: 'fr' });
    expect(below.status).toBe(409);
    expect(below.json).toMatchObject({ code: 'group_capacity_below_seats', message: '2 places sont déjà prises\u00a0: la séance ne peut pas en compter moins.' });
    const bad = await call(byId(capacityRoute, first.id), path, { method: 'PATCH', body: { capacity: 51 }, cookie: staff });
    expect(bad.status).toBe(400);
    const done = await call(byId(capacityRoute, first.id), path, { method: 'PATCH', body: { capacity: 2 }, cookie: staff });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json.messages).toEqual([{ message: 'The 2 meetings still ahead now have 2 seats each.', type: 'success' }]);
    const series = await db.select().from(groupSessions).where(eq(groupSessions.seriesId, first.seriesId!));
    expect(series.map((s) => [s.capacity, s.seatsTaken])).toEqual([[2, 2], [2, 2]]);
    // Full now: the next person is told it just filled up.
    const late = await toDateStep(await patient(), first.id);
    expect(late.entry!.slot.group_session!.seats_left).toBe(0);
  });

  it('a seat’s receipt names the topic and the meeting’s date, in the seat’s language', async () => {
    const session = await sessionIn(10, 6);
    const step = await toDateStep(await patient(), session.id);
    expect((await driver.choose(step.t, step.entry!.date, step.entry!.slot, step.who)).status).toBe(200);
    expect((await driver.book(step.t, step.who)).status).toBe(200);
    const [seat] = await db.select().from(appointments).where(eq(appointments.groupSessionId, session.id));
    const staff = await clinic.cookieFor(dietitianId);
    // Group programs carry HST: a receipt needs the clinic's HST number.
    process.env.CLINIC_HST_NUMBER = '123456789 RT0001';
    resetConfigForTests();
    const paid = await call(byId(recordPaymentRoute, seat!.id), `/api/clinic/appointments/${seat!.id}/payments`, {
      cookie: staff,
      body: { amount_cents: seat!.totalCents, method: 'card', paid_on: utcToLocalDate(new Date(), 'America/Toronto') },
    }).finally(() => {
      delete process.env.CLINIC_HST_NUMBER;
      resetConfigForTests();
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    const receipt = (paid.json.payments as VisitPayments).payments[0]!.receipts[0]!;
    const pdf = await callResponse(byId(clinicPdfRoute, receipt.id), `/api/clinic/receipts/${receipt.id}/pdf`, { cookie: staff });
    expect(pdf.status).toBe(200);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain('Group programs — Heart-healthy cooking');
    expect(text).toContain(formatDateTime(session.startsAt, 'en', 'long').replace(/\s+/g, ' '));
  });

  it('moves from its manage link to another session of its topic: one seat back, one taken, the person told; never into a full session, never a series seat', async () => {
    const from = await sessionIn(11, 3);
    const to = await sessionIn(12, 1);
    const series = await sessionIn(11, 4, 2, 'heart-healthy-cooking', '20:00');
    const seatIn = async (sessionId: number) => {
      const person = await patient();
      const step = await toDateStep(person, sessionId);
      expect((await driver.choose(step.t, step.entry!.date, step.entry!.slot, step.who)).status).toBe(200);
      const booked = await driver.book(step.t, step.who);
      expect(booked.status).toBe(200);
      const [row] = await db.select().from(appointments).where(eq(appointments.id, (booked.json.appointment as { id: number }).id));
      return { person, row: row!, token: (await createManageLink(db, row!)).split('#')[1]! };
    };
    const mover = await seatIn(from.id);
    await seatIn(to.id);
    const headers = { 'x-forwarded-for': '203.0.113.41' };

    // Its topic's other single sessions, the full one shown full; not its own, not a series.
    const slots = await call(manageSlots, '/api/booking/manage/slots', { body: { token: mover.token }, headers });
    expect(slots.status, JSON.stringify(slots.json)).toBe(200);
    const offered = Object.values(slots.json.appointment_options as Record<string, Slot[]>).flat();
    expect(offered.find((o) => o.group_session?.id === to.id)?.group_session).toMatchObject({ topic: 'Heart-healthy cooking', seats_left: 0 });
    expect(offered.map((o) => o.group_session?.id)).not.toContain(from.id);
    expect(offered.map((o) => o.group_session?.id)).not.toContain(series.id);

    const move = () => call(manageReschedule, '/api/booking/manage/reschedule', { body: { token: mover.token, start: to.startsAt.toISOString(), group_session_id: to.id }, headers, locale: 'fr' });
    const full = await move();
    expect(full.status).toBe(409);
    expect(full.json.code).toBe('group_session_full');
    const wrongTime = await call(manageReschedule, '/api/booking/manage/reschedule', { body: { token: mover.token, start: from.startsAt.toISOString(), group_session_id: to.id }, headers });
    expect(wrongTime.json.code).toBe('slot_unavailable');
    expect([await seatsTaken(from.id), await seatsTaken(to.id)]).toEqual([1, 1]);

    const staff = await clinic.cookieFor(dietitianId);
    expect((await call(byId(capacityRoute, to.id), `/api/clinic/group-sessions/${to.id}`, { method: 'PATCH', body: { capacity: 2 }, cookie: staff })).status).toBe(200);
    const outbox = join(clinic.dataDir, 'outbox');
    const before = (await deliveredOutbox(outbox)).length;
    const moved = await move();
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json.appointment).toMatchObject({ status: 'booked', start: to.startsAt.toISOString(), service_name: 'Programmes de groupe — Cuisiner pour la santé du cœur', can_move: true });
    expect([await seatsTaken(from.id), await seatsTaken(to.id)]).toEqual([0, 2]);
    const rows = await db.select().from(appointments).where(eq(appointments.patientId, mover.person.id));
    expect(rows.map((r) => [r.groupSessionId, r.status]).sort()).toEqual([[from.id, 'cancelled'], [to.id, 'booked']].sort());
    const told = (await deliveredOutbox(outbox)).slice(before).filter((m) => m.to === mover.person.email);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('Group programs — Heart-healthy cooking');

    // A seat in a series: the page offers no move, and the call says why.
    const inSeries = await seatIn(series.id);
    const view = await call(manageView, '/api/booking/manage', { body: { token: inSeries.token }, headers });
    expect(view.json.appointment).toMatchObject({ can_change: true, can_move: false });
    const refused = await call(manageSlots, '/api/booking/manage/slots', { body: { token: inSeries.token }, headers, locale: 'fr' });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'group_series_seat_move', message: 'Une place dans une série ne se déplace pas une rencontre à la fois\u00a0: annulez-la, puis réservez une place dans une autre série.' });
  });

  it('the clinic moves a session with its seats: each attendee told once, nothing changed when the new time is taken', async () => {
    const session = await sessionIn(5, 4);
    const attendees = [await patient(), await patient()];
    for (const person of attendees) {
      const step = await toDateStep(person, session.id);
      expect((await driver.choose(step.t, step.entry!.date, step.entry!.slot, step.who)).status).toBe(200);
      expect((await driver.book(step.t, step.who)).status).toBe(200);
    }
    const day = utcToLocalDate(session.startsAt, 'America/Toronto');
    await sessionIn(5, 4, 1, 'heart-healthy-cooking', '20:00');
    const staff = await clinic.cookieFor(dietitianId);
    const path = `/api/clinic/group-sessions/${session.id}/move`;
    const moveTo = (date: string, time: string, office = clinic.catalog.officeId.centretown!, cookie = staff) =>
      call(byId(moveRoute, session.id), path, { body: { date, time, office_id: office }, cookie, locale: 'fr' });

    expect((await moveTo(addDays(day, 1), '18:00', undefined, attendees[0]!.cookie)).status).toBe(403);
    // Over the dietitian's other session that evening.
    const over = await moveTo(day, '19:30');
    expect(over.status).toBe(409);
    expect(over.json).toMatchObject({ code: 'group_session_over_session', message: expect.stringMatching(/^Le [a-z]+ \d{1,2}(er)? [a-zéû]+ \d{4}, la séance chevaucherait une autre séance de groupe de la diététiste\. Rien n’a été changé\.$/) });
    // Over an attendee's own visit with another dietitian: refused whole, naming no one.
    const target = zonedDateTimeToUtc(addDays(day, 1), 18 * 60, 'America/Toronto')!;
    await db.insert(appointments).values({
      patientId: attendees[1]!.id,
      employeeId: await clinic.userId('sophie.tremblay@demo.equilibrenutrition.ca'),
      serviceId: clinic.catalog.serviceId['individual-consultation']!,
      officeId: clinic.catalog.officeId.centretown!,
      startsAt: target,
      endsAt: new Date(target.getTime() + 50 * 60_000),
      blockedUntil: new Date(target.getTime() + 60 * 60_000),
      sessionLanguage: 'en',
      reasons: [clinic.catalog.skillId.diabetes!],
      priceCents: 13500,
      taxCents: 0,
      totalCents: 13500,
    });
    const busy = await moveTo(addDays(day, 1), '18:00');
    expect(busy.status).toBe(409);
    expect(busy.json.code).toBe('group_session_attendee_busy');
    expect(JSON.stringify(busy.json)).not.toContain(attendees[1]!.email);
    const untouched = await db.select().from(appointments).where(and(eq(appointments.groupSessionId, session.id), eq(appointments.status, 'booked')));
    expect(untouched.map((seat) => seat.startsAt.toISOString())).toEqual([session.startsAt.toISOString(), session.startsAt.toISOString()]);

    // Someone who chose the session at its old time, before the move, is not booked at the new one.
    const late = await toDateStep(await patient(), session.id);
    expect((await driver.choose(late.t, late.entry!.date, late.entry!.slot, late.who)).status).toBe(200);

    // Two days later, online: the session and both seats move; each attendee is told once.
    const outbox = join(clinic.dataDir, 'outbox');
    const before = (await deliveredOutbox(outbox)).length;
    const moved = await moveTo(addDays(day, 2), '18:00', clinic.catalog.officeId.virtual!);
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json.messages).toEqual([{ message: 'La séance est déplacée; les 2 personnes inscrites en sont avisées par courriel.', type: 'success' }]);
    const [after] = await db.select().from(groupSessions).where(eq(groupSessions.id, session.id));
    const newStart = zonedDateTimeToUtc(addDays(day, 2), 18 * 60, 'America/Toronto')!;
    expect(after).toMatchObject({ startsAt: newStart, officeId: clinic.catalog.officeId.virtual, seatsTaken: 2, videoRoom: expect.stringMatching(/^clinic-[0-9a-f]{32}$/) });
    const seats = await db.select().from(appointments).where(and(eq(appointments.groupSessionId, session.id), eq(appointments.status, 'booked')));
    expect(seats.map((seat) => [seat.startsAt.toISOString(), seat.officeId, seat.videoRoom])).toEqual([
      [newStart.toISOString(), clinic.catalog.officeId.virtual, after!.videoRoom],
      [newStart.toISOString(), clinic.catalog.officeId.virtual, after!.videoRoom],
    ]);
    const sent = (await deliveredOutbox(outbox)).slice(before);
    for (const [i, person] of attendees.entries()) {
      const theirs = sent.filter((m) => m.to === person.email);
      expect(theirs, person.email).toHaveLength(1);
      expect(JSON.stringify(theirs)).not.toContain(attendees[1 - i]!.email);
    }
    // The dietitian moved it: no notice of their own for each seat.
    expect(sent.filter((m) => m.to === DEMO_DIETITIAN.email)).toHaveLength(0);
    const stale = await driver.book(late.t, late.who);
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('slot_unavailable');
    expect(await seatsTaken(session.id)).toBe(2);
  });

  it('a series meeting moved onto another meeting’s start is refused plainly; a colleague’s move tells the dietitian', async () => {
    const first = await sessionIn(3, 6, 2, 'heart-healthy-cooking', '20:00');
    const step = await toDateStep(await patient(), first.id);
    expect((await driver.choose(step.t, step.entry!.date, step.entry!.slot, step.who)).status).toBe(200);
    expect((await driver.book(step.t, step.who)).status).toBe(200);
    const [, second] = await db.select().from(groupSessions).where(eq(groupSessions.seriesId, first.seriesId!)).orderBy(groupSessions.startsAt);
    const sophie = await clinic.cookieFor(await clinic.userId('sophie.tremblay@demo.equilibrenutrition.ca'));
    const path = `/api/clinic/group-sessions/${first.id}/move`;
    const onto = await call(byId(moveRoute, first.id), path, { body: { date: utcToLocalDate(second!.startsAt, 'America/Toronto'), time: '20:00', office_id: clinic.catalog.officeId.centretown }, cookie: sophie });
    expect(onto.status).toBe(409);
    expect(onto.json.code).toBe('group_session_over_session');
    const outbox = join(clinic.dataDir, 'outbox');
    const before = (await deliveredOutbox(outbox)).length;
    const moved = await call(byId(moveRoute, first.id), path, { body: { date: addDays(utcToLocalDate(first.startsAt, 'America/Toronto'), 1), time: '20:00', office_id: clinic.catalog.officeId.centretown }, cookie: sophie });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    // Sophie moved Claire's session: Claire hears of it.
    expect((await deliveredOutbox(outbox)).slice(before).filter((m) => m.to === DEMO_DIETITIAN.email)).toHaveLength(1);
  });

  it('a full session’s waitlist: joined from the session, a freed seat is offered to the first places and 20 claims of it make one booking', async () => {
    const session = await sessionIn(9, 1, 1, 'heart-healthy-cooking', '20:00');
    const holder = await patient();
    const first = await toDateStep(holder, session.id);
    expect((await driver.choose(first.t, first.entry!.date, first.entry!.slot, first.who)).status).toBe(200);
    const held = await driver.book(first.t, first.who);
    expect(held.status).toBe(200);

    const waiting: TestPerson[] = [];
    for (let i = 0; i < 5; i++) {
      const person = await patient();
      const step = await toDateStep(person, session.id);
      expect(step.entry!.slot.group_session!.seats_left).toBe(0);
      const date = step.entry!.date;
      const joined = await call(waitlistJoin, '/api/booking/waitlist/join', {
        body: { ...slotTokens(step.t), from_date: date, to_date: date, times_of_day: ['evening'], weekdays: [1, 2, 3, 4, 5, 6, 7], group_session_id: session.id },
        cookie: person.cookie,
        headers: { 'x-forwarded-for': `203.0.113.${70 + i}` },
      });
      expect(joined.status, JSON.stringify(joined.json)).toBe(201);
      waiting.push(person);
      if (i === 0) {
        // A window that misses the session's day is refused: the place could never be offered it.
        const person2 = await patient();
        const step2 = await toDateStep(person2, session.id);
        const missed = await call(waitlistJoin, '/api/booking/waitlist/join', {
          body: { ...slotTokens(step2.t), from_date: addDays(date, -7), to_date: addDays(date, -1), times_of_day: ['evening'], weekdays: [1, 2, 3, 4, 5, 6, 7], group_session_id: session.id },
          cookie: person2.cookie,
          headers: { 'x-forwarded-for': '203.0.113.79' },
        });
        expect(missed.status).toBe(400);
        expect(missed.json.field_errors).toMatchObject({ to_date: [expect.stringContaining('must include the day of the full session')] });
      }
    }

    // The seat's holder cancels: one seat frees, and the first places are offered it.
    const [seat] = await db.select().from(appointments).where(eq(appointments.id, (held.json.appointment as { id: number }).id));
    const token = (await createManageLink(db, seat!)).split('#')[1]!;
    expect((await call(manageCancel, '/api/booking/manage/cancel', { body: { token }, headers: { 'x-forwarded-for': '203.0.113.80' } })).status).toBe(200);
    await offerFreedSlots(db);
    const outbox = await deliveredOutbox(join(clinic.dataDir, 'outbox'));
    const offers = waiting.flatMap((person) => outbox.filter((m) => m.to === person.email && m.subject.startsWith('A time opened up')));
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.length).toBeLessThanOrEqual(3);
    for (const offer of offers) expect(offer.text).toContain('Group programs — Heart-healthy cooking');
    const tokens = offers.map((offer) => /\/waitlist#([A-Za-z0-9_-]{43})/.exec(offer.text)![1]!);

    // 20 claims at once, spread over the offers: one seat, one booking.
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(waitlistClaim, '/api/booking/waitlist/claim', { body: { token: tokens[i % tokens.length] }, headers: { 'x-forwarded-for': `198.51.100.${100 + i}` } })),
    );
    expect(claims.filter((c) => c.status === 200)).toHaveLength(1);
    expect(await seatsTaken(session.id)).toBe(1);
    const seats = await db.select().from(appointments).where(and(eq(appointments.groupSessionId, session.id), eq(appointments.status, 'booked')));
    expect(seats).toHaveLength(1);
    expect(waiting.map((p) => p.id)).toContain(seats[0]!.patientId);
  });
  it('the clinic offers a seat’s place a seat by hand: only sessions of its topic with a seat left, never a private time', async () => {
    const full = await sessionIn(1, 1, 1, 'heart-healthy-cooking', '20:00');
    const open = await sessionIn(2, 3, 1, 'heart-healthy-cooking', '20:00', 45_00);
    const otherTopic = await sessionIn(2, 3, 1, 'type-2-diabetes', '14:00');
    const holder = await patient();
    const first = await toDateStep(holder, full.id);
    expect((await driver.choose(first.t, first.entry!.date, first.entry!.slot, first.who)).status).toBe(200);
    expect((await driver.book(first.t, first.who)).status).toBe(200);
    const person = await patient();
    const step = await toDateStep(person, full.id);
    const until = addDays(step.entry!.date, 14);
    const joined = await call(waitlistJoin, '/api/booking/waitlist/join', {
      body: { ...slotTokens(step.t), from_date: step.entry!.date, to_date: until, times_of_day: ['afternoon', 'evening'], weekdays: [1, 2, 3, 4, 5, 6, 7], group_session_id: full.id },
      cookie: person.cookie,
      headers: { 'x-forwarded-for': '203.0.113.90' },
    });
    expect(joined.status, JSON.stringify(joined.json)).toBe(201);
    const employee = await clinic.cookieFor(dietitianId);
    const listed = await call(clinicWaitlist, '/api/clinic/waitlist', { method: 'GET', cookie: employee });
    const place = (listed.json.entries as ClinicWaitlistEntry[]).find((e) => e.person.email === person.email)!;
    expect(place.service.name).toBe('Group programs — Heart-healthy cooking');

    const slots = await call(byId(clinicSlots, place.id), `/api/clinic/waitlist/${place.id}/slots`, { method: 'GET', cookie: employee });
    expect(slots.status).toBe(200);
    const offered = Object.values(slots.json.appointment_options as AppointmentOptions).flat();
    // Sessions of its topic with a seat left, the open one among them; not the full one, not another topic's.
    const ids = offered.map((slot) => slot.group_session?.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(full.id);
    expect(ids).not.toContain(otherTopic.id);
    for (const slot of offered) expect(slot.group_session).toMatchObject({ topic: 'Heart-healthy cooking', seats_left: expect.any(Number) });
    expect(offered.every((slot) => slot.group_session!.seats_left > 0)).toBe(true);

    // A private time (the dietitian's free afternoon) is refused; the open session's seat is offered.
    const privateStart = zonedDateTimeToUtc(addDays(step.entry!.date, 1), 10 * 60, 'America/Toronto')!.toISOString();
    const refused = await call(byId(clinicOffer, place.id), `/api/clinic/waitlist/${place.id}/offers`, { body: { start: privateStart }, cookie: employee });
    expect(refused.status).toBe(409);
    const fullRefused = await call(byId(clinicOffer, place.id), `/api/clinic/waitlist/${place.id}/offers`, { body: { start: full.startsAt.toISOString() }, cookie: employee });
    expect(fullRefused.status).toBe(409);
    const made = await call(byId(clinicOffer, place.id), `/api/clinic/waitlist/${place.id}/offers`, { body: { start: open.startsAt.toISOString() }, cookie: employee });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const outbox = await deliveredOutbox(join(clinic.dataDir, 'outbox'));
    const mail = outbox.filter((m) => m.to === person.email && m.subject.startsWith('A time opened up'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Group programs — Heart-healthy cooking');
    // The seat's own price ($45.00 + HST), not the service's.
    expect(mail[0]!.text).toContain('$50.85');
    const claim = await call(waitlistClaim, '/api/booking/waitlist/claim', { body: { token: /\/waitlist#([A-Za-z0-9_-]{43})/.exec(mail[0]!.text)![1] }, headers: { 'x-forwarded-for': '198.51.100.90' } });
    expect(claim.status, JSON.stringify(claim.json)).toBe(200);
    const [seat] = await db.select().from(appointments).where(and(eq(appointments.patientId, person.id), eq(appointments.status, 'booked')));
    expect(seat!.groupSessionId).toBe(open.id);
    expect(await seatsTaken(open.id)).toBe(1);
  });
  it('a series’ seat costs the price the clinic set for the whole series, taxed once and shared out over its meetings to the cent', async () => {
    // $250.00 over 6 meetings, HST added: $282.50 in all; 25000 / 6 leaves 4 odd cents, 3250 / 6 leaves 4.
    const first = await sessionIn(12, 6, 6, 'heart-healthy-cooking', '10:00', 250_00);
    const meetings = await db.select().from(groupSessions).where(eq(groupSessions.seriesId, first.seriesId!));
    expect(meetings.map((m) => m.priceCents).sort()).toEqual([4166, 4166, 4167, 4167, 4167, 4167]);
    expect(meetings.reduce((sum, m) => sum + m.totalCents, 0)).toBe(282_50);
    const person = await patient();
    const step = await toDateStep(person, first.id);
    expect(step.entry!.slot.group_session!.price).toEqual({ base_cents: 250_00, tax_cents: 32_50, total_cents: 282_50 });
    expect((await driver.choose(step.t, step.entry!.date, step.entry!.slot, step.who)).status).toBe(200);
    expect((await driver.book(step.t, step.who)).status).toBe(200);
    const seats = await db.select().from(appointments).where(and(eq(appointments.patientId, person.id), eq(appointments.status, 'booked')));
    expect(seats).toHaveLength(6);
    expect(seats.reduce((sum, seat) => sum + seat.totalCents, 0)).toBe(282_50);
    expect(seats.reduce((sum, seat) => sum + seat.taxCents, 0)).toBe(32_50);
  });
});
