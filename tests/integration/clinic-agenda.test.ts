import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as agenda } from '@/app/api/clinic/agenda/route';
import { POST as markStatus } from '@/app/api/clinic/appointments/[id]/status/route';
import { POST as checkService } from '@/app/api/booking/check-service/route';
import { POST as checkSession } from '@/app/api/booking/check-session/route';
import { bookedAppointments } from '@/lib/server/booking/bookedAppointments';
import { employeeAgenda } from '@/lib/server/clinic/agenda';
import type { Database } from '@/lib/server/db/client';
import { appointments, type AppointmentStatus, type GuestContact } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN, DEMO_PATIENT, seedDatabase } from '@/lib/server/db/seed';
import { demoClinic } from './support/clinic';
import { createTestDatabase } from './support/db';
import { call } from './support/http';

/**
 * The clinic agenda (issue #8 item 2) through its route handlers on the seeded demo clinic: a
 * day and a Monday-based week of the signed-in employee's appointments (bounds in the clinic's
 * zone, a DST week included), who may read and mark, and how the marks feed the statistics
 * and the prerequisite rule. Marks need a visit that has started, so those appointments are
 * placed relative to the real clock (the handlers read it); the rest sit on fixed future dates.
 */

const clinic = demoClinic('clinic-agenda');
const TZ = 'America/Toronto';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
let db: Database;
const ids = { dietitian: 0, sophie: 0, patientA: 0, patientB: 0 };
const cookies = { dietitian: '', sophie: '', patientA: '', patientB: '' };
const { serviceId, skillId, officeId } = clinic.catalog;
const guest: GuestContact = { firstName: 'Nadia', lastName: 'Roy', email: 'nadia.roy@example.com', phone: '16135550147' };

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  ids.dietitian = await clinic.userId(DEMO_DIETITIAN.email);
  ids.sophie = await clinic.userId('sophie.tremblay@demo.equilibrenutrition.ca');
  ids.patientA = await clinic.userId(DEMO_PATIENT.email);
  ids.patientB = await clinic.addPatientB();
  for (const who of ['dietitian', 'sophie', 'patientA', 'patientB'] as const) cookies[who] = await clinic.cookieFor(ids[who]);
});
afterAll(() => clinic.close());

interface Add {
  startsAt: Date;
  patientId?: number | null;
  employeeId?: number;
  service?: string;
  status?: AppointmentStatus;
  minutes?: number;
}
async function add(input: Add): Promise<number> {
  const minutes = input.minutes ?? 50;
  const endsAt = new Date(input.startsAt.getTime() + minutes * MINUTE);
  const [row] = await db
    .insert(appointments)
    .values({
      patientId: input.patientId === undefined ? ids.patientA : input.patientId,
      guestContact: input.patientId === null ? guest : null,
      employeeId: input.employeeId ?? ids.dietitian,
      serviceId: serviceId[input.service ?? 'individual-consultation']!,
      officeId: officeId.centretown!,
      startsAt: input.startsAt,
      endsAt,
      blockedUntil: new Date(endsAt.getTime() + 10 * MINUTE),
      sessionLanguage: 'fr',
      reasons: [skillId.diabetes!, skillId['weight-management']!],
      status: input.status ?? 'booked',
      cancelledAt: input.status === 'cancelled' ? new Date() : null,
      priceCents: 13500,
      taxCents: 0,
      totalCents: 13500,
    })
    .returning({ id: appointments.id });
  return row!.id;
}

type Item = { id: number; status: string; can_mark: boolean; patient: Record<string, unknown> };
const getAgenda = (query: string, cookie?: string, locale: 'en' | 'fr' = 'en') => call(agenda, `/api/clinic/agenda${query}`, { cookie, locale });
const idsOf = (json: Record<string, unknown>) => (json.appointments as Item[]).map((a) => a.id);
/** The status handler with its [id] route parameter, as Next calls it. */
const mark = (id: number | string, status: string, cookie?: string, locale: 'en' | 'fr' = 'en') =>
  call((request) => markStatus(request, { params: Promise.resolve({ id: String(id) }) }), `/api/clinic/appointments/${id}/status`, {
    body: { status },
    cookie,
    locale,
  });

