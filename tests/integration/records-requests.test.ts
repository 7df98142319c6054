import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATCH as handleRoute } from '@/app/api/clinic/records-requests/[id]/route';
import { GET as peopleRoute } from '@/app/api/clinic/records-requests/people/route';
import { GET as listRoute, POST as recordRoute } from '@/app/api/clinic/records-requests/route';
import { localDateOf } from '@/lib/format/dates';
import type { RecordsRequestView } from '@/lib/schemas/recordsRequests';
import { searchPatients } from '@/lib/server/booking/patients';
import { auditEvents, recordsRequests, users } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN, DEMO_PATIENT } from '@/lib/server/db/seed';
import { subjectKey } from '@/lib/server/privacy/audit';
import { listRecordsRequests, recordRecordsRequest } from '@/lib/server/privacy/recordsRequests';
import { demoClinic } from './support/clinic';
import { call } from './support/http';
import { addPerson } from './support/people';

/**
 * Issue #30 item 5 through the route handlers: the administrators' records requests. Only an
 * administrator reads, records, handles or searches (401 signed out, 403 for a patient or another
 * employee); a request is due exactly 30 calendar days after it was received, and its days left
 * count from the clinic's calendar date; a correction needs what it asks, a refusal its reason;
 * a request is handled once; the audit names kind and status, never the texts.
 */

const clinic = demoClinic('records-requests');
const SOPHIE = 'sophie.tremblay@demo.equilibrenutrition.ca';
const DAY = 86_400_000;
const ids = { admin: 0, sophie: 0, patient: 0, closed: 0 };
const cookies = { admin: '', sophie: '', patient: '' };
const HEALTH_TEXT = 'Mon dossier indique une allergie aux arachides : c’est une erreur, je suis intolérante au lactose.';

/** A calendar date moved by whole days ('YYYY-MM-DD'), written independently of the code under test. */
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const today = () => localDateOf(new Date());

type Cookie = string | undefined;
const listAs = (cookie: Cookie, status: 'open' | 'all' = 'all', locale: 'en' | 'fr' = 'en') =>
  call(listRoute, `/api/clinic/records-requests?status=${status}`, { cookie, locale });
const recordAs = (cookie: Cookie, body: unknown, locale: 'en' | 'fr' = 'en') => call(recordRoute, '/api/clinic/records-requests', { body, cookie, locale });
const handleAs = (cookie: Cookie, id: string, body: unknown, locale: 'en' | 'fr' = 'en') =>
  call((request: Request) => handleRoute(request, { params: Promise.resolve({ id }) }), `/api/clinic/records-requests/${id}`, {
    body,
    cookie,
    locale,
    method: 'PATCH',
  });
const searchAs = (cookie: Cookie, search: string) => call(peopleRoute, `/api/clinic/records-requests/people?search=${encodeURIComponent(search)}`, { cookie });

const requestOf = (res: { json: Record<string, unknown> }) => res.json.request as RecordsRequestView;
const requestsOf = (res: { json: Record<string, unknown> }) => res.json.requests as RecordsRequestView[];

/** Records an access request for the demo patient through the route, as the administrator. */
async function recordForPatient(receivedOn = today(), kind: 'access' | 'correction' = 'access', details?: string) {
  const res = await recordAs(cookies.admin, { kind, patient_id: ids.patient, received_on: receivedOn, ...(details && { details }) });
  expect(res.status).toBe(201);
  return requestOf(res);
}

beforeAll(async () => {
  await clinic.open();
  ids.admin = await clinic.userId(DEMO_DIETITIAN.email);
  ids.sophie = await clinic.userId(SOPHIE);
  ids.patient = await clinic.userId(DEMO_PATIENT.email);
  cookies.admin = await clinic.cookieFor(ids.admin);
  cookies.sophie = await clinic.cookieFor(ids.sophie);
  cookies.patient = await clinic.cookieFor(ids.patient);
  // A patient whose account was closed (issue #30 item 3): their record stays, readable by the clinic only.
  const closed = await addPerson(clinic.db, { email: 'ancien.patient@example.ca', role: 'patient', firstName: 'Gisèle', lastName: 'Ancienne' });
  await clinic.db.update(users).set({ closedAt: new Date(), isActive: false, passwordHash: '' }).where(eq(users.id, closed.id));
  ids.closed = closed.id;
});
afterAll(() => clinic.close());

