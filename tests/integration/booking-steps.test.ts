import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as checkAddress } from '@/app/api/booking/check-address/route';
import { POST as checkContact } from '@/app/api/booking/check-contact/route';
import { POST as checkService } from '@/app/api/booking/check-service/route';
import { POST as checkSession } from '@/app/api/booking/check-session/route';
import { POST as checkSkills } from '@/app/api/booking/check-skills/route';
import { POST as checkLocation } from '@/app/api/booking/locations/check/route';
import { POST as fetchLocations } from '@/app/api/booking/locations/fetch/route';
import { GET as skillsAll } from '@/app/api/nutrition/skills/all/route';
import { GET as servicesAll } from '@/app/api/services/all/route';
import { checkAddressStep, checkContactStep } from '@/lib/server/booking/steps/contact';
import { checkServiceStep } from '@/lib/server/booking/steps/service';
import { checkSkillsStep } from '@/lib/server/booking/steps/skills';
import { bookingTokenContext, startBooking, verifyStep } from '@/lib/server/booking/stepTokens';
import type { Database } from '@/lib/server/db/client';
import { appointments, services } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN, DEMO_PATIENT } from '@/lib/server/db/seed';
import { demoClinic } from './support/clinic';
import { call } from './support/http';

/**
 * The first half of the booking API (SPEC §7: check-session .. locations/check) through its
 * route handlers, on the seeded demo clinic. Who speaks what and works where is the seed's
 * (lib/server/db/seed/team.ts): e.g. 'pregnancy' is Emily's alone (English only), and
 * 'sports-performance' is Claire's (en/fr; Centretown, virtual) and Marc-André's (fr; Orléans, virtual).
 */

const clinic = demoClinic('booking-steps');
let db: Database;
const ids = { patientA: 0, patientB: 0, employee: 0, emily: 0, sophie: 0 };
const cookies = { patientA: '', patientB: '', employee: '' };
const { serviceId, skillId, officeId } = clinic.catalog;

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  ids.patientA = await clinic.userId(DEMO_PATIENT.email);
  ids.employee = await clinic.userId(DEMO_DIETITIAN.email);
  ids.emily = await clinic.userId('emily.chen@demo.equilibrenutrition.ca');
  ids.sophie = await clinic.userId('sophie.tremblay@demo.equilibrenutrition.ca');
  ids.patientB = await clinic.addPatientB();
  cookies.patientA = await clinic.cookieFor(ids.patientA);
  cookies.patientB = await clinic.cookieFor(ids.patientB);
  cookies.employee = await clinic.cookieFor(ids.employee);
});
afterAll(() => clinic.close());

const form = {
  firstName: 'Élise',
  lastName: 'Gauthier',
  email: 'elise@example.ca',
  phone: '613 555 0142',
  createAccount: false,
  streetNumber: '12',
  streetName: 'Rue Principale',
  unitNumber: '',
  city: 'Ottawa',
  province: 'ON',
  postalCode: 'K1P 5G3',
  country: 'CA',
};
type Tokens = Record<string, string>;
type Who = { cookie?: string; locale?: 'en' | 'fr' };

async function post(handler: Parameters<typeof call>[0], path: string, body: unknown, who: Who = {}) {
  return call(handler, path, { body, cookie: who.cookie, locale: who.locale });
}
async function expectOk(response: Promise<{ status: number; json: Record<string, unknown> }>): Promise<Record<string, unknown>> {
  const res = await response;
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}

