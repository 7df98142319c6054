import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as cancelAppointment } from '@/app/api/booking/cancel-appointment/route';
import { POST as manageReschedule } from '@/app/api/booking/manage/reschedule/route';
import { POST as manageSlots } from '@/app/api/booking/manage/slots/route';
import { createManageLink } from '@/lib/server/booking/manageLinks';
import type { Database } from '@/lib/server/db/client';
import { appointments, users } from '@/lib/server/db/schema';
import { DEMO_PATIENT } from '@/lib/server/db/seed';
import { bookingDriver, firstSlot, type Options, type Walk, type Who } from './support/booking';
import { demoClinic } from './support/clinic';
import { call } from './support/http';
import { deliveredOutbox } from './support/mail';

/**
 * Issue 27, items 10 and 11, through the route handlers on the seeded demo clinic:
 * - a move to the visit's own time with its own dietitian is refused (409 reschedule_same_slot),
 *   at the booking flow's timeslot check, at book-appointment and through a manage link, with
 *   nothing cancelled or re-created and no e-mail;
 * - the dietitian's notices (booked, moved, cancelled) give the patient's duration (the
 *   nutrition evaluation's 50 minutes) and, named as such, the time their calendar holds
 *   (1 hour), in the dietitian's language.
 * On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */

const clinic = demoClinic('booking-same-slot');
let db: Database;
let patientId = 0;
let patientCookie = '';
const driver = bookingDriver(clinic.catalog);
const { slots, choose, book } = driver;
/** The nutrition evaluation: 50 minutes with the patient, 1 hour in the dietitian's calendar. */
const walk = (options: Walk) => driver.walk({ service: 'nutrition-evaluation', ...options });

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  patientId = await clinic.userId(DEMO_PATIENT.email);
  patientCookie = await clinic.cookieFor(patientId);
});
afterAll(() => clinic.close());

const outbox = () => deliveredOutbox(join(clinic.dataDir, 'outbox'));
const mailsTo = async (to: string) => (await outbox()).filter((m) => m.to === to);

/** The patient books the first free time on the `index`-th offered date (well outside the 24 h notice); answers the visit. */
async function patientBooks(index: number) {
  const who: Who = { cookie: patientCookie };
  const t = await walk({ who });
  const options = (await slots(t, who)).appointment_options;
  const { date, slot } = firstSlot(options, (d) => Object.keys(options).indexOf(d) >= index);
  expect((await choose(t, date, slot, who)).status).toBe(200);
  const res = await book(t, who);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const id = (res.json.appointment as { id: number }).id;
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  return row!;
}

const appointmentRows = () => db.select().from(appointments).where(eq(appointments.patientId, patientId));

