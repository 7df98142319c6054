import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookAppointmentStep } from '@/lib/server/booking/book';
import { appointmentOfLink } from '@/lib/server/booking/manageLinks';
import { bookingTokenContext } from '@/lib/server/booking/stepTokens';
import type { Database } from '@/lib/server/db/client';
import { appointments, employeeProfiles } from '@/lib/server/db/schema';
import { DEMO_PATIENT } from '@/lib/server/db/seed';
import { demoClinic } from './support/clinic';
import { bookingDriver, firstSlot, form, slotTokens } from './support/booking';
import { deliveredOutbox } from './support/mail';

/**
 * The last three booking calls (available-appointments/fetch and check, book-appointment)
 * through their route handlers on the seeded demo clinic (lib/server/db/seed/team.ts), against
 * the real clock: tests pick whatever slot is offered rather than a fixed date.
 */

const clinic = demoClinic('booking-book');
let db: Database;
const ids = { patientA: 0, patientB: 0, employee: 0, emily: 0, amira: 0 };
const cookies = { patientA: '', patientB: '', employee: '' };
const { serviceId, skillId, officeId } = clinic.catalog;
const TZ = 'America/Toronto';

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  ids.patientA = await clinic.userId(DEMO_PATIENT.email);
  ids.employee = await clinic.userId('amira.haddad@demo.equilibrenutrition.ca');
  ids.emily = await clinic.userId('emily.chen@demo.equilibrenutrition.ca');
  ids.amira = ids.employee;
  ids.patientB = await clinic.addPatientB();
  cookies.patientA = await clinic.cookieFor(ids.patientA);
  cookies.patientB = await clinic.cookieFor(ids.patientB);
  cookies.employee = await clinic.cookieFor(ids.employee);
});
afterAll(() => clinic.close());

const { walk, slots, choose, book } = bookingDriver(clinic.catalog);
const localMinute = (iso: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(new Date(iso));
  return Number(parts.find((p) => p.type === 'minute')!.value);
};
/** What the outbox holds for `to`, once the e-mails queued so far had their try. */
const mails = async (to: string) => (await deliveredOutbox(join(clinic.dataDir, 'outbox'))).filter((m) => m.to === to);
/** The decoded text/calendar part of an outbox .eml. */
function calendarOf(emlPath: string): string {
  for (const chunk of readFileSync(emlPath, 'utf8').split(/\r\n--[^\r\n]+/)) {
    const split = chunk.indexOf('\r\n\r\n');
    const headers = chunk.slice(0, split);
    if (!/^content-type: text\/calendar/im.test(headers)) continue;
    const raw = chunk.slice(split + 4);
    return /content-transfer-encoding: base64/i.test(headers) ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  }
  return '';
}