/** Session through skills, as the client walks it; returns every token so far. */
async function walk(options: { who?: Who; language?: 'en' | 'fr'; service?: string; skills?: string[]; session?: Record<string, unknown> } = {}) {
  const who = options.who ?? {};
  const tokens: Tokens = {};
  const session = { session_language: options.language ?? 'en', ...options.session };
  Object.assign(tokens, await expectOk(post(checkSession, '/api/booking/check-session', session, who)));
  const base = { session_language_token: tokens.session_language_token, auth_token: tokens.auth_token };
  const service = serviceId[options.service ?? 'individual-consultation'];
  Object.assign(tokens, await expectOk(post(checkService, '/api/booking/check-service', { service_id: service, ...base }, who)));
  Object.assign(tokens, await expectOk(post(checkContact, '/api/booking/check-contact', { contact: form, ...base }, who)));
  Object.assign(tokens, await expectOk(post(checkAddress, '/api/booking/check-address', { contact: form, ...base }, who)));
  const skillIds = (options.skills ?? ['weight-management']).map((slug) => skillId[slug]);
  const { session_language_token, auth_token, service_token, contact_token, address_token } = tokens;
  const skillsBody = { skills: skillIds, user_message: 'Private note', session_language_token, service_token, auth_token, contact_token, address_token };
  Object.assign(tokens, await expectOk(post(checkSkills, '/api/booking/check-skills', skillsBody, who)));
  return tokens;
}
const officeTokens = (t: Tokens) => {
  const { session_language_token, auth_token, service_token, contact_token, address_token, skills_token } = t;
  return { session_language_token, auth_token, service_token, contact_token, address_token, skills_token };
};
async function offered(tokens: Tokens, who: Who = {}) {
  const json = await expectOk(post(fetchLocations, '/api/booking/locations/fetch', officeTokens(tokens), who));
  return { json, slugs: (json.offices as { id: number }[]).map((o) => Object.keys(officeId).find((slug) => officeId[slug] === o.id)) };
}

describe('catalogue', () => {
  it('shows guests only guest-bookable services; patients and employees see every active one, priced with 2 decimals', async () => {
    const guest = await call(servicesAll, '/api/services/all');
    expect(guest.status).toBe(200);
    const guestList = guest.json as unknown as { id: number; allow_guest_booking: boolean }[];
    expect(guestList.map((s) => s.id).sort()).toEqual([serviceId['nutrition-evaluation'], serviceId['individual-consultation']].sort());
    for (const cookie of [cookies.patientA, cookies.employee]) {
      const list = (await call(servicesAll, '/api/services/all', { cookie, locale: 'fr' })).json as unknown as Record<string, unknown>[];
      expect(list).toHaveLength(Object.keys(serviceId).length);
      expect(list.find((s) => s.id === serviceId['nutrition-evaluation'])).toMatchObject({
        translated_name: 'Évaluation nutritionnelle',
        base_price: '135.00',
        base_price_cents: 13500,
        currency: 'CAD',
        client_duration: 50,
        employee_duration: 60,
        allow_guest_booking: true,
        requires_matching_skills: true,
      });
      expect(list.find((s) => s.id === serviceId['follow-up'])).toMatchObject({ enforce_prerequisite: true, prerequisite_service: serviceId['nutrition-evaluation'] });
    }
  });

  it('lists the reasons for a visit in the request language', async () => {
    const res = await call(skillsAll, '/api/nutrition/skills/all', { locale: 'fr' });
    expect(res.status).toBe(200);
    const list = res.json as unknown as { id: number; translated_name: string }[];
    expect(list).toHaveLength(Object.keys(skillId).length);
    expect(list).toContainEqual({ id: skillId['pregnancy'], translated_name: 'Grossesse et allaitement' });
  });
});

