import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as getSchedule, PUT as putSchedule } from '@/app/api/clinic/schedule/route';
import { DELETE as deleteTimeOff } from '@/app/api/clinic/time-off/[id]/route';
import { POST as postTimeOff } from '@/app/api/clinic/time-off/route';
import type { Database } from '@/lib/server/db/client';
import { timeOff, weeklySchedules } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN, DEMO_PATIENT } from '@/lib/server/db/seed';
import { bookingDriver, firstSlot, type Options } from './support/booking';
import { demoClinic } from './support/clinic';
import { call } from './support/http';

/**
 * Schedules and time off (issue #8, item 1) through the route handlers, on the seeded demo
 * clinic: the demo dietitian (Claire: Centretown Monday to Friday 9-17, virtual Thursday
 * 18-20) edits her own hours and absences, and the booking flow's slots (available-appointments,
 * an employee booking with her) follow at once. Against the real clock, like the booking tests.
 */

const clinic = demoClinic('clinic-schedule');
let db: Database;
const ids = { claire: 0, sophie: 0, patientA: 0, patientB: 0 };
const cookies = { claire: '', sophie: '', patientA: '' };
const { walk, slots, choose, book } = bookingDriver(clinic.catalog);
type Range = { office_id: number; weekday: number; start: string; end: string };
let seeded: Range[] = [];

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  ids.claire = await clinic.userId(DEMO_DIETITIAN.email);
  ids.sophie = await clinic.userId('sophie.tremblay@demo.equilibrenutrition.ca');
  ids.patientA = await clinic.userId(DEMO_PATIENT.email);
  ids.patientB = await clinic.addPatientB();
  cookies.claire = await clinic.cookieFor(ids.claire);
  cookies.sophie = await clinic.cookieFor(ids.sophie);
  cookies.patientA = await clinic.cookieFor(ids.patientA);
  seeded = (await call(getSchedule, '/api/clinic/schedule', { cookie: cookies.claire })).json.ranges as Range[];
});
afterEach(async () => {
  vi.restoreAllMocks();
  // Each test starts from the seeded hours (a refused change must not need this: it is checked).
  await putRanges(seeded);
});
afterAll(() => clinic.close());

const putRanges = (ranges: Range[], cookie = cookies.claire, locale: 'en' | 'fr' = 'en') =>
  call(putSchedule, '/api/clinic/schedule', { method: 'PUT', body: { ranges }, cookie, locale });