describe('a reschedule to the identical slot is refused', () => {
  it('through the booking flow: at the timeslot check, in both languages, and again at book-appointment', async () => {
    const visit = await patientBooks(3);
    const before = await appointmentRows();
    const mailsBefore = (await outbox()).length;
    const ownStart = visit.startsAt.toISOString();

    for (const language of ['en', 'fr'] as const) {
      const who: Who = { cookie: patientCookie, locale: language };
      const moving = await walk({ who, language, session: { rescheduling_appointment_id: visit.id } });
      const options: Options = (await slots(moving, who)).appointment_options;
      // The visit's own time is offered (it is free for this visit) ...
      const own = firstSlot(options, (_, s) => s.start === ownStart);
      // ... but choosing it is refused at the date step, before anything is confirmed.
      const refused = await choose(moving, own.date, own.slot, who);
      expect(refused.status, JSON.stringify(refused.json)).toBe(409);
      expect(refused.json.code).toBe('reschedule_same_slot');
      expect(JSON.stringify(refused.json)).toContain(
        language === 'fr' ? 'C’est déjà l’heure de ce rendez-vous, avec la même diététiste' : 'This is already the appointment’s time, with the same dietitian',
      );
      // The same time in the 'HH:MM' form the client may send: the same answer.
      const clock = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(visit.startsAt);
      expect((await choose(moving, own.date, { start: clock }, who)).json.code).toBe('reschedule_same_slot');
    }

    // A timeslot token that names the visit's own time and dietitian (signed before this rule,
    // or the visit was moved back meanwhile): book-appointment refuses it too, in its transaction.
    const who: Who = { cookie: patientCookie };
    const moving = await walk({ who, session: { rescheduling_appointment_id: visit.id } });
    const options = (await slots(moving, who)).appointment_options;
    // Two days ahead at least: outside the 24 h notice once the visit is there.
    const other = firstSlot(options, (_, s) => Date.parse(s.start) > Date.now() + 48 * 3_600_000 && s.start !== ownStart && s.recommended_employee.id === visit.employeeId);
    expect((await choose(moving, other.date, other.slot, who)).status).toBe(200);
    // Meanwhile the visit is put at the chosen time (as if moved there by the desk).
    const otherStart = new Date(other.slot.start);
    await db
      .update(appointments)
      .set({ startsAt: otherStart, endsAt: new Date(other.slot.end), blockedUntil: new Date(otherStart.getTime() + 60 * 60_000) })
      .where(eq(appointments.id, visit.id));
    const refused = await book(moving, who);
    expect(refused.status, JSON.stringify(refused.json)).toBe(409);
    expect(refused.json.code).toBe('reschedule_same_slot');
    await db
      .update(appointments)
      .set({ startsAt: visit.startsAt, endsAt: visit.endsAt, blockedUntil: visit.blockedUntil })
      .where(eq(appointments.id, visit.id));

    // Nothing was cancelled or re-created, and no e-mail went out.
    const after = await appointmentRows();
    expect(after.map((r) => [r.id, r.status, r.sequence])).toEqual(before.map((r) => [r.id, r.status, r.sequence]));
    expect((await outbox()).length).toBe(mailsBefore);

    // Another time still moves it.
    const real = await walk({ who, session: { rescheduling_appointment_id: visit.id } });
    const elsewhere = firstSlot((await slots(real, who)).appointment_options, (_, s) => s.start !== ownStart);
    expect((await choose(real, elsewhere.date, elsewhere.slot, who)).status).toBe(200);
    const moved = await book(real, who);
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json.appointment).toMatchObject({ start: elsewhere.slot.start });
  });

  it('through a manage link: refused with nothing changed and no e-mail; another time moves it', async () => {
    const visit = await patientBooks(5);
    const token = (await createManageLink(db, visit)).split('#')[1]!;
    const before = await appointmentRows();
    const mailsBefore = (await outbox()).length;

    // The link's reschedule offers the visit's own time ...
    const offered = await call(manageSlots, '/api/booking/manage/slots', { body: { token } });
    expect(offered.status).toBe(200);
    const options = offered.json.appointment_options as Options;
    expect(Object.values(options).flat().some((s) => s.start === visit.startsAt.toISOString())).toBe(true);

    // ... and refuses it, in the page's language.
    for (const locale of ['en', 'fr'] as const) {
      const res = await call(manageReschedule, '/api/booking/manage/reschedule', { body: { token, start: visit.startsAt.toISOString() }, locale });
      expect(res.status, JSON.stringify(res.json)).toBe(409);
      expect(res.json.code).toBe('reschedule_same_slot');
      expect(JSON.stringify(res.json)).toContain(locale === 'fr' ? 'rien ne changerait' : 'nothing would change');
    }
    const after = await appointmentRows();
    expect(after.map((r) => [r.id, r.status, r.sequence, r.startsAt.getTime()])).toEqual(before.map((r) => [r.id, r.status, r.sequence, r.startsAt.getTime()]));
    expect((await outbox()).length).toBe(mailsBefore);

    const other = firstSlot(options, (_, s) => s.start !== visit.startsAt.toISOString());
    const moved = await call(manageReschedule, '/api/booking/manage/reschedule', { body: { token, start: other.slot.start } });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    const [old] = await db.select().from(appointments).where(eq(appointments.id, visit.id));
    expect(old!.status).toBe('cancelled');
  });
});

