import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as checkSession } from '@/app/api/booking/check-session/route';
import type { Database } from '@/lib/server/db/client';
import { appointments, timeOff } from '@/lib/server/db/schema';
import { DEMO_PATIENT } from '@/lib/server/db/seed';
import { demoClinic } from './support/clinic';
import { bookingDriver, firstSlot, form, post, type Options, type Slot } from './support/booking';

/**
 * Availability through the route handlers on the seeded demo clinic (lib/server/db/seed/team.ts):
 * time off, the employee's choice of dietitian, 'HH:MM' slot starts, an employee's reschedule
 * inside the notice window, and a guest's own bookings. Against the real clock, like
 * booking-book.test.ts: tests pick whatever slot is offered.
 */

const clinic = demoClinic('booking-availability');
let db: Database;
const ids = { patientA: 0, patientB: 0, employee: 0, sophie: 0 };
const cookies = { patientA: '', employee: '' };
const { serviceId, skillId, officeId } = clinic.catalog;
const catalog = clinic.catalog;
const { walk, slots, choose, book } = bookingDriver(catalog);
const TZ = 'America/Toronto';
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  ids.patientA = await clinic.userId(DEMO_PATIENT.email);
  ids.employee = await clinic.userId('amira.haddad@demo.equilibrenutrition.ca');
  ids.sophie = await clinic.userId('sophie.tremblay@demo.equilibrenutrition.ca');
  ids.patientB = await clinic.addPatientB();
  cookies.patientA = await clinic.cookieFor(ids.patientA);
  cookies.employee = await clinic.cookieFor(ids.employee);
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => clinic.close());

const allSlots = (options: Options) => Object.values(options).flat();
const overlaps = (slot: Slot, from: Date, to: Date) => Date.parse(slot.start) < to.getTime() && Date.parse(slot.end) > from.getTime();
/** A slot's local wall-clock start, 'HH:MM'. */
const localClock = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
/** A date a few days out, so no test races the advance-booking limit. */
const laterDate = (options: Options, skip = 3) => {
  const dates = Object.keys(options);
  expect(dates.length).toBeGreaterThan(skip);
  return dates[skip]!;
};

describe('time off', () => {
  it('removes the dietitian’s slots over the period, refuses slots fetched before it, and never shows the reason', async () => {
    const logged = ['log', 'info', 'warn', 'error'].map((level) => vi.spyOn(console, level as 'log'));
    const employee = { cookie: cookies.employee };
    const session = { employee_selected_patient_id: ids.patientB, employee_selected_dietitian_id: ids.sophie };
    const [early, late] = [await walk({ who: employee, session }), await walk({ who: employee, session })];
    const before = (await slots(early, employee)).appointment_options;
    await slots(late, employee);
    const date = laterDate(before);
    const first = before[date]!.at(0)!;
    const last = before[date]!.at(-1)!;
    // Chosen before the time off: the timeslot token is valid, booking must still re-check.
    expect((await choose(late, date, last, employee)).status).toBe(200);

    const reason = 'Congé médical (privé)';
    const from = new Date(first.start);
    const to = new Date(last.end);
    await db.insert(timeOff).values({ employeeId: ids.sophie, startsAt: from, endsAt: to, reason });

    const checked = await choose(early, date, first, employee);
    expect(checked.status).toBe(409);
    expect(checked.json.code).toBe('slot_unavailable');
    const booked = await book(late, employee);
    expect(booked.status).toBe(409);
    expect(booked.json.code).toBe('slot_unavailable');
    expect(await db.select().from(appointments).where(eq(appointments.patientId, ids.patientB))).toHaveLength(0);

    const response = await slots(early, employee);
    const after = response.appointment_options;
    expect(allSlots(after).filter((slot) => overlaps(slot, from, to))).toEqual([]);
    // Only the period goes: the other dates keep Sophie's slots.
    expect(Object.keys(after).filter((d) => d !== date).length).toBe(Object.keys(before).filter((d) => d !== date).length);

    // Automatic choice: the period is still bookable, with someone else.
    const patient = { cookie: cookies.patientA };
    const automatic = (await slots(await walk({ who: patient }), patient)).appointment_options;
    const during = allSlots(automatic).filter((slot) => overlaps(slot, from, to));
    expect(during.length).toBeGreaterThan(0);
    for (const slot of during) expect(slot.recommended_employee.id).not.toBe(ids.sophie);

    const everything = JSON.stringify([response, automatic, checked.json, booked.json]);
    expect(everything).not.toContain(reason);
    for (const spy of logged) for (const args of spy.mock.calls) expect(JSON.stringify(args)).not.toContain(reason);
  });

  it('refuses a time off that ends before it starts', async () => {
    const at = new Date('2030-01-07T15:00:00Z');
    await expect(db.insert(timeOff).values({ employeeId: ids.sophie, startsAt: at, endsAt: at })).rejects.toThrow();
  });
});