describe('a guest books step by step', () => {
  it('walks session -> service -> contact -> address -> skills -> locations -> location', async () => {
    const tokens = await walk({ skills: ['sports-performance'] });
    const { json, slugs } = await offered(tokens);
    // Claire alone holds sports performance in English.
    expect(slugs).toEqual(['centretown', 'virtual']);
    const offices = json.offices as Record<string, unknown>[];
    expect(offices[0]).toMatchObject({
      name: 'Centretown',
      is_available: true,
      is_virtual: false,
      address: { street_number: '180', province: { code: 'ON' }, country: { code: 'CA', label: 'Canada' }, postal_code: 'K2P1P5' },
    });
    expect(offices[0]!.google_maps_link).toMatch(/^https:\/\/www\.google\.com\/maps/);
    expect(offices[1]).toMatchObject({ is_virtual: true, address: null });

    const body = { ...officeTokens(tokens), office_data_token: json.office_data_token, selected_office_id: officeId.virtual };
    const located = await expectOk(post(checkLocation, '/api/booking/locations/check', body));
    const claims = await verifyStep('location', String(located.location_token), {
      actor: { kind: 'guest' },
      secret: bookingTokenContext().secret,
      sessionJti: (await verifyStep('session_language', tokens.session_language_token!, { actor: { kind: 'guest' }, secret: bookingTokenContext().secret })).jti,
    });
    expect(claims.officeId).toBe(officeId.virtual);

    const elsewhere = await post(checkLocation, '/api/booking/locations/check', { ...body, selected_office_id: officeId.orleans });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json).toMatchObject({ code: 'office_not_offered', field_errors: { selected_office_id: [expect.any(String)] } });
  });

  it('offers in a French session only the offices of French-speaking dietitians', async () => {
    expect((await offered(await walk({ language: 'fr', skills: ['sports-performance'] }))).slugs).toEqual(['centretown', 'orleans', 'virtual']);
    // Pregnancy is Emily's alone, and she works in English only.
    expect((await offered(await walk({ language: 'fr', skills: ['pregnancy'] }))).slugs).toEqual([]);
    expect((await offered(await walk({ language: 'en', skills: ['pregnancy'] }))).slugs).toEqual(['centretown', 'orleans', 'virtual']);
  });

  it('names offices in the request language', async () => {
    const { json } = await offered(await walk({ skills: ['sports-performance'] }), { locale: 'fr' });
    expect((json.offices as { name: string }[]).map((o) => o.name)).toEqual(['Centre-ville', 'Virtuel (appel vidéo)']);
  });

  it('cannot check a service that is not guest-bookable', async () => {
    const session = await expectOk(post(checkSession, '/api/booking/check-session', { session_language: 'en' }));
    const res = await post(checkService, '/api/booking/check-service', { service_id: serviceId['nutrition-plan'], ...session });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('service_requires_account');
    const unknown = await post(checkService, '/api/booking/check-service', { service_id: 999_999, ...session });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('service_not_found');
  });
});

describe('matching skills', () => {
  it('keeps only offices of dietitians holding every chosen reason', async () => {
    // Sports performance + heart health: Marc-André alone (French; Orléans and virtual).
    expect((await offered(await walk({ language: 'fr', skills: ['sports-performance', 'heart-health'] }))).slugs).toEqual(['orleans', 'virtual']);
    expect((await offered(await walk({ language: 'en', skills: ['sports-performance', 'heart-health'] }))).slugs).toEqual([]);
  });

  it('ignores the reasons when the service does not ask for matching skills', async () => {
    const tokens = await walk({ who: { cookie: cookies.patientA }, language: 'fr', service: 'bio-impedance-test', skills: ['pregnancy'] });
    expect((await offered(tokens, { cookie: cookies.patientA })).slugs).toEqual(['centretown', 'orleans', 'virtual']);
  });
});

