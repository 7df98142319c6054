import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as deactivate } from '@/app/api/clinic/employees/[id]/deactivate/route';
import { POST as reactivate } from '@/app/api/clinic/employees/[id]/reactivate/route';
import { POST as invite } from '@/app/api/clinic/invitations/route';
import { GET as team } from '@/app/api/clinic/team/route';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as employeeSignup } from '@/app/api/auth/signup/employee/route';
import { GET as validateToken } from '@/app/api/auth/validate-token/route';
import { POST as checkSession } from '@/app/api/booking/check-session/route';
import { insertAppointment } from '@/lib/server/booking/appointments';
import { hashToken } from '@/lib/server/auth/tokens';
import { appointments, employeeInvites, services, sessions, users } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN, DEMO_PATIENT } from '@/lib/server/db/seed';
import { bookingDriver, type Options } from './support/booking';
import { demoClinic } from './support/clinic';
import { call } from './support/http';
import { deliveredOutbox } from './support/mail';

/**
 * Issue #8 item 4 through the route handlers: an administrator invites a colleague (single-use,
 * expiring link e-mailed in the chosen language) and deactivates or reactivates employees
 * (refused while visits are booked; a deactivated employee is signed out and offered for no slot).
 */

const clinic = demoClinic('team');
const drive = bookingDriver(clinic.catalog);
const SOPHIE = 'sophie.tremblay@demo.equilibrenutrition.ca';
const PASSWORD = 'a sentence long enough to be a password';
const DAY = 86_400_000;
const ids = { admin: 0, sophie: 0, patient: 0 };
const cookies = { admin: '', sophie: '', patient: '' };
let serial = 0;
const uniqueEmail = () => `colleague-${Date.now()}-${++serial}@example.ca`;

const inviteAs = (cookie: string | undefined, body: unknown, locale: 'en' | 'fr' = 'en') =>
  call(invite, '/api/clinic/invitations', { body, cookie, locale });
const rosterAs = (cookie: string | undefined, locale: 'en' | 'fr' = 'en') => call(team, '/api/clinic/team', { cookie, locale });
const roster = () => rosterAs(cookies.admin);
const withId = (handler: typeof deactivate, id: number | string) => (request: Request) => handler(request, { params: Promise.resolve({ id: String(id) }) });
const deactivateAs = (cookie: string | undefined, id: number | string, locale: 'en' | 'fr' = 'en') =>
  call(withId(deactivate, id), `/api/clinic/employees/${id}/deactivate`, { body: {}, cookie, locale });
const reactivateAs = (cookie: string | undefined, id: number | string) =>
  call(withId(reactivate, id), `/api/clinic/employees/${id}/reactivate`, { body: {}, cookie });

/** The messages sent to an address, oldest first. */
const mailsTo = async (to: string) => (await deliveredOutbox(join(clinic.dataDir, 'outbox'))).filter((mail) => mail.to === to);
const tokenOf = (link: string) => new URL(link).searchParams.get('invite') ?? '';
const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? '';
const signUp = (token: string, firstName = 'Léa') =>
  call(employeeSignup, '/api/auth/signup/employee', {
    body: { invite_token: token, password: PASSWORD, preferred_language: 'fr', first_name: firstName, last_name: 'Gagnon' },
  });

beforeAll(async () => {
  await clinic.open();
  ids.admin = await clinic.userId(DEMO_DIETITIAN.email);
  ids.sophie = await clinic.userId(SOPHIE);
  ids.patient = await clinic.userId(DEMO_PATIENT.email);
  cookies.admin = await clinic.cookieFor(ids.admin);
  cookies.sophie = await clinic.cookieFor(ids.sophie);
  cookies.patient = await clinic.cookieFor(ids.patient);
});
afterAll(() => clinic.close());