describe('the agenda', () => {
  it("lists a day of the employee's own active appointments by time, with what the visit needs", async () => {
    // Wednesday 10 February 2027 (EST, UTC-5).
    const nine = await add({ startsAt: new Date('2027-02-10T14:00:00Z') });
    const guestVisit = await add({ startsAt: new Date('2027-02-10T16:00:00Z'), patientId: null, service: 'nutrition-evaluation' });
    const early = await add({ startsAt: new Date('2027-02-10T05:10:00Z'), patientId: ids.patientB }); // 00:10 local
    await add({ startsAt: new Date('2027-02-10T18:00:00Z'), status: 'cancelled' });
    await add({ startsAt: new Date('2027-02-10T15:00:00Z'), employeeId: ids.sophie, patientId: ids.patientB });
    await add({ startsAt: new Date('2027-02-11T05:10:00Z') }); // Thursday 00:10 local
    await add({ startsAt: new Date('2027-02-10T04:00:00Z'), patientId: ids.patientB }); // Tuesday 23:00 local

    const res = await getAgenda('?date=2027-02-10', cookies.dietitian, 'fr');
    expect(res.status).toBe(200);
    expect(res.json.range).toMatchObject({
      view: 'day',
      date: '2027-02-10',
      first_day: '2027-02-10',
      last_day: '2027-02-10',
      starts_at: '2027-02-10T05:00:00.000Z',
      ends_at: '2027-02-11T05:00:00.000Z',
      previous_date: '2027-02-09',
      next_date: '2027-02-11',
    });
    expect(idsOf(res.json)).toEqual([early, nine, guestVisit]);
    const [, patientVisit, guestItem] = res.json.appointments as Record<string, unknown>[];
    expect(patientVisit).toMatchObject({
      status: 'booked',
      can_mark: false,
      session_language: 'fr',
      service: { name: 'Consultation individuelle' },
      patient: { id: ids.patientA, name: 'Alex Martin', email: DEMO_PATIENT.email, phone: '16135550188' },
      reasons: ['Diabète et prédiabète', 'Gestion du poids'],
      office: { is_virtual: false },
      starts_at: '2027-02-10T14:00:00.000Z',
      ends_at: '2027-02-10T14:50:00.000Z',
    });
    expect(guestItem).toMatchObject({
      service: { name: 'Évaluation nutritionnelle' },
      patient: { id: null, name: 'Nadia Roy', email: guest.email, phone: guest.phone },
    });
  });

  it('gives a Monday-based week with its bounds in the clinic zone, across the change to daylight time', async () => {
    // DST starts on Sunday 14 March 2027: the week opens at UTC-5 and closes at UTC-4.
    const mondayEarly = await add({ startsAt: new Date('2027-03-08T05:30:00Z') }); // Monday 00:30 EST
    const sundayLate = await add({ startsAt: new Date('2027-03-15T02:00:00Z') }); // Sunday 22:00 EDT
    const midweek = await add({ startsAt: new Date('2027-03-10T15:00:00Z'), patientId: null });
    await add({ startsAt: new Date('2027-03-08T04:30:00Z') }); // Sunday 7 March 23:30 EST: the week before
    await add({ startsAt: new Date('2027-03-15T04:30:00Z') }); // Monday 15 March 00:30 EDT: the week after

    const res = await getAgenda('?date=2027-03-10&view=week', cookies.dietitian);
    expect(res.status).toBe(200);
    expect(res.json.range).toMatchObject({
      view: 'week',
      date: '2027-03-10',
      first_day: '2027-03-08',
      last_day: '2027-03-14',
      starts_at: '2027-03-08T05:00:00.000Z',
      ends_at: '2027-03-15T04:00:00.000Z',
      previous_date: '2027-03-03',
      next_date: '2027-03-17',
    });
    expect(idsOf(res.json)).toEqual([mondayEarly, midweek, sundayLate]);
    // A Sunday belongs to the week that ends with it.
    expect((await getAgenda('?date=2027-03-14&view=week', cookies.dietitian)).json.range).toMatchObject({ first_day: '2027-03-08' });
  });

  it("opens on the clinic's today when no date is given, and refuses a bad date or view (400)", async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const res = await getAgenda('', cookies.dietitian);
    expect(res.json.range).toMatchObject({ view: 'day', date: today, today });
    const bad = await getAgenda('?date=2027-02-30&view=month', cookies.dietitian, 'fr');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.field_errors as object).sort()).toEqual(['date', 'view']);
    expect((bad.json.field_errors as Record<string, string[]>).date).toEqual(['Entrez une date valide (AAAA-MM-JJ).']);
  });

  it('is for employees only: 401 signed out, 403 for a patient, on reading and on marking', async () => {
    const started = await add({ startsAt: new Date(Date.now() - 40 * DAY) });
    expect((await getAgenda('?date=2027-02-10')).status).toBe(401);
    expect((await getAgenda('?date=2027-02-10', cookies.patientA)).status).toBe(403);
    expect((await mark(started, 'completed')).status).toBe(401);
    const patient = await mark(started, 'completed', cookies.patientA);
    expect(patient.status).toBe(403);
    expect(patient.json.code).toBe('forbidden');
    const [row] = await db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, started));
    expect(row!.status).toBe('booked');
  });
});