describe('employees and patients', () => {
  it('lets an employee choose a patient and a dietitian, which limits the offices', async () => {
    const who = { cookie: cookies.employee };
    const sophie = await walk({ who, skills: ['food-allergies'], session: { employee_selected_patient_id: ids.patientA, employee_selected_dietitian_id: ids.sophie } });
    expect((await offered(sophie, who)).slugs).toEqual(['centretown', 'virtual']);
    const emily = await walk({ who, skills: ['food-allergies'], session: { employee_selected_patient_id: ids.patientA, employee_selected_dietitian_id: ids.emily } });
    expect((await offered(emily, who)).slugs).toEqual(['centretown', 'orleans', 'virtual']);
    const automatic = await walk({ who, skills: ['food-allergies'], session: { employee_selected_dietitian_id: -1 } });
    expect((await offered(automatic, who)).slugs).toEqual(['centretown', 'orleans', 'virtual']);

    const auth = await verifyStep('auth', sophie.auth_token!, { actor: { kind: 'employee', userId: ids.employee }, secret: bookingTokenContext().secret });
    expect(auth.actor).toEqual({ kind: 'employee', userId: ids.employee, patientId: ids.patientA, dietitianId: ids.sophie });
  });

  it('refuses a choice that is not an active patient or employee', async () => {
    const who = { cookie: cookies.employee };
    const notPatient = await post(checkSession, '/api/booking/check-session', { session_language: 'en', employee_selected_patient_id: ids.sophie }, who);
    expect(notPatient.status).toBe(400);
    expect(notPatient.json).toMatchObject({ code: 'patient_not_found', field_errors: { employee_selected_patient_id: [expect.any(String)] } });
    const notDietitian = await post(checkSession, '/api/booking/check-session', { session_language: 'en', employee_selected_dietitian_id: ids.patientB }, who);
    expect(notDietitian.status).toBe(400);
    expect(notDietitian.json.code).toBe('dietitian_not_found');
  });

  it('refuses a patient or a guest who chooses a patient or a dietitian', async () => {
    for (const cookie of [cookies.patientA, undefined]) {
      for (const choice of [{ employee_selected_patient_id: ids.patientB }, { employee_selected_dietitian_id: ids.sophie }]) {
        const res = await post(checkSession, '/api/booking/check-session', { session_language: 'en', ...choice }, { cookie });
        expect(res.status).toBe(403);
        expect(res.json.code).toBe('forbidden');
      }
    }
    // -1 is "automatic", which is what patients get anyway: not a choice.
    await expectOk(post(checkSession, '/api/booking/check-session', { session_language: 'en', employee_selected_dietitian_id: -1 }, { cookie: cookies.patientA }));
  });
});

let appointmentDay = 0;
/** An appointment of the demo dietitian; each on a day of its own, so none overlap. */
async function addAppointment(patientId: number, status: 'booked' | 'completed' | 'cancelled', options: { service?: string; startsAt?: Date } = {}) {
  appointmentDay += 1;
  const past = status === 'completed';
  const startsAt = options.startsAt ?? new Date(Date.now() + (past ? -1 : 1) * (30 + appointmentDay) * 86_400_000);
  const endsAt = new Date(startsAt.getTime() + 50 * 60_000);
  const [row] = await db
    .insert(appointments)
    .values({
      patientId,
      employeeId: ids.employee,
      serviceId: serviceId[options.service ?? 'individual-consultation']!,
      officeId: officeId.centretown!,
      startsAt,
      endsAt,
      blockedUntil: new Date(endsAt.getTime() + 10 * 60_000),
      sessionLanguage: 'en',
      reasons: [skillId.diabetes!],
      status,
      cancelledAt: status === 'cancelled' ? new Date() : null,
      priceCents: 13500,
      taxCents: 0,
      totalCents: 13500,
    })
    .returning({ id: appointments.id });
  return row!.id;
}

async function serviceCheck(service: string, who: Who = {}, session: Record<string, unknown> = {}) {
  const tokens = await expectOk(post(checkSession, '/api/booking/check-session', { session_language: 'en', ...session }, who));
  return post(checkService, '/api/booking/check-service', { service_id: serviceId[service], ...tokens }, who);
}