describe('who may manage the team', () => {
  it('answers 401 to a guest and 403 to a patient or an employee who is not an administrator', async () => {
    for (const [cookie, status] of [
      [undefined, 401],
      [cookies.patient, 403],
      [cookies.sophie, 403],
    ] as const) {
      expect((await rosterAs(cookie)).status).toBe(status);
      expect((await inviteAs(cookie, { email: uniqueEmail(), language: 'en' })).status).toBe(status);
      expect((await deactivateAs(cookie, ids.admin)).status).toBe(status);
      expect((await reactivateAs(cookie, ids.admin)).status).toBe(status);
    }
    const refused = await rosterAs(cookies.sophie, 'fr');
    expect(refused.json.message).toBe('Seuls les administrateurs peuvent gérer l’équipe.');
    // Nothing was sent or created by the refused calls.
    expect(await clinic.db.select().from(employeeInvites)).toEqual([]);
  });

  it('refuses a cross-site invitation', async () => {
    const res = await call(invite, '/api/clinic/invitations', {
      body: { email: uniqueEmail(), language: 'en' },
      cookie: cookies.admin,
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});

describe('invitations', () => {
  it('e-mails a single-use link, in the chosen language, that signs up an employee once', async () => {
    const email = uniqueEmail();
    const res = await inviteAs(cookies.admin, { email: `  ${email.toUpperCase()} `, language: 'fr' });
    expect(res.status).toBe(201);
    expect(res.json.invitation).toMatchObject({ email });
    expect(res.json.messages).toEqual([{ message: `Invitation sent to ${email}.`, type: 'success' }]);

    const [mail] = await mailsTo(email);
    expect(mail?.language).toBe('fr');
    expect(mail?.subject).toContain('Claire Bouchard');
    const link = linkIn(mail!.text);
    expect(new URL(link).pathname).toBe('/fr/inscription/employe');
    const token = tokenOf(link);

    // Only the token's hash is stored; the invitation lasts 7 days.
    const [row] = await clinic.db.select().from(employeeInvites).where(eq(employeeInvites.email, email));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.invitedBy).toBe(ids.admin);
    expect(Math.abs(row!.expiresAt.getTime() - (row!.createdAt.getTime() + 7 * DAY))).toBeLessThan(5_000);

    const pending = (await roster()).json.invitations as Array<{ id: number; status: string }>;
    expect(pending.find((item) => item.id === row!.id)?.status).toBe('pending');

    const signedUp = await signUp(token);
    expect(signedUp.status).toBe(201);
    expect(signedUp.json.user).toMatchObject({ email, is_employee: true, is_patient: false });
    const again = await signUp(token, 'Autre');
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('invite_invalid');
    // The new colleague signs in with the password they chose.
    expect((await call(login, '/api/auth/login', { body: { email, password: PASSWORD } })).status).toBe(200);

    const after = (await roster()).json as { invitations: Array<{ id: number; status: string }>; employees: Array<{ email: string; is_active: boolean; is_admin: boolean }> };
    expect(after.invitations.find((item) => item.id === row!.id)?.status).toBe('used');
    expect(after.employees.find((person) => person.email === email)).toMatchObject({ is_active: true, is_admin: false });
  });

  it('refuses an expired link', async () => {
    const email = uniqueEmail();
    expect((await inviteAs(cookies.admin, { email, language: 'en' })).status).toBe(201);
    const token = tokenOf(linkIn((await mailsTo(email))[0]!.text));
    await clinic.db.update(employeeInvites).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(employeeInvites.email, email));
    const res = await signUp(token);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('invite_invalid');
    const [listed] = ((await roster()).json.invitations as Array<{ email: string; status: string }>).filter((item) => item.email === email);
    expect(listed?.status).toBe('expired');
  });

  it('a newer invitation to the same address voids the older link; open ones are listed first', async () => {
    const email = uniqueEmail();
    await inviteAs(cookies.admin, { email, language: 'en' });
    await inviteAs(cookies.admin, { email, language: 'en' });
    const [first, second] = await mailsTo(email);
    const listed = (await roster()).json.invitations as Array<{ email: string; status: string }>;
    expect(listed.filter((item) => item.email === email).map((item) => item.status)).toEqual(['pending', 'voided']);
    const firstOther = listed.findIndex((item) => item.status !== 'pending');
    expect(listed.slice(firstOther).every((item) => item.status !== 'pending')).toBe(true);

    expect((await signUp(tokenOf(linkIn(first!.text)))).json.code).toBe('invite_invalid');
    expect((await signUp(tokenOf(linkIn(second!.text)))).status).toBe(201);
  });

  it('refuses an address that already has an account (409, localized), sending nothing', async () => {
    const res = await inviteAs(cookies.admin, { email: DEMO_PATIENT.email, language: 'en' }, 'fr');
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('account_exists');
    expect(res.json.message).toBe('Un compte existe déjà avec cette adresse courriel.');
    expect(await mailsTo(DEMO_PATIENT.email)).toEqual([]);
  });

  it('checks the input (400 with field errors) and limits invitations to one address', async () => {
    const bad = await inviteAs(cookies.admin, { email: 'not an address', language: 'de' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.field_errors as object).sort()).toEqual(['email', 'language']);

    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) expect((await inviteAs(cookies.admin, { email, language: 'en' })).status).toBe(201);
    const limited = await inviteAs(cookies.admin, { email, language: 'en' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(await mailsTo(email)).toHaveLength(3);
  });
});

describe('deactivation', () => {
  const consultation = () => clinic.catalog.serviceId['individual-consultation']!;
  async function bookFor(employeeId: number, inDays: number, who: { patientId?: number; guest?: boolean }) {
    const [service] = await clinic.db.select().from(services).where(eq(services.id, consultation()));
    const startsAt = new Date(Math.floor((Date.now() + inDays * DAY) / 60_000) * 60_000);
    const { appointment } = await insertAppointment(clinic.db, {
      patientId: who.patientId ?? null,
      guestContact: who.guest ? { firstName: 'Gaël', lastName: 'Invité', email: `guest-${inDays}@example.ca`, phone: '613 555 0100' } : null,
      employeeId,
      serviceId: service!.id,
      officeId: clinic.catalog.officeId.centretown!,
      startsAt,
      endsAt: new Date(startsAt.getTime() + service!.clientDurationMinutes * 60_000),
      blockedUntil: new Date(startsAt.getTime() + service!.employeeDurationMinutes * 60_000),
      sessionLanguage: 'en',
      reasons: [clinic.catalog.skillId['weight-management']!],
      message: null,
      priceCents: 0,
      taxCents: 0,
      totalCents: 0,
      bookedBy: null,
      timeslotTokenJti: null,
    });
    return appointment;
  }
  /** The dietitians any offered slot goes to (guest, automatic choice, Centretown, weight management). */
  async function dietitiansOffered(): Promise<Set<number>> {
    const tokens = await drive.walk();
    const { appointment_options } = await drive.slots(tokens);
    return new Set(Object.values(appointment_options as Options).flatMap((slots) => slots.map((slot) => slot.recommended_employee.id)));
  }
  const chooseSophie = () =>
    call(checkSession, '/api/booking/check-session', {
      body: { session_language: 'en', employee_selected_dietitian_id: ids.sophie },
      cookie: cookies.admin,
    });

  it('an administrator cannot deactivate themselves', async () => {
    const res = await deactivateAs(cookies.admin, ids.admin);
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('cannot_deactivate_self');
  });

  it('answers 404 for someone who is not an employee', async () => {
    expect((await deactivateAs(cookies.admin, ids.patient)).status).toBe(404);
    expect((await deactivateAs(cookies.admin, 'abc')).status).toBe(404);
    expect((await reactivateAs(cookies.admin, 999_999)).status).toBe(404);
  });

  it('is refused while visits are booked (with their list), then ends access and availability', async () => {
    const patientVisit = await bookFor(ids.sophie, 20, { patientId: ids.patient });
    const guestVisit = await bookFor(ids.sophie, 21, { guest: true });
    // A cancelled visit stands in nobody's way.
    const cancelledVisit = await bookFor(ids.sophie, 22, { patientId: ids.patient });
    await clinic.db.update(appointments).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(appointments.id, cancelledVisit.id));

    const listed = ((await roster()).json.employees as Array<{ id: number; future_appointments: number }>).find((e) => e.id === ids.sophie);
    expect(listed?.future_appointments).toBe(2);
    expect((await chooseSophie()).status).toBe(200);

    const refused = await deactivateAs(cookies.admin, ids.sophie, 'fr');
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('employee_has_appointments');
    expect(refused.json.message).toContain('2 rendez-vous réservés');
    expect(refused.json.appointments).toEqual([
      {
        id: patientVisit.id,
        starts_at: patientVisit.startsAt.toISOString(),
        ends_at: patientVisit.endsAt.toISOString(),
        patient_id: ids.patient,
        patient_name: 'Alex Martin',
        service: 'Consultation individuelle',
      },
      expect.objectContaining({ id: guestVisit.id, patient_id: null, patient_name: 'Gaël Invité' }),
    ]);
    // Still active, still signed in.
    expect((await call(validateToken, '/api/auth/validate-token', { cookie: cookies.sophie })).status).toBe(200);

    await clinic.db.update(appointments).set({ status: 'cancelled', cancelledAt: new Date() }).where(and(eq(appointments.employeeId, ids.sophie), eq(appointments.status, 'booked')));
    const done = await deactivateAs(cookies.admin, ids.sophie);
    expect(done.status).toBe(200);
    expect(done.json.employee).toEqual({ id: ids.sophie, is_active: false });

    // Signed out everywhere, and cannot sign in again.
    expect(await clinic.db.select().from(sessions).where(eq(sessions.userId, ids.sophie))).toEqual([]);
    expect((await call(validateToken, '/api/auth/validate-token', { cookie: cookies.sophie })).status).toBe(401);
    // No longer a dietitian to choose, nor one any slot goes to.
    const chosen = await chooseSophie();
    expect(chosen.status).toBe(400);
    expect(chosen.json.code).toBe('dietitian_not_found');
    const offered = await dietitiansOffered();
    expect(offered.size).toBeGreaterThan(0);
    expect(offered.has(ids.sophie)).toBe(false);

    const listedAfter = ((await roster()).json.employees as Array<{ id: number; is_active: boolean }>).find((e) => e.id === ids.sophie);
    expect(listedAfter?.is_active).toBe(false);
    // Her address cannot be invited again: she is to be reactivated instead.
    const reinvite = await inviteAs(cookies.admin, { email: SOPHIE, language: 'en' });
    expect(reinvite.status).toBe(409);
    expect(reinvite.json.message).toMatch(/Reactivate/);
  });

  it('reactivation gives access and availability back', async () => {
    const res = await reactivateAs(cookies.admin, ids.sophie);
    expect(res.status).toBe(200);
    expect(res.json.employee).toEqual({ id: ids.sophie, is_active: true });
    const [row] = await clinic.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, ids.sophie));
    expect(row?.isActive).toBe(true);
    expect((await chooseSophie()).status).toBe(200);
  });
});