const addTimeOff = (body: Record<string, unknown>, cookie = cookies.claire) => call(postTimeOff, '/api/clinic/time-off', { body, cookie });
// The route handler reads its [id] from the route's params, as Next passes them.
const deleteCall = async (id: number | string, cookie: string) => {
  const request = new Request(`http://clinic.test/api/clinic/time-off/${id}`, {
    method: 'DELETE',
    headers: { host: 'clinic.test', origin: 'http://clinic.test', cookie, 'Accept-Language': 'en' },
  });
  const response = await deleteTimeOff(request, { params: Promise.resolve({ id: String(id) }) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

/** Claire's slots at Centretown, as an employee booking with her for patient B sees them. */
async function claireSlots(office = 'centretown'): Promise<{ options: Options; tokens: Record<string, string> }> {
  const who = { cookie: cookies.claire };
  const tokens = await walk({ who, office, session: { employee_selected_patient_id: ids.patientB, employee_selected_dietitian_id: ids.claire } });
  return { options: (await slots(tokens, who)).appointment_options, tokens };
}
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
const localClock = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
const scheduleRows = () => db.select().from(weeklySchedules).where(eq(weeklySchedules.employeeId, ids.claire));

/** Books a slot with Claire for patient B on a date a few days out; returns the date and appointment id. */
async function bookWithClaire(): Promise<{ date: string; id: number }> {
  const who = { cookie: cookies.claire };
  const { options, tokens } = await claireSlots();
  const date = Object.keys(options)[3]!;
  const { slot } = firstSlot({ [date]: options[date]! });
  expect((await choose(tokens, date, slot, who)).status).toBe(200);
  const res = await book(tokens, who);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { date, id: (res.json.appointment as { id: number }).id };
}

describe('the weekly schedule', () => {
  it('is read with the offices in the request language', async () => {
    const res = await call(getSchedule, '/api/clinic/schedule', { cookie: cookies.claire, locale: 'fr' });
    expect(res.status).toBe(200);
    const offices = res.json.offices as { id: number; name: string; is_virtual: boolean }[];
    expect(offices.find((o) => o.is_virtual)?.name).toMatch(/virtuel/i);
    expect(res.json.ranges).toContainEqual({ office_id: clinic.catalog.officeId.virtual, weekday: 4, start: '18:00', end: '20:00' });
    expect(res.json.time_off).toEqual([]);
  });

  it('changes the slots at once: a weekday removed has none, a new range has them', async () => {
    const before = (await claireSlots()).options;
    expect(Object.keys(before).some((d) => weekdayOf(d) === 3)).toBe(true);
    expect(Object.keys(before).some((d) => weekdayOf(d) === 6)).toBe(false);

    const centretown = clinic.catalog.officeId.centretown!;
    const edited = [...seeded.filter((r) => r.weekday !== 3), { office_id: centretown, weekday: 6, start: '10:00', end: '13:00' }];
    const res = await putRanges(edited);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.ranges).toHaveLength(edited.length);

    const after = (await claireSlots()).options;
    expect(Object.keys(after).filter((d) => weekdayOf(d) === 3)).toEqual([]);
    const saturdays = Object.keys(after).filter((d) => weekdayOf(d) === 6);
    expect(saturdays.length).toBeGreaterThan(0);
    for (const slot of saturdays.flatMap((d) => after[d]!)) {
      expect(localClock(slot.start) >= '10:00' && localClock(slot.start) < '13:00').toBe(true);
    }
  });

  it('refuses a change that would orphan a booked appointment, with its list, and writes nothing', async () => {
    const { date, id } = await bookWithClaire();
    const before = await scheduleRows();
    const res = await putRanges(seeded.filter((r) => r.weekday !== weekdayOf(date)), cookies.claire, 'fr');
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('schedule_orphans');
    const listed = res.json.appointments as Record<string, unknown>[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id, patient: 'Béa B', service: 'Consultation individuelle', office: expect.any(String) });
    expect(typeof listed[0]!.starts_at).toBe('string');
    expect((await scheduleRows()).length).toBe(before.length);

    // Hours that still hold the appointment (a later end on that day) are fine.
    const longer = seeded.map((r) => (r.weekday === weekdayOf(date) && r.start === '09:00' ? { ...r, end: '18:00' } : r));
    expect((await putRanges(longer)).status).toBe(200);
  });

  it('answers 400 with field errors for overlaps and bad ranges', async () => {
    const centretown = clinic.catalog.officeId.centretown!;
    const virtual = clinic.catalog.officeId.virtual!;
    const overlap = await putRanges([
      { office_id: centretown, weekday: 1, start: '09:00', end: '12:00' },
      { office_id: virtual, weekday: 1, start: '11:30', end: '13:00' },
    ]);
    expect(overlap.status).toBe(400);
    expect(Object.keys(overlap.json.field_errors as object)).toEqual(expect.arrayContaining(['ranges.0.start', 'ranges.1.start']));

    const bad = await putRanges([
      { office_id: centretown, weekday: 2, start: '09:10', end: '12:00' },
      { office_id: centretown, weekday: 3, start: '05:00', end: '12:00' },
      { office_id: centretown, weekday: 4, start: '14:00', end: '13:00' },
      { office_id: 999_999, weekday: 5, start: '09:00', end: '10:00' },
    ]);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.field_errors as object)).toEqual(expect.arrayContaining(['ranges.0.start', 'ranges.1.start', 'ranges.2.end']));
    const unknownOffice = await putRanges([{ office_id: 999_999, weekday: 5, start: '09:00', end: '10:00' }]);
    expect(unknownOffice.status).toBe(400);
    expect(unknownOffice.json.field_errors).toHaveProperty(['ranges.0.office_id']);
    expect((await putRanges(Array.from({ length: 31 }, (_, i) => ({ office_id: centretown, weekday: 1 + (i % 7), start: '06:00', end: '06:15' })))).status).toBe(400);
    expect((await call(putSchedule, '/api/clinic/schedule', { method: 'PUT', raw: '{', cookie: cookies.claire })).status).toBe(400);
    expect((await scheduleRows()).length).toBe(seeded.length);
  });

  it('is for employees only', async () => {
    expect((await call(getSchedule, '/api/clinic/schedule')).status).toBe(401);
    expect((await call(getSchedule, '/api/clinic/schedule', { cookie: cookies.patientA })).status).toBe(403);
    expect((await putRanges([], cookies.patientA)).status).toBe(403);
    expect((await addTimeOff({ start_date: '2099-01-01', end_date: '2099-01-01' }, cookies.patientA)).status).toBe(403);
    expect((await call(postTimeOff, '/api/clinic/time-off', { body: { start_date: '2099-01-01', end_date: '2099-01-01' } })).status).toBe(401);
    expect((await deleteCall(1, cookies.patientA)).status).toBe(403);
  });
});