describe('prerequisites', () => {
  it('asks for a completed prerequisite, for a patient or an employee’s chosen patient', async () => {
    const refused = await serviceCheck('follow-up', { cookie: cookies.patientA });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'prerequisite_required', prerequisite_service: serviceId['nutrition-evaluation'] });
    expect(refused.json.message).toContain('Nutrition evaluation');
    expect((await serviceCheck('follow-up', { cookie: cookies.employee }, { employee_selected_patient_id: ids.patientA })).status).toBe(403);

    await addAppointment(ids.patientA, 'booked', { service: 'nutrition-evaluation' }); // still ahead: not had yet
    expect((await serviceCheck('follow-up', { cookie: cookies.patientA })).status).toBe(403);
    await addAppointment(ids.patientA, 'completed', { service: 'nutrition-evaluation' });
    await expectOk(serviceCheck('follow-up', { cookie: cookies.patientA }));
    await expectOk(serviceCheck('follow-up', { cookie: cookies.employee }, { employee_selected_patient_id: ids.patientA }));
    expect((await serviceCheck('follow-up', { cookie: cookies.patientB })).status).toBe(403);
    // An employee booking for nobody in particular has no history to show.
    expect((await serviceCheck('follow-up', { cookie: cookies.employee })).json.code).toBe('prerequisite_required');
  });

  it('never lets a guest book a service with a prerequisite, even a guest-bookable one', async () => {
    const [evaluation] = await db.select().from(services).where(eq(services.id, serviceId['nutrition-evaluation']!));
    const { id: _id, ...copy } = evaluation!;
    const [extra] = await db
      .insert(services)
      .values({ ...copy, slug: 'guest-follow-up-test', enforcePrerequisite: true, prerequisiteServiceId: evaluation!.id })
      .returning({ id: services.id });
    try {
      const tokens = await expectOk(post(checkSession, '/api/booking/check-session', { session_language: 'en' }));
      const res = await post(checkService, '/api/booking/check-service', { service_id: extra!.id, ...tokens });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('prerequisite_required');
    } finally {
      await db.delete(services).where(eq(services.id, extra!.id));
    }
  });
});

describe('rescheduling', () => {
  const start = (body: Record<string, unknown>, who: Who = {}) => post(checkSession, '/api/booking/check-session', { session_language: 'fr', ...body }, who);
  const secret = () => bookingTokenContext().secret;

  it('lets patients start moving their own appointments, and employees anyone’s', async () => {
    const own = await addAppointment(ids.patientA, 'booked');
    const res = await expectOk(start({ rescheduling_appointment_id: own }, { cookie: cookies.patientA }));
    const session = await verifyStep('session_language', String(res.session_language_token), { actor: { kind: 'patient', userId: ids.patientA }, secret: secret() });
    expect(session).toMatchObject({ sessionLanguage: 'fr', reschedulingAppointmentId: own });

    expect((await start({ rescheduling_appointment_id: own }, { cookie: cookies.patientB })).status).toBe(403);
    expect((await start({ rescheduling_appointment_id: own })).status).toBe(403);

    const byEmployee = await expectOk(start({ rescheduling_appointment_id: own }, { cookie: cookies.employee }));
    const auth = await verifyStep('auth', String(byEmployee.auth_token), { actor: { kind: 'employee', userId: ids.employee }, secret: secret() });
    // The appointment's patient becomes the employee's chosen one.
    expect(auth.actor).toMatchObject({ kind: 'employee', patientId: ids.patientA });
    const mismatch = await start({ rescheduling_appointment_id: own, employee_selected_patient_id: ids.patientB }, { cookie: cookies.employee });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.code).toBe('rescheduling_patient_mismatch');
  });

  it('refuses unknown, cancelled and too-late appointments (employees may act late)', async () => {
    expect((await start({ rescheduling_appointment_id: 999_999 }, { cookie: cookies.patientA })).json.code).toBe('appointment_not_found');
    const cancelled = await addAppointment(ids.patientA, 'cancelled');
    const res = await start({ rescheduling_appointment_id: cancelled }, { cookie: cookies.patientA });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('appointment_not_active');
    // Individual consultations need 24 h notice.
    const soon = await addAppointment(ids.patientA, 'booked', { startsAt: new Date(Date.now() + 3 * 3_600_000) });
    const late = await start({ rescheduling_appointment_id: soon }, { cookie: cookies.patientA, locale: 'fr' });
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ code: 'cancellation_notice', message: expect.stringContaining('24 heures') });
    await expectOk(start({ rescheduling_appointment_id: soon }, { cookie: cookies.employee }));
  });
});