/** check-session then check-service for the follow-up, as the patient. */
async function followUpCheck(cookie: string) {
  const session = await call(checkSession, '/api/booking/check-session', { body: { session_language: 'en' }, cookie });
  expect(session.status).toBe(200);
  return call(checkService, '/api/booking/check-service', { body: { service_id: serviceId['follow-up'], ...session.json }, cookie });
}

const statsOf = async (patientId: number) =>
  (await bookedAppointments(db, { viewer: { userId: patientId, kind: 'patient' }, locale: 'en', now: new Date(), timeZone: TZ })).statistics;

describe('marking a visit', () => {
  it('waits for the start, never marks a cancelled visit (409, localized), and answers 404 for no appointment', async () => {
    const ahead = await add({ startsAt: new Date(Date.now() + 3 * HOUR) });
    const early = await mark(ahead, 'completed', cookies.dietitian, 'fr');
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ code: 'appointment_not_started', message: expect.stringMatching(/commencé/) });
    expect((await mark(ahead, 'no_show', cookies.dietitian)).status).toBe(409);
    // Undoing on a visit still ahead: it is 'booked' already, nothing to do.
    expect((await mark(ahead, 'booked', cookies.dietitian)).json).toMatchObject({ appointment: { id: ahead, status: 'booked', can_mark: false } });

    const cancelled = await add({ startsAt: new Date(Date.now() - 41 * DAY), status: 'cancelled' });
    for (const status of ['completed', 'no_show', 'booked']) {
      const res = await mark(cancelled, status, cookies.dietitian);
      expect(res.status).toBe(409);
      expect(res.json.code).toBe('appointment_cancelled');
    }
    expect((await mark(999_999, 'completed', cookies.dietitian)).status).toBe(404);
    expect((await mark('abc', 'completed', cookies.dietitian)).status).toBe(404);
    const bad = await mark(ahead, 'cancelled', cookies.dietitian);
    expect(bad.status).toBe(400);
    expect(bad.json.field_errors).toHaveProperty('status');
  });

  it("lets the visit's own dietitian or an admin mark it, not another employee", async () => {
    const claires = await add({ startsAt: new Date(Date.now() - 42 * DAY) });
    const sophies = await add({ startsAt: new Date(Date.now() - 42 * DAY), employeeId: ids.sophie, patientId: ids.patientB });
    const refused = await mark(claires, 'completed', cookies.sophie);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('forbidden');
    expect((await mark(sophies, 'completed', cookies.sophie)).json).toMatchObject({ appointment: { id: sophies, status: 'completed' } });
    // The demo dietitian is an admin: she may mark a colleague's visit (e.g. one who is away).
    expect((await mark(sophies, 'no_show', cookies.dietitian)).json).toMatchObject({ appointment: { id: sophies, status: 'no_show' } });
  });

  it('feeds the statistics: completed, no-show and undo move the counts', async () => {
    const patientB = ids.patientB;
    const visit = await add({ startsAt: new Date(Date.now() - 20 * DAY), patientId: patientB });
    await add({ startsAt: new Date(Date.now() + 20 * DAY), patientId: patientB });
    const before = await statsOf(patientB);

    const completed = await mark(visit, 'completed', cookies.dietitian);
    expect(completed.status).toBe(200);
    expect(completed.json.appointment).toMatchObject({ id: visit, status: 'completed', can_mark: true, patient: { id: patientB } });
    const afterCompleted = await statsOf(patientB);
    expect(afterCompleted.completed_appointments).toBe(before.completed_appointments);
    expect(afterCompleted.unmarked_appointments).toBe(before.unmarked_appointments - 1);

    await mark(visit, 'no_show', cookies.dietitian);
    const afterNoShow = await statsOf(patientB);
    expect(afterNoShow.completed_appointments).toBe(before.completed_appointments - 1);
    expect(afterNoShow.no_show_appointments).toBe(before.no_show_appointments + 1);
    expect(afterNoShow.total_appointments).toBe(before.total_appointments);

    expect((await mark(visit, 'booked', cookies.dietitian)).json).toMatchObject({ appointment: { status: 'booked' } });
    expect(await statsOf(patientB)).toEqual(before);
    // The agenda shows the mark.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() - 20 * DAY);
    await mark(visit, 'no_show', cookies.dietitian);
    const list = (await getAgenda(`?date=${day}`, cookies.dietitian)).json.appointments as Item[];
    expect(list.find((a) => a.id === visit)).toMatchObject({ status: 'no_show', can_mark: true });
  });

  it('feeds the prerequisite rule: a no-show is not a visit had, a completed mark counts at once', async () => {
    // Patient A's evaluation, over: presumed attended while unmarked.
    const evaluation = await add({ startsAt: new Date(Date.now() - 30 * DAY), service: 'nutrition-evaluation' });
    expect((await followUpCheck(cookies.patientA)).status).toBe(200);
    expect((await mark(evaluation, 'no_show', cookies.dietitian)).status).toBe(200);
    const refused = await followUpCheck(cookies.patientA);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('prerequisite_required');
    expect((await mark(evaluation, 'booked', cookies.dietitian)).status).toBe(200);
    expect((await followUpCheck(cookies.patientA)).status).toBe(200);

    // Patient B's evaluation, still running: not had yet, unless the dietitian marks it completed.
    const running = await add({ startsAt: new Date(Date.now() - 10 * MINUTE), service: 'nutrition-evaluation', patientId: ids.patientB });
    expect((await followUpCheck(cookies.patientB)).status).toBe(403);
    expect((await mark(running, 'completed', cookies.dietitian)).status).toBe(200);
    expect((await followUpCheck(cookies.patientB)).status).toBe(200);
    expect((await mark(running, 'no_show', cookies.dietitian)).status).toBe(200);
    expect((await followUpCheck(cookies.patientB)).status).toBe(403);
    const [row] = await db.select().from(appointments).where(and(eq(appointments.id, running), eq(appointments.status, 'no_show')));
    expect(row).toBeDefined();
  });
});