describe('the employee’s choice of dietitian', () => {
  it('limits the slots to the chosen dietitian; automatic (-1) recommends others too', async () => {
    const who = { cookie: cookies.employee };
    const walkFor = (dietitian: number) =>
      walk({ who, skills: ['eating-habits'], session: { employee_selected_patient_id: ids.patientB, employee_selected_dietitian_id: dietitian } });
    const chosen = allSlots((await slots(await walkFor(ids.sophie), who)).appointment_options);
    expect(chosen.length).toBeGreaterThan(0);
    for (const slot of chosen) expect(slot.recommended_employee.id).toBe(ids.sophie);

    const automatic = allSlots((await slots(await walkFor(-1), who)).appointment_options);
    expect(new Set(automatic.map((slot) => slot.recommended_employee.id)).size).toBeGreaterThan(1);
  });
});

describe('available-appointments/check with a local time', () => {
  it('reads timeslot_start as HH:MM on the date in the clinic zone, the end from the options', async () => {
    const t = await walk();
    const options = (await slots(t)).appointment_options;
    // Not a date with time off (the first test's): both dietitians must be free on this one.
    const absences = await db.select().from(timeOff);
    const clear = (d: string) => !options[d]!.some((s) => absences.some((a) => overlaps(s, a.startsAt, a.endsAt)));
    const date = Object.keys(options).slice(3).find(clear) ?? laterDate(options);
    const slot = options[date]![1] ?? options[date]![0]!;
    const nowhere = await choose(t, date, { start: '03:00' });
    expect(nowhere.status).toBe(409);
    expect(nowhere.json.code).toBe('slot_unavailable');

    expect((await choose(t, date, { start: localClock(slot.start) })).status).toBe(200);
    const res = await book(t);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.appointment).toMatchObject({ start: slot.start, end: slot.end });

    // That guest is not offered the time again (they cannot hold two visits at once) ...
    const again = (await slots(await walk())).appointment_options;
    expect((again[date] ?? []).filter((s) => overlaps(s, new Date(slot.start), new Date(slot.end)))).toEqual([]);
    // ... while another guest still is, with the other dietitian.
    const other = bookingDriver(catalog, { ...form, email: 'someone.else@example.ca' });
    const t2 = await other.walk();
    const theirs = (await other.slots(t2)).appointment_options;
    expect((theirs[date] ?? []).map((s) => s.start)).toContain(slot.start);
  });
});

describe('rescheduling inside the cancellation notice', () => {
  it('an employee may (recorded as an override); the patient may not', async () => {
    const soon = new Date(Date.now() + 2 * HOUR_MS);
    const [row] = await db
      .insert(appointments)
      .values({
        patientId: ids.patientA, employeeId: ids.sophie, serviceId: serviceId['individual-consultation']!, officeId: officeId.centretown!,
        startsAt: soon, endsAt: new Date(soon.getTime() + HOUR_MS), blockedUntil: new Date(soon.getTime() + 1.25 * HOUR_MS),
        sessionLanguage: 'en', reasons: [skillId['weight-management']!], status: 'booked', priceCents: 16000, taxCents: 0, totalCents: 16000,
      })
      .returning({ id: appointments.id });
    const oldId = row!.id;

    const session = { session_language: 'en', rescheduling_appointment_id: oldId };
    const refused = await post(checkSession, '/api/booking/check-session', session, { cookie: cookies.patientA });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('cancellation_notice');

    const who = { cookie: cookies.employee };
    const t = await walk({ who, session: { rescheduling_appointment_id: oldId } });
    const { date, slot } = firstSlot((await slots(t, who)).appointment_options);
    expect((await choose(t, date, slot, who)).status).toBe(200);
    const moved = await book(t, who);
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json.appointment).toMatchObject({ patient_id: ids.patientA, start: slot.start });
    const [old] = await db.select().from(appointments).where(eq(appointments.id, oldId));
    expect(old).toMatchObject({ status: 'cancelled', cancelOverride: true, cancelledBy: ids.employee });
  });
});