describe('the dietitian’s notice names the patient’s duration and the time their calendar holds', () => {
  it('booked, moved and cancelled: "Duration: 50 minutes" and the hour blocked (or freed), in the dietitian’s language', async () => {
    const visit = await patientBooks(7);
    const [dietitian] = await db.select().from(users).where(eq(users.id, visit.employeeId));
    expect(visit.endsAt.getTime() - visit.startsAt.getTime()).toBe(50 * 60_000);
    expect(visit.blockedUntil.getTime() - visit.startsAt.getTime()).toBe(60 * 60_000);
    const noticeOf = async (subject: RegExp) => (await mailsTo(dietitian!.email)).filter((m) => subject.test(m.subject)).at(-1)!;

    await db.update(users).set({ preferredLanguage: 'en' }).where(eq(users.id, dietitian!.id));
    // The booking's notice was queued in the dietitian's language at booking time; read it as sent.
    const booked = await noticeOf(dietitian!.preferredLanguage === 'fr' ? /^Nouveau rendez-vous/ : /^New appointment/);
    if (dietitian!.preferredLanguage === 'fr') {
      expect(booked.text).toContain('Durée\u00a0: 50 minutes');
      expect(booked.text).toContain('Temps réservé à votre agenda\u00a0: 1 heure');
    } else {
      expect(booked.text).toContain('Duration: 50 minutes');
      expect(booked.text).toContain('Time blocked in your calendar: 1 hour');
    }
    expect(booked.text).not.toContain('Duration: 1 hour');

    // Moved, to a French-speaking dietitian's inbox (the same dietitian, now reading French).
    await db.update(users).set({ preferredLanguage: 'fr' }).where(eq(users.id, dietitian!.id));
    const who: Who = { cookie: patientCookie };
    const moving = await walk({ who, session: { rescheduling_appointment_id: visit.id } });
    const options = (await slots(moving, who)).appointment_options;
    // Two days out at least: the patient cancels it below, outside the 24-hour notice whatever the hour the suite runs.
    const twoDays = Date.now() + 48 * 3_600_000;
    const target = firstSlot(options, (_, s) => s.start !== visit.startsAt.toISOString() && s.recommended_employee.id === visit.employeeId && Date.parse(s.start) > twoDays);
    expect((await choose(moving, target.date, target.slot, who)).status).toBe(200);
    const moved = await book(moving, who);
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    const movedNotice = await noticeOf(/^Rendez-vous déplacé/);
    expect(movedNotice.text).toContain('Durée\u00a0: 50 minutes');
    expect(movedNotice.text).toContain('Temps réservé à votre agenda\u00a0: 1 heure');
    expect(movedNotice.text).not.toContain('Durée\u00a0: 1 heure');

    // Cancelled, in English again: the time the visit held is named as freed.
    await db.update(users).set({ preferredLanguage: 'en' }).where(eq(users.id, dietitian!.id));
    const newId = (moved.json.appointment as { id: number }).id;
    const cancelled = await call(cancelAppointment, '/api/booking/cancel-appointment', { body: { appointment_id: newId }, cookie: patientCookie });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    const cancelNotice = await noticeOf(/^Appointment cancelled/);
    expect(cancelNotice.text).toContain('Duration: 50 minutes');
    expect(cancelNotice.text).toContain('Time freed in your calendar: 1 hour');
    // The patient's own e-mails keep their 50 minutes.
    const confirmation = (await mailsTo(DEMO_PATIENT.email)).find((m) => m.subject.startsWith('Appointment moved'))!;
    expect(confirmation.text).toContain('Duration: 50 minutes');
    expect(confirmation.text).not.toContain('calendar:');
  });
});