describe('time off', () => {
  it('removes the day’s slots, keeps the reason private, and comes back when deleted', async () => {
    const logged = ['log', 'info', 'warn', 'error'].map((level) => vi.spyOn(console, level as 'log'));
    const before = (await claireSlots()).options;
    const date = Object.keys(before)[4]!;
    const reason = 'Rendez-vous médical (privé)';
    const res = await addTimeOff({ start_date: date, end_date: date, reason });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const created = res.json.time_off as { id: number; reason: string; starts_at: string; ends_at: string };
    expect(created.reason).toBe(reason);
    // A whole day in the clinic's zone: its local midnight to the next one.
    expect(localClock(created.starts_at)).toBe('00:00');
    expect(localClock(created.ends_at)).toBe('00:00');

    const during = await claireSlots();
    expect(during.options[date]).toBeUndefined();
    expect(Object.keys(during.options).length).toBe(Object.keys(before).length - 1);
    expect(JSON.stringify(during.options)).not.toContain(reason);
    const listed = await call(getSchedule, '/api/clinic/schedule', { cookie: cookies.claire });
    expect(listed.json.time_off).toEqual([created]);

    // Another dietitian cannot remove it (not found), the author can.
    expect((await deleteCall(created.id, cookies.sophie)).status).toBe(404);
    expect(await db.select().from(timeOff).where(eq(timeOff.id, created.id))).toHaveLength(1);
    expect((await deleteCall(created.id, cookies.claire)).status).toBe(200);
    expect((await deleteCall(created.id, cookies.claire)).status).toBe(404);
    expect((await deleteCall('abc', cookies.claire)).status).toBe(404);
    expect(Object.keys((await claireSlots()).options)).toContain(date);
    for (const spy of logged) for (const args of spy.mock.calls) expect(JSON.stringify(args)).not.toContain(reason);
  });

  it('a partial day removes only its hours', async () => {
    const before = (await claireSlots()).options;
    const date = Object.keys(before)[5]!;
    const res = await addTimeOff({ start_date: date, end_date: date, start_time: '13:00', end_time: '17:00' });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const after = (await claireSlots()).options[date] ?? [];
    expect(after.length).toBeGreaterThan(0);
    for (const slot of after) expect(localClock(slot.start) < '13:00').toBe(true);
    expect((await deleteCall((res.json.time_off as { id: number }).id, cookies.claire)).status).toBe(200);
  });

  it('is refused over a booked appointment, with its list, and nothing is written', async () => {
    const { date, id } = await bookWithClaire();
    const res = await addTimeOff({ start_date: date, end_date: date, reason: 'Formation' });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('time_off_orphans');
    expect((res.json.appointments as { id: number }[]).map((a) => a.id)).toContain(id);
    expect(await db.select().from(timeOff).where(eq(timeOff.employeeId, ids.claire))).toEqual([]);
  });

  it('answers 400 for bad dates', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
    const errorsOf = async (body: Record<string, unknown>) => {
      const res = await addTimeOff(body);
      expect(res.status).toBe(400);
      return Object.keys(res.json.field_errors as object);
    };
    expect(await errorsOf({ start_date: '2099-03-10', end_date: '2099-03-09' })).toEqual(['end_date']);
    expect(await errorsOf({ start_date: '2099-01-01', end_date: '2100-01-02' })).toEqual(['end_date']);
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(await errorsOf({ start_date: yesterday, end_date: today })).toEqual(['start_date']);
    expect(await errorsOf({ start_date: '2099-02-30', end_date: '2099-03-01' })).toEqual(['start_date']);
    expect(await errorsOf({ start_date: '2099-03-01', end_date: '2099-03-01', reason: 'x'.repeat(201) })).toEqual(['reason']);
    expect(await errorsOf({ start_date: '2099-03-01', end_date: '2099-03-01', start_time: '15:00', end_time: '14:00' })).toEqual(['end_time']);
  });
});