describe('the demo visits of the seed', () => {
  it('puts five visits on the last three weekdays, once, in the demo dietitian’s agenda', async () => {
    const handle = await createTestDatabase({ state: 'reference' });
    try {
      // Monday 23 November 2026, 08:00 in Ottawa: the weekdays before are Fri 20, Thu 19, Wed 18.
      const now = new Date('2026-11-23T13:00:00Z');
      await seedDatabase(handle.db, { demo: true, demoVisits: { now, timeZone: TZ } });
      await seedDatabase(handle.db, { demo: true, demoVisits: { now: new Date(now.getTime() + DAY), timeZone: TZ } });
      // The five visits, and the demo patient's seat in the group session held on the Friday evening.
      const rows = await handle.db.select().from(appointments);
      expect(rows).toHaveLength(6);
      expect(rows.filter((r) => r.groupSessionId !== null)).toHaveLength(1);
      expect(rows.every((r) => r.startsAt < now)).toBe(true);
      const [dietitian] = await handle.db.select({ id: appointments.employeeId }).from(appointments).limit(1);
      const agendaOf = (date: string) =>
        employeeAgenda(handle.db, { employeeId: dietitian!.id, date, view: 'day', locale: 'en', now, timeZone: TZ });
      const friday = (await agendaOf('2026-11-20')).appointments;
      expect(friday.map((a) => [a.patient.name, a.status, a.can_mark])).toEqual([
        ['Alex Martin', 'booked', true],
        ['Olivier Gagné', 'booked', true],
        // Her seat in the evening's group session.
        ['Alex Martin', 'booked', true],
      ]);
      expect(friday.at(-1)!.group_session_id).not.toBeNull();
      expect((await agendaOf('2026-11-19')).appointments.map((a) => [a.patient.name, a.session_language])).toEqual([
        ['Nadia Roy', 'fr'],
        ['Alex Martin', 'fr'],
      ]);
      expect((await agendaOf('2026-11-18')).appointments.map((a) => a.status)).toEqual(['completed']);
    } finally {
      await handle.close();
    }
  });
});