describe('who may use the records requests', () => {
  it('answers 401 signed out, 403 to a patient or an employee who is not an administrator, and serves an administrator', async () => {
    const open = await recordForPatient();
    for (const [cookie, status] of [
      [undefined, 401],
      [cookies.patient, 403],
      [cookies.sophie, 403],
    ] as const) {
      expect((await listAs(cookie)).status).toBe(status);
      expect((await recordAs(cookie, { kind: 'access', guest_email: 'someone@example.ca', received_on: today() })).status).toBe(status);
      expect((await handleAs(cookie, open.id, { status: 'completed' })).status).toBe(status);
      expect((await searchAs(cookie, 'Ancienne')).status).toBe(status);
    }
    const refused = await listAs(cookies.sophie, 'all', 'fr');
    expect(refused.json.message).toBe('Seuls les administrateurs peuvent voir et consigner les demandes de dossiers.');
    // The refused calls changed nothing: the one request is still open.
    const [row] = await clinic.db.select().from(recordsRequests).where(eq(recordsRequests.publicId, open.id));
    expect(row).toMatchObject({ status: 'open', handledBy: null, handledAt: null });
    expect(await clinic.db.select().from(recordsRequests).where(eq(recordsRequests.guestEmail, 'someone@example.ca'))).toEqual([]);

    expect((await listAs(cookies.admin)).status).toBe(200);
    expect((await searchAs(cookies.admin, 'Ancienne')).status).toBe(200);
    const guest = await recordAs(cookies.admin, { kind: 'access', guest_email: '  Someone@Example.CA ', received_on: today() });
    expect(guest.status).toBe(201);
    expect(requestOf(guest).person).toEqual({ kind: 'guest', email: 'someone@example.ca' });
    const handled = await handleAs(cookies.admin, open.id, { status: 'completed', outcome: 'Copie remise en personne.' });
    expect(handled.status).toBe(200);
    expect(requestOf(handled)).toMatchObject({ status: 'completed', handled_by: 'Claire Bouchard', outcome: 'Copie remise en personne.', days_left: null });
  });

  it('refuses a cross-site request', async () => {
    const res = await call(recordRoute, '/api/clinic/records-requests', {
      body: { kind: 'access', guest_email: 'cross@example.ca', received_on: today() },
      cookie: cookies.admin,
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});

describe('due dates', () => {
  it('are 30 calendar days after the day received, across month ends and a leap day', async () => {
    const cases: Array<[received: string, due: string, now: string]> = [
      ['2026-01-31', '2026-03-02', '2026-02-10T15:00:00Z'],
      ['2028-02-10', '2028-03-11', '2028-02-20T15:00:00Z'], // 2028 has a February 29
      ['2026-12-15', '2027-01-14', '2026-12-20T15:00:00Z'],
    ];
    for (const [received, due, now] of cases) {
      const view = await recordRecordsRequest(clinic.db, { kind: 'access', guest_email: `due-${received}@example.ca`, received_on: received }, { id: ids.admin }, { now: new Date(now) });
      expect(view.due_on, received).toBe(due);
      expect(shift(received, 30)).toBe(due);
    }
    // The database holds the same rule: a due date other than received + 30 is refused.
    await expect(
      clinic.db.insert(recordsRequests).values({ kind: 'access', guestEmail: 'x@example.ca', receivedOn: '2026-01-31', dueOn: '2026-03-03', createdBy: ids.admin }),
    ).rejects.toThrow();
  });

  it("count the days left from the clinic's calendar date: due today is 0, overdue is negative", async () => {
    const email = 'days-left@example.ca';
    await recordRecordsRequest(clinic.db, { kind: 'access', guest_email: email, received_on: '2026-01-31' }, { id: ids.admin }, { now: new Date('2026-02-01T15:00:00Z') });
    const daysLeft = async (now: string) => {
      const list = await listRecordsRequests(clinic.db, { status: 'open', now: new Date(now) });
      return list.find((request) => request.person.kind === 'guest' && request.person.email === email)?.days_left;
    };
    expect(await daysLeft('2026-02-28T15:00:00Z')).toBe(2);
    // 04:30 UTC on March 2 is still March 1 in Toronto: one day left, not none.
    expect(await daysLeft('2026-03-02T04:30:00Z')).toBe(1);
    expect(await daysLeft('2026-03-02T15:00:00Z')).toBe(0);
    expect(await daysLeft('2026-03-04T15:00:00Z')).toBe(-2);
  });

  it('through the API: received 32 days ago is 2 days overdue, listed before one due later', async () => {
    const late = await recordForPatient(shift(today(), -32));
    expect(late).toMatchObject({ received_on: shift(today(), -32), due_on: shift(today(), -2), days_left: -2, status: 'open', created_by: 'Claire Bouchard' });
    const fresh = await recordForPatient(shift(today(), -3));
    expect(fresh).toMatchObject({ due_on: shift(today(), 27), days_left: 27 });

    const open = requestsOf(await listAs(cookies.admin, 'open'));
    expect(open.every((request) => request.status === 'open')).toBe(true);
    const dues = open.map((request) => request.due_on);
    expect(dues).toEqual([...dues].sort());
    expect(open.findIndex((r) => r.id === late.id)).toBeLessThan(open.findIndex((r) => r.id === fresh.id));
    expect(open.find((r) => r.id === late.id)?.person).toEqual({
      kind: 'patient',
      patient_id: ids.patient,
      name: expect.any(String),
      email: DEMO_PATIENT.email,
      closed: false,
    });

    // All: the open ones first, then the handled ones.
    await handleAs(cookies.admin, fresh.id, { status: 'completed', outcome: 'Copie envoyée par la poste.' });
    const all = requestsOf(await listAs(cookies.admin, 'all'));
    const firstHandled = all.findIndex((request) => request.status !== 'open');
    expect(all.slice(firstHandled).every((request) => request.status !== 'open')).toBe(true);
    expect(all.find((r) => r.id === fresh.id)).toMatchObject({ status: 'completed', handled_by: 'Claire Bouchard', days_left: null });
    expect(requestsOf(await listAs(cookies.admin, 'open')).some((r) => r.id === fresh.id)).toBe(false);
  });

  it('refuses a date received in the future, in French at its field, or more than a year back', async () => {
    const future = await recordAs(cookies.admin, { kind: 'access', patient_id: ids.patient, received_on: shift(today(), 1) }, 'fr');
    expect(future.status).toBe(400);
    expect(future.json.field_errors).toEqual({ received_on: ['La date de réception ne peut pas être dans le futur.'] });
    const old = await recordAs(cookies.admin, { kind: 'access', patient_id: ids.patient, received_on: shift(today(), -400) });
    expect(old.status).toBe(400);
    expect(old.json.field_errors).toEqual({ received_on: ['Enter a date within the past year.'] });
    const noDate = await recordAs(cookies.admin, { kind: 'access', patient_id: ids.patient, received_on: '2026-02-30' });
    expect(noDate.json.field_errors).toEqual({ received_on: ['Enter a valid date (YYYY-MM-DD).'] });
  });
});

describe('recording and handling', () => {
  it('a correction needs what it asks; a request names exactly one person, a patient that exists', async () => {
    const noDetails = await recordAs(cookies.admin, { kind: 'correction', patient_id: ids.patient, received_on: today(), details: '   ' });
    expect(noDetails.status).toBe(400);
    expect(noDetails.json.field_errors).toEqual({ details: ['Say what the person asks to correct.'] });
    const tooLong = await recordAs(cookies.admin, { kind: 'correction', patient_id: ids.patient, received_on: today(), details: 'x'.repeat(2001) });
    expect(tooLong.json.field_errors).toEqual({ details: ['This is too long.'] });

    const nobody = await recordAs(cookies.admin, { kind: 'access', received_on: today() });
    expect(nobody.json.field_errors).toEqual({ patient_id: ["Choose the patient, or enter the guest's e-mail address."] });
    const both = await recordAs(cookies.admin, { kind: 'access', patient_id: ids.patient, guest_email: 'a@example.ca', received_on: today() });
    expect(both.json.field_errors).toEqual({ guest_email: ["Name a patient or a guest's address, not both."] });
    const employee = await recordAs(cookies.admin, { kind: 'access', patient_id: ids.sophie, received_on: today() });
    expect(employee.status).toBe(400);
    expect(employee.json.field_errors).toEqual({ patient_id: ['No patient has this account.'] });

    // A closed account's record is still what a request is about.
    const closed = await recordAs(cookies.admin, { kind: 'access', patient_id: ids.closed, received_on: today() });
    expect(closed.status).toBe(201);
    expect(requestOf(closed).person).toMatchObject({ kind: 'patient', patient_id: ids.closed, name: 'Gisèle Ancienne', closed: true });
  });

  it('a refusal needs its reason, a correction its outcome; a request is handled once', async () => {
    const access = await recordForPatient();
    const refusedBare = await handleAs(cookies.admin, access.id, { status: 'refused' });
    expect(refusedBare.status).toBe(400);
    expect(refusedBare.json.field_errors).toEqual({ outcome: ['Say what was done, or why the request was refused.'] });
    expect((await handleAs(cookies.admin, access.id, { status: 'refused', outcome: '  ' })).status).toBe(400);

    const correction = await recordForPatient(today(), 'correction', HEALTH_TEXT);
    expect(correction.details).toBe(HEALTH_TEXT);
    const completedBare = await handleAs(cookies.admin, correction.id, { status: 'completed' }, 'fr');
    expect(completedBare.status).toBe(400);
    expect(completedBare.json.field_errors).toEqual({ outcome: ['Indiquez ce qui a été fait, ou la raison du refus.'] });

    // An access request may be completed without a word.
    const done = await handleAs(cookies.admin, access.id, { status: 'completed' });
    expect(done.status).toBe(200);
    expect(requestOf(done)).toMatchObject({ status: 'completed', outcome: null, handled_by: 'Claire Bouchard' });
    expect(done.json.messages).toEqual([{ message: 'The request is marked completed.', type: 'success' }]);
    const again = await handleAs(cookies.admin, access.id, { status: 'refused', outcome: 'Trop tard.' }, 'fr');
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Cette demande a déjà été traitée.');
    const [row] = await clinic.db.select().from(recordsRequests).where(eq(recordsRequests.publicId, access.id));
    expect(row).toMatchObject({ status: 'completed', outcome: null, handledBy: ids.admin });

    // Two administrators at once: one handles it, the other is told it was handled.
    const raced = await recordForPatient();
    const answers = await Promise.all([
      handleAs(cookies.admin, raced.id, { status: 'completed' }),
      handleAs(cookies.admin, raced.id, { status: 'refused', outcome: 'Demande en double.' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);

    expect((await handleAs(cookies.admin, '00000000-0000-4000-8000-000000000000', { status: 'completed' })).status).toBe(404);
    expect((await handleAs(cookies.admin, 'not-a-request', { status: 'completed' })).status).toBe(404);
  });

  it('audits each request recorded and handled with its kind and status, never what it asks', async () => {
    const correction = await recordForPatient(today(), 'correction', HEALTH_TEXT);
    const outcome = 'Dossier corrigé : allergie retirée, intolérance au lactose ajoutée.';
    expect((await handleAs(cookies.admin, correction.id, { status: 'completed', outcome })).status).toBe(200);

    const entries = await clinic.db.select().from(auditEvents).where(eq(auditEvents.subject, `patient:${ids.patient}`));
    const mine = entries.filter((entry) => entry.detail.request === correction.id);
    expect(mine.map((entry) => [entry.action, entry.actorUserId, entry.detail])).toEqual([
      ['correction_request', ids.admin, { request: correction.id, kind: 'correction', status: 'open' }],
      ['correction_request', ids.admin, { request: correction.id, kind: 'correction', status: 'completed' }],
    ]);
    const everything = JSON.stringify(await clinic.db.select().from(auditEvents));
    expect(everything).not.toContain('arachides');
    expect(everything).not.toContain('lactose');

    // A guest's request is audited under the keyed hash of the address, never the address.
    const guest = requestOf(await recordAs(cookies.admin, { kind: 'access', guest_email: 'invitee.audit@example.ca', received_on: today() }));
    const [guestEntry] = await clinic.db.select().from(auditEvents).where(eq(auditEvents.subject, subjectKey({ kind: 'guest', email: 'invitee.audit@example.ca' })));
    expect(guestEntry).toMatchObject({ action: 'records_request', detail: { request: guest.id, kind: 'access', status: 'open' } });
    expect(everything + JSON.stringify(guestEntry)).not.toContain('invitee.audit');
  });
});

describe('finding the person a request is about', () => {
  it('finds closed accounts too, marked closed, where the booking search does not', async () => {
    const found = await searchAs(cookies.admin, 'gisele ancienne');
    expect(found.status).toBe(200);
    expect(found.json.patients).toEqual([{ id: ids.closed, name: 'Gisèle Ancienne', email: 'ancien.patient@example.ca', closed: true }]);
    expect((await searchPatients(clinic.db, 'gisele ancienne')).patients).toEqual([]);

    const open = (await searchAs(cookies.admin, DEMO_PATIENT.email)).json.patients as Array<{ id: number; closed: boolean }>;
    expect(open).toEqual([expect.objectContaining({ id: ids.patient, closed: false })]);
    // Employees are not patients a request could be about.
    expect((await searchAs(cookies.admin, SOPHIE)).json.patients).toEqual([]);
    expect((await searchAs(cookies.admin, 'a')).status).toBe(400);
  });
});
