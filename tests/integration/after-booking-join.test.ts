import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as agenda } from '@/app/api/clinic/agenda/route';
import { GET as bookedAppointments } from '@/app/api/booking/booked-appointments/route';
import { POST as manageView } from '@/app/api/booking/manage/route';
import type { Database } from '@/lib/server/db/client';
import { appointments } from '@/lib/server/db/schema';
import { DEMO_PATIENT } from '@/lib/server/db/seed';
import { readOutbox } from '@/lib/server/email';
import { deliverQueuedEmails } from '@/lib/server/email/queue';
import { calendarOfEml, icsProperty, joinLinkIn, manageTokenIn, unfoldIcs } from './support/after-booking';
import { bookingDriver, firstSlot } from './support/booking';
import { demoClinic } from './support/clinic';
import { call } from './support/http';
import { deliverMail } from './support/mail';

/**
 * E. Video visits' join links (issue #15 item 3), end to end: a patient books an office visit and
 * a virtual one through the route handlers; only the virtual one has a join link, the same one in
 * the confirmation's text, its .ics (LOCATION and URL), the manage view, the patient's list and
 * the dietitian's agenda. The office visit has none anywhere.
 */

const clinic = demoClinic('after-booking-join');
let db: Database;
let patientCookie = '';
const HOUR = 3_600_000;
const ROOM_LINK = /https:\/\/meet\.jit\.si\/clinic-[0-9a-f]{32}/;

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  patientCookie = await clinic.cookieFor(await clinic.userId(DEMO_PATIENT.email));
});
afterAll(() => clinic.close());

const { walk, slots, choose, book } = bookingDriver(clinic.catalog);

/** The demo patient books at `office` (a slot on a date after `after`, three days out at least); returns the visit and its confirmation. */
async function patientBooks(office: string, after = '') {
  const who = { cookie: patientCookie };
  const t = await walk({ who, office });
  const options = (await slots(t, who)).appointment_options;
  const { date, slot } = firstSlot(options, (d, s) => d > after && Date.parse(s.start) > Date.now() + 72 * HOUR);
  expect((await choose(t, date, slot, who)).status).toBe(200);
  const before = (await readOutbox(join(clinic.dataDir, 'outbox'))).length;
  const res = await book(t, who);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  await deliverMail();
  await deliverQueuedEmails(db);
  const mails = (await readOutbox(join(clinic.dataDir, 'outbox'))).slice(before).filter((m) => m.to === DEMO_PATIENT.email);
  expect(mails).toHaveLength(1);
  const id = (res.json.appointment as { id: number }).id;
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  return { id, date, slot, row: row!, mail: mails[0]!, bookAnswer: res.json };
}

describe('E. join links', () => {
  it('a virtual visit has one join link everywhere the patient and the dietitian look; an office visit has none', async () => {
    const inPerson = await patientBooks('centretown');
    const virtual = await patientBooks('virtual', inPerson.date);

    // The database: a room for the virtual visit only.
    expect(inPerson.row.videoRoom).toBeNull();
    expect(virtual.row.videoRoom).toMatch(/^clinic-[0-9a-f]{32}$/);
    const joinUrl = `https://meet.jit.si/${virtual.row.videoRoom}`;

    // The confirmation e-mails.
    expect(joinLinkIn(virtual.mail.text, 'en')).toBe(joinUrl);
    expect(virtual.mail.html).toContain(joinUrl);
    expect(joinLinkIn(inPerson.mail.text, 'en')).toBeUndefined();
    for (const part of [inPerson.mail.subject, inPerson.mail.text, inPerson.mail.html]) {
      expect(part).not.toMatch(/Video call|meet\.jit\.si|clinic-[0-9a-f]{32}/);
    }

    // The .ics attachments, unfolded (RFC 5545 §3.1).
    const virtualIcs = unfoldIcs(calendarOfEml(virtual.mail.emlPath));
    expect(virtualIcs[0]).toBe('BEGIN:VCALENDAR');
    expect(icsProperty(virtualIcs, 'LOCATION')).toBe(joinUrl);
    expect(icsProperty(virtualIcs, 'URL')).toBe(joinUrl);
    expect(virtualIcs.find((l) => l.startsWith('LOCATION'))).toMatch(/^LOCATION(;[^:]*)?:https:\/\/meet\.jit\.si\//);
    expect(virtualIcs.find((l) => l.startsWith('URL'))).toMatch(/^URL(;[^:]*)?:https:\/\/meet\.jit\.si\//);
    const officeIcs = unfoldIcs(calendarOfEml(inPerson.mail.emlPath));
    expect(officeIcs[0]).toBe('BEGIN:VCALENDAR');
    expect(icsProperty(officeIcs, 'URL')).toBeUndefined();
    expect(icsProperty(officeIcs, 'LOCATION')).toMatch(/Ottawa/);
    expect(officeIcs.join('\n')).not.toMatch(/meet\.jit\.si|clinic-[0-9a-f]{32}/);
    // The success screen's download is the same event.
    expect(icsProperty(unfoldIcs(virtual.bookAnswer.ics as string), 'URL')).toBe(joinUrl);
    expect(String(inPerson.bookAnswer.ics)).not.toMatch(ROOM_LINK);

    // The manage view, through each confirmation's link.
    const view = async (mail: typeof virtual.mail) => {
      const token = manageTokenIn(mail.text, 'en');
      expect(token).toBeDefined();
      const res = await call(manageView, '/api/booking/manage', { body: { token } });
      expect(res.status).toBe(200);
      return res.json.appointment as { join_url: string | null; join_opens_at: string | null; location: { kind: string } };
    };
    expect(await view(virtual.mail)).toMatchObject({
      join_url: joinUrl,
      join_opens_at: new Date(Date.parse(virtual.slot.start) - 15 * 60_000).toISOString(),
      location: { kind: 'virtual' },
    });
    expect(await view(inPerson.mail)).toMatchObject({ join_url: null, join_opens_at: null, location: { kind: 'office' } });

    // The patient's list of booked appointments.
    const list = await call(bookedAppointments, '/api/booking/booked-appointments', { cookie: patientCookie });
    expect(list.status).toBe(200);
    const upcoming = list.json.upcoming as { id: number; join_url: string | null }[];
    expect(upcoming.find((a) => a.id === virtual.id)?.join_url).toBe(joinUrl);
    expect(upcoming.find((a) => a.id === inPerson.id)).toMatchObject({ join_url: null });

    // Each dietitian's agenda for the day.
    for (const visit of [virtual, inPerson]) {
      const cookie = await clinic.cookieFor(visit.row.employeeId);
      const day = await call(agenda, `/api/clinic/agenda?date=${visit.date}`, { cookie });
      expect(day.status).toBe(200);
      const item = (day.json.appointments as { id: number; join_url: string | null }[]).find((a) => a.id === visit.id);
      expect(item, `visit ${visit.id} in the agenda of ${visit.date}`).toBeDefined();
      expect(item!.join_url).toBe(visit === virtual ? joinUrl : null);
    }
  });
});