describe('guest booking, end to end', () => {
  it('offers only dates with slots on a 15-minute grid, books once per token, e-mails in the session language', async () => {
    const t = await walk({ language: 'fr' });
    const { appointment_options: options, pricing_data: price } = await slots(t);
    expect(price).toMatchObject({ base_price: '160.00', tax_amount: '0.00', total_price: '160.00', total_price_cents: 16000, tax_breakdown: [] });
    const dates = Object.keys(options);
    expect(dates.length).toBeGreaterThan(10);
    for (const date of dates) {
      expect(options[date]!.length).toBeGreaterThan(0);
      for (const slot of options[date]!) expect(localMinute(slot.start) % 15).toBe(0);
    }
    const { date, slot } = firstSlot(options);
    expect((await choose(t, date, slot)).status).toBe(200);
    const res = await book(t);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const appointment = res.json.appointment as Record<string, unknown>;
    expect(appointment).toMatchObject({ session_language: 'fr', patient_id: null, patient_name: 'Élise Gauthier', start: slot.start, end: slot.end });
    expect(res.json.google_calendar_link).toMatch(/^https:\/\/calendar\.google\.com\//);
    // The success screen's download: the confirmation's event, without the private message.
    expect(res.json.ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(res.json.ics).toContain('SEQUENCE:0');
    expect(res.json.ics).toContain('ATTENDEE');
    expect(res.json.ics).not.toContain('Diab');
    expect(res.json.messages).toEqual([{ message: expect.any(String), type: 'success' }]);

    const sent = await mails(form.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.language).toBe('fr');
    expect(sent[0]!.attachments[0]!.contentType).toMatch(/^text\/calendar; method=REQUEST/);
    expect(sent[0]!.text).not.toContain('Diabète');
    expect(calendarOf(sent[0]!.emlPath)).toContain('SEQUENCE:0');
    // A guest too gets a manage link (in the session language), and it opens this appointment.
    const token = sent[0]!.text.match(/https?:\/\/\S+\/fr\/gerer-mon-rendez-vous#([A-Za-z0-9_-]{43})\s/)?.[1];
    expect(token).toBeDefined();
    expect((await appointmentOfLink(db, token!, new Date()))?.id).toBe(appointment.id);
    expect(sent[0]!.text).toContain('en ligne avec le bouton «\u00a0Gérer mon rendez-vous\u00a0»');

    // The same timeslot token again: the same appointment, and no second e-mail.
    const again = await book(t);
    expect(again.status).toBe(200);
    expect((again.json.appointment as { id: number }).id).toBe(appointment.id);
    expect(await mails(form.email)).toHaveLength(1);

    // The booked time is gone for that dietitian in the next fetch.
    const next = (await slots(t)).appointment_options;
    const same = (next[date] ?? []).find((s) => s.start === slot.start);
    expect(same?.recommended_employee.id).not.toBe(appointment.employee_id);
  });

  it('a French session only offers French-speaking dietitians', async () => {
    const french = await db.select({ id: employeeProfiles.userId }).from(employeeProfiles).where(sql`'fr' = ANY(${employeeProfiles.languages})`);
    const allowed = new Set(french.map((row) => row.id));
    expect(allowed.has(ids.emily)).toBe(false);
    for (const office of ['centretown', 'orleans']) {
      const options = (await slots(await walk({ language: 'fr', office, skills: ['eating-habits'] }))).appointment_options;
      for (const slot of Object.values(options).flat()) expect(allowed.has(slot.recommended_employee.id)).toBe(true);
    }
  });
});

describe('races and idempotency', () => {
  it('two patients racing for the same slot: exactly one wins, the other gets 409 slot_unavailable', async () => {
    // Saturday morning at the virtual office is Amira's alone: both tokens name her.
    const walks = await Promise.all([cookies.patientA, cookies.patientB].map(async (cookie) => {
      const t = await walk({ who: { cookie }, office: 'virtual', skills: ['eating-habits'] });
      return { t, options: (await slots(t, { cookie })).appointment_options };
    }));
    const { date, slot } = firstSlot(walks[0]!.options, (d, s) => new Date(`${d}T12:00:00Z`).getUTCDay() === 6 && s.recommended_employee.id === ids.amira);
    for (const [i, cookie] of [cookies.patientA, cookies.patientB].entries()) expect((await choose(walks[i]!.t, date, slot, { cookie })).status).toBe(200);
    const results = await Promise.all([book(walks[0]!.t, { cookie: cookies.patientA }), book(walks[1]!.t, { cookie: cookies.patientB })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.json.code).toBe('slot_unavailable');
    const rows = await db.select().from(appointments).where(eq(appointments.startsAt, new Date(slot.start)));
    expect(rows.filter((r) => r.status === 'booked' && r.employeeId === ids.amira)).toHaveLength(1);
  });
});

describe('rescheduling', () => {
  it('moves a patient’s appointment (old freed, SEQUENCE 1) and refuses inside the notice window', async () => {
    const who = { cookie: cookies.patientA };
    const t = await walk({ who });
    const options = (await slots(t, who)).appointment_options;
    const first = firstSlot(options, (d) => Object.keys(options).indexOf(d) >= 3);
    await choose(t, first.date, first.slot, who);
    const booked = await book(t, who);
    expect(booked.status).toBe(200);
    const oldId = (booked.json.appointment as { id: number }).id;

    const moving = await walk({ who, session: { rescheduling_appointment_id: oldId } });
    const later = firstSlot((await slots(moving, who)).appointment_options, (d) => d > first.date);
    await choose(moving, later.date, later.slot, who);
    const moved = await book(moving, who);
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    const newId = (moved.json.appointment as { id: number }).id;
    const rows = await db.select().from(appointments).where(inArray(appointments.id, [oldId, newId]));
    expect(rows.find((r) => r.id === oldId)!.status).toBe('cancelled');
    expect(rows.find((r) => r.id === newId)).toMatchObject({ status: 'booked', rescheduledFromId: oldId, sequence: 1 });
    const last = (await mails(DEMO_PATIENT.email)).at(-1)!;
    expect(calendarOf(last.emlPath)).toContain('SEQUENCE:1');

    // A chain started in time, then the visit is less than 24 h away: book-appointment re-checks.
    const again = await walk({ who, session: { rescheduling_appointment_id: newId } });
    const third = firstSlot((await slots(again, who)).appointment_options, (d) => d > later.date);
    await choose(again, third.date, third.slot, who);
    const soon = new Date(Date.now() + 2 * 3_600_000);
    await db.update(appointments).set({
      startsAt: soon, endsAt: new Date(soon.getTime() + 50 * 60_000), blockedUntil: new Date(soon.getTime() + 60 * 60_000),
    }).where(eq(appointments.id, newId));
    const refused = await book(again, who);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('cancellation_notice');
  });
});

describe('employees and pricing', () => {
  it('an employee books for a chosen patient with automatic dietitian choice; without a patient: 400', async () => {
    const who = { cookie: cookies.employee };
    const t = await walk({ who, session: { employee_selected_patient_id: ids.patientB, employee_selected_dietitian_id: -1 } });
    const { date, slot } = firstSlot((await slots(t, who)).appointment_options);
    await choose(t, date, slot, who);
    const res = await book(t, who);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.appointment).toMatchObject({ patient_id: ids.patientB, patient_name: 'Béa B', employee_id: slot.recommended_employee.id });
    const [row] = await db.select().from(appointments).where(eq(appointments.id, (res.json.appointment as { id: number }).id));
    expect(row!.bookedBy).toBe(ids.employee);

    const none = await walk({ who });
    const pick = firstSlot((await slots(none, who)).appointment_options);
    await choose(none, pick.date, pick.slot, who);
    const refused = await book(none, who);
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('patient_required');
  });

  it('prices a follow-up at 80.00 exempt and a taxable service with HST', async () => {
    const who = { cookie: cookies.patientA };
    // The follow-up's prerequisite: a past, completed nutrition evaluation.
    const past = new Date('2025-01-06T15:00:00Z');
    await db.insert(appointments).values({
      patientId: ids.patientA, employeeId: ids.amira, serviceId: serviceId['nutrition-evaluation']!, officeId: officeId.centretown!,
      startsAt: past, endsAt: new Date(past.getTime() + 3_600_000), blockedUntil: new Date(past.getTime() + 75 * 60_000),
      sessionLanguage: 'en', reasons: [skillId['eating-habits']!], status: 'completed', priceCents: 16000, taxCents: 0, totalCents: 16000,
    });
    const followUp = (await slots(await walk({ who, service: 'follow-up' }), who)).pricing_data;
    expect(followUp).toMatchObject({ base_price: '80.00', tax_amount: '0.00', total_price: '80.00', tax_breakdown: [] });
    const tour = (await slots(await walk({ who, service: 'grocery-store-tour' }), who)).pricing_data;
    expect(tour).toMatchObject({ base_price: '150.00', tax_amount: '19.50', total_price: '169.50', total_price_cents: 16950 });
    expect(tour.tax_breakdown).toEqual([{ name: 'HST', rate: 0.13, amount: '19.50', amount_cents: 1950 }]);
  });

  it('an expired token answers 401 booking_token_expired', async () => {
    const t = await walk();
    const { date, slot } = firstSlot((await slots(t)).appointment_options);
    await choose(t, date, slot);
    const body = { ...slotTokens(t), appointment_token: t.appointment_token, timeslot_token: t.timeslot_token };
    const key = { ...bookingTokenContext(), now: new Date(Date.now() + 2 * 3_600_000) };
    await expect(bookAppointmentStep(db, body, { kind: 'guest' }, key)).rejects.toMatchObject({ code: 'booking_token_expired', status: 401 });
  });
});