describe('step tokens', () => {
  const skillsBody = (t: Tokens) => {
    const { session_language_token, auth_token, service_token, contact_token, address_token } = t;
    return { skills: [skillId.diabetes], session_language_token, auth_token, service_token, contact_token, address_token };
  };

  it('refuses missing, tampered and misplaced tokens with 400', async () => {
    const t = await walk();
    const { contact_token: _skipped, ...withoutContact } = skillsBody(t);
    const missing = await post(checkSkills, '/api/booking/check-skills', withoutContact);
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('booking_token_missing');

    const last = t.service_token!.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${t.service_token!.slice(0, -2)}${last}${t.service_token!.at(-1)}`;
    const res = await post(checkSkills, '/api/booking/check-skills', { ...skillsBody(t), service_token: tampered });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('booking_token_invalid');

    const misplaced = await post(checkSkills, '/api/booking/check-skills', { ...skillsBody(t), service_token: t.auth_token });
    expect(misplaced.json.code).toBe('booking_token_invalid');
  });

  it('refuses tokens of another booking (400) or of someone else (403)', async () => {
    const a1 = await walk({ who: { cookie: cookies.patientA } });
    const a2 = await walk({ who: { cookie: cookies.patientA } });
    const mixed = await post(checkSkills, '/api/booking/check-skills', { ...skillsBody(a2), contact_token: a1.contact_token }, { cookie: cookies.patientA });
    expect(mixed.status).toBe(400);
    expect(mixed.json.code).toBe('booking_token_invalid');

    for (const cookie of [cookies.patientB, cookies.employee, undefined]) {
      const res = await post(fetchLocations, '/api/booking/locations/fetch', officeTokens(a1), { cookie });
      expect(res.status).toBe(403);
    }
    const guest = await walk();
    expect((await post(fetchLocations, '/api/booking/locations/fetch', officeTokens(guest), { cookie: cookies.patientA })).status).toBe(403);
    const otherGuest = await walk();
    expect((await post(checkSkills, '/api/booking/check-skills', { ...skillsBody(guest), contact_token: otherGuest.contact_token })).status).toBe(403);
  });

  it('answers 401 booking_token_expired once the lifetime has passed', async () => {
    const key = { ...bookingTokenContext() };
    const past = { ...key, now: new Date(Date.now() - (key.ttlSeconds + 60) * 1000) };
    const guest = { kind: 'guest' } as const;
    const t: Tokens = { ...(await startBooking(guest, { sessionLanguage: 'en' }, past)) };
    const expired = await post(checkService, '/api/booking/check-service', { service_id: serviceId['individual-consultation'], ...t });
    expect(expired.status).toBe(401);
    expect(expired.json.code).toBe('booking_token_expired');

    // A whole chain built back then: the call at the end of it expires too.
    Object.assign(t, await checkServiceStep(db, { service_id: serviceId['individual-consultation']!, ...t, locale: 'en' }, guest, past));
    Object.assign(t, await checkContactStep({ contact: { firstName: 'A', lastName: 'B', email: 'a@example.ca', phone: '16135550100', createAccount: false }, ...t }, guest, past));
    Object.assign(t, await checkAddressStep({ contact: { streetNumber: '1', streetName: 'Main', unitNumber: '', city: 'Ottawa', province: 'ON', postalCode: 'K1P5G3', country: 'CA' }, ...t }, guest, past));
    Object.assign(t, await checkSkillsStep(db, { ...skillsBody(t), skills: [skillId.diabetes!], user_message: '' }, guest, past));
    const late = await post(fetchLocations, '/api/booking/locations/fetch', officeTokens(t));
    expect(late.status).toBe(401);
    expect(late.json.code).toBe('booking_token_expired');
  });
});

describe('bad requests', () => {
  async function expectFieldErrors(res: Promise<{ status: number; json: Record<string, unknown> }>, fields: string[]) {
    const { status, json } = await res;
    expect(status, JSON.stringify(json)).toBe(400);
    expect(json.code).toBe('validation_error');
    expect(Object.keys(json.field_errors as object)).toEqual(expect.arrayContaining(fields));
    return json.field_errors as Record<string, string[]>;
  }

  it('checks the session body', async () => {
    const at = '/api/booking/check-session';
    await expectFieldErrors(post(checkSession, at, { session_language: 'de' }), ['session_language']);
    await expectFieldErrors(post(checkSession, at, {}), ['session_language']);
    await expectFieldErrors(post(checkSession, at, { session_language: 'en', rescheduling_appointment_id: 'x' }), ['rescheduling_appointment_id']);
    await expectFieldErrors(post(checkSession, at, { session_language: 'en', employee_selected_dietitian_id: -2 }), ['employee_selected_dietitian_id']);
    await expectFieldErrors(post(checkSession, at, { session_language: 'en', surprise: true }), ['_']);
    const notJson = await call(checkSession, at, { raw: '{"session_language":' });
    expect(notJson.status).toBe(400);
    expect(notJson.json.code).toBe('invalid_json');
    const crossSite = await call(checkSession, at, { body: { session_language: 'en' }, headers: { Origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
  });

  it('checks each half of the contact form on its own step, with localized messages', async () => {
    const tokens = await expectOk(post(checkSession, '/api/booking/check-session', { session_language: 'en' }));
    const errors = await expectFieldErrors(
      post(checkContact, '/api/booking/check-contact', { contact: { ...form, email: 'nope', firstName: ' ' }, ...tokens }, { locale: 'fr' }),
      ['contact.email', 'contact.firstName'],
    );
    expect(errors['contact.email']![0]).toMatch(/courriel/i);
    await expectFieldErrors(post(checkContact, '/api/booking/check-contact', { contact: { ...form, nickname: 'x' }, ...tokens }), ['contact']);
    await expectFieldErrors(post(checkContact, '/api/booking/check-contact', { contact: null, ...tokens }), ['contact']);
    // The address half is not the contact step's business, and the other way round.
    const noAddress = { firstName: 'Élise', lastName: 'Gauthier', email: 'elise@example.ca', phone: '6135550142', streetNumber: '', postalCode: '' };
    await expectOk(post(checkContact, '/api/booking/check-contact', { contact: noAddress, ...tokens }));
    await expectFieldErrors(post(checkAddress, '/api/booking/check-address', { contact: noAddress, ...tokens }), ['contact.streetNumber', 'contact.postalCode', 'contact.city']);
    await expectOk(post(checkAddress, '/api/booking/check-address', { contact: { ...form, email: 'nope' }, ...tokens }));
  });

  it('checks the reasons and the note', async () => {
    const t = await walk();
    const body = (over: Record<string, unknown>) => ({ ...skillsBodyOf(t), ...over });
    const at = '/api/booking/check-skills';
    const four = ['diabetes', 'heart-health', 'pregnancy', 'weight-management'].map((slug) => skillId[slug]);
    await expectFieldErrors(post(checkSkills, at, body({ skills: four })), ['skills']);
    await expectFieldErrors(post(checkSkills, at, body({ skills: [] })), ['skills']);
    await expectFieldErrors(post(checkSkills, at, body({ skills: [skillId.diabetes, skillId.diabetes] })), ['skills']);
    await expectFieldErrors(post(checkSkills, at, body({ skills: [null] })), ['skills.0']);
    await expectFieldErrors(post(checkSkills, at, body({ user_message: 'x'.repeat(1001) })), ['user_message']);
    const unknown = await post(checkSkills, at, body({ skills: [999_999] }));
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'skill_not_found', field_errors: { skills: [expect.any(String)] } });
    await expectOk(post(checkSkills, at, body({ user_message: null })));
  });

  it('checks the office choice', async () => {
    const t = await walk({ skills: ['sports-performance'] });
    const { json } = await offered(t);
    const body = { ...officeTokens(t), office_data_token: json.office_data_token, selected_office_id: 'abc' };
    await expectFieldErrors(post(checkLocation, '/api/booking/locations/check', body), ['selected_office_id']);
    const noOfficeData = await post(checkLocation, '/api/booking/locations/check', { ...body, office_data_token: undefined, selected_office_id: officeId.virtual });
    expect(noOfficeData.json.code).toBe('booking_token_missing');
  });
});

function skillsBodyOf(t: Tokens) {
  const { session_language_token, auth_token, service_token, contact_token, address_token } = t;
  return { skills: [skillId.diabetes], user_message: 'Private note', session_language_token, auth_token, service_token, contact_token, address_token };
}
