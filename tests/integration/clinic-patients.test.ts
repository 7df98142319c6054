import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as readPatient } from '@/app/api/clinic/patients/[id]/route';
import { GET as listPatients } from '@/app/api/clinic/patients/route';
import { POST as submitIntake } from '@/app/api/intake/route';
import { appointments, intakeAccessLog, intakeSubmissions, patientProfiles, users } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN, DEMO_PATIENT } from '@/lib/server/db/seed';
import { completeIntakeSubmission } from '../support/intakeAnswers';
import { demoClinic } from './support/clinic';
import { call } from './support/http';
import { addPerson, type TestPerson } from './support/people';

/**
 * The clinic's patient records (issue #8, patients): the searchable list and one patient's record,
 * for employees only. The record lists intake form ids but never their answers, and reading it
 * writes no audit entry (opening a form does, through GET /api/intake/[id]).
 */

const clinic = demoClinic('clinic-patients');
const db = () => clinic.db;

let employee: string;
let patientCookie: string;
let dietitianId: number;
/** Hélène Côté: a verified patient with a preferred dietitian, appointments and intake forms. */
let helene: TestPerson;
let formOwn: string;
let formByEmail: string;
let formOther: string;
let ids: { upcoming: number; completed: number; cancelled: number; noShow: number };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const list = (query: string, cookie: string | null = employee, locale: 'en' | 'fr' = 'en') =>
  call(listPatients, `/api/clinic/patients${query}`, { cookie, locale });
const detail = (id: string, cookie: string | null = employee, locale: 'en' | 'fr' = 'en') =>
  call((request: Request) => readPatient(request, { params: Promise.resolve({ id }) }), `/api/clinic/patients/${id}`, { cookie, locale });

type Row = { id: number; name: string; email: string; phone: string | null; preferred_dietitian: string | null; next_appointment: string | null };
const resultsOf = (json: Record<string, unknown>) => json.results as Row[];

async function addAppointment(values: { startsAt: Date; status: 'booked' | 'completed' | 'no_show' | 'cancelled' }) {
  const [row] = await db()
    .insert(appointments)
    .values({
      patientId: helene.id,
      employeeId: dietitianId,
      serviceId: clinic.catalog.serviceId['follow-up']!,
      officeId: clinic.catalog.officeId['centretown']!,
      startsAt: values.startsAt,
      endsAt: new Date(values.startsAt.getTime() + 20 * 60_000),
      blockedUntil: new Date(values.startsAt.getTime() + 30 * 60_000),
      sessionLanguage: 'fr',
      reasons: [clinic.catalog.skillId['weight-management']!],
      message: 'Note privée',
      status: values.status,
      cancelledAt: values.status === 'cancelled' ? new Date() : null,
      priceCents: 8000,
      taxCents: 0,
      totalCents: 8000,
    })
    .returning({ id: appointments.id });
  return row!.id;
}

async function sendForm(email: string, cookie?: string): Promise<string> {
  const body = completeIntakeSubmission({ contact: { email } });
  const res = await call(submitIntake, '/api/intake', { body, cookie });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
}

beforeAll(async () => {
  await clinic.open();
  dietitianId = await clinic.userId(DEMO_DIETITIAN.email);
  employee = await clinic.cookieFor(dietitianId);
  patientCookie = await clinic.cookieFor(await clinic.userId(DEMO_PATIENT.email));

  helene = await addPerson(db(), { email: 'helene.cote@example.test', role: 'patient', firstName: 'Hélène', lastName: 'Côté' });
  await db().update(users).set({ phone: '16135550177', preferredLanguage: 'fr' }).where(eq(users.id, helene.id));
  await db().insert(patientProfiles).values({
    userId: helene.id,
    streetNumber: '12',
    streetName: 'Rue Principale',
    unitNumber: '4',
    city: 'Gatineau',
    provinceCode: 'QC',
    countryCode: 'CA',
    postalCode: 'J8X1A1',
    preferredDietitianId: dietitianId,
  });

  const now = Date.now();
  ids = {
    completed: await addAppointment({ startsAt: new Date(now - 60 * DAY), status: 'completed' }),
    noShow: await addAppointment({ startsAt: new Date(now - 30 * DAY), status: 'no_show' }),
    cancelled: await addAppointment({ startsAt: new Date(now + 20 * DAY), status: 'cancelled' }),
    upcoming: await addAppointment({ startsAt: new Date(now + 10 * DAY), status: 'booked' }),
  };

  formOwn = await sendForm('autre.adresse@example.test', helene.cookie);
  formByEmail = await sendForm(helene.email);
  formOther = await sendForm('someone.else@example.test');

  // Enough namesakes for two pages.
  await db()
    .insert(users)
    .values(
      Array.from({ length: 21 }, (_, i) => ({
        email: `pager-${String(i).padStart(2, '0')}@example.test`,
        passwordHash: 'not-a-hash',
        firstName: 'Paul',
        lastName: `Pagination ${String(i).padStart(2, '0')}`,
        isPatient: true,
      })),
    );
});
afterAll(() => clinic.close());

describe('GET /api/clinic/patients', () => {
  it('finds a patient whatever the accents and case, with their preferred dietitian and next visit', async () => {
    for (const search of ['helene cote', 'CÔTÉ Hélène', 'cote']) {
      const res = await list(`?search=${encodeURIComponent(search)}`);
      expect(res.status, search).toBe(200);
      const found = resultsOf(res.json).find((row) => row.id === helene.id);
      expect(found, search).toEqual({
        id: helene.id,
        name: 'Hélène Côté',
        email: helene.email,
        phone: '16135550177',
        preferred_dietitian: expect.stringMatching(/\S/),
        next_appointment: expect.any(String),
      });
    }
    const [row] = resultsOf((await list('?search=helene')).json);
    const [upcoming] = await db().select().from(appointments).where(eq(appointments.id, ids.upcoming));
    // The cancelled visit is later than the booked one but is no next appointment.
    expect(row!.next_appointment).toBe(upcoming!.startsAt.toISOString());
  });

  it('finds a patient by e-mail address and by phone digits', async () => {
    expect(resultsOf((await list('?search=helene.cote%40example')).json).map((r) => r.id)).toEqual([helene.id]);
    expect(resultsOf((await list(`?search=${encodeURIComponent('(613) 555-0177')}`)).json).map((r) => r.id)).toEqual([helene.id]);
  });

  it('pages 20 patients at a time in alphabetical order, and lists every patient without a search', async () => {
    const first = await list('?search=pagination');
    expect(first.json).toMatchObject({ count: 21, page: 1, page_size: 20 });
    const names = resultsOf(first.json).map((r) => r.name);
    expect(names).toHaveLength(20);
    expect(names[0]).toBe('Paul Pagination 00');
    expect(names).toEqual([...names].sort());
    const second = await list('?search=pagination&page=2');
    expect(resultsOf(second.json).map((r) => r.name)).toEqual(['Paul Pagination 20']);
    expect(resultsOf((await list('?search=pagination&page=3')).json)).toEqual([]);

    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.json.count).toBeGreaterThanOrEqual(23); // the demo patient, Hélène and the namesakes
    // Employees are not patients.
    expect(resultsOf(all.json).some((r) => r.email === DEMO_DIETITIAN.email)).toBe(false);
  });

  it('refuses a bad page or an over-long search with 400 and field errors', async () => {
    for (const query of ['?page=0', '?page=abc', '?page=1.5', `?search=${'a'.repeat(101)}`]) {
      const res = await list(query, employee, 'fr');
      expect(res.status, query).toBe(400);
      expect(res.json.code).toBe('validation_error');
      expect(Object.keys(res.json.field_errors as object)).toEqual([query.startsWith('?page') ? 'page' : 'search']);
    }
  });

  it('is for employees only: 401 signed out, 403 for a patient', async () => {
    expect((await list('', null)).status).toBe(401);
    const refused = await list('?search=helene', patientCookie);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('forbidden');
    expect(JSON.stringify(refused.json)).not.toContain('Côté');
  });
});

describe('GET /api/clinic/patients/[id]', () => {
  it('gives the contact details, address, preferred dietitian and history newest first, in the request language', async () => {
    const res = await detail(String(helene.id), employee, 'fr');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toMatchObject({
      id: helene.id,
      first_name: 'Hélène',
      last_name: 'Côté',
      email: helene.email,
      phone: '16135550177',
      preferred_language: 'fr',
      address: {
        street_number: '12',
        street_name: 'Rue Principale',
        unit_number: '4',
        city: 'Gatineau',
        province: { code: 'QC', name: 'Québec' },
        country: { code: 'CA' },
        postal_code: 'J8X1A1',
      },
      preferred_dietitian: { id: dietitianId, name: expect.stringMatching(/\S/) },
      created_at: expect.any(String),
    });
    const history = res.json.appointments as Array<Record<string, unknown>>;
    expect(history.map((a) => a.id)).toEqual([ids.cancelled, ids.upcoming, ids.noShow, ids.completed]);
    expect(history.map((a) => a.status)).toEqual(['cancelled', 'booked', 'no_show', 'completed']);
    const upcoming = history[1]!;
    expect(upcoming).toMatchObject({
      service: { translated_name: 'Suivi' },
      office: { is_virtual: false },
      dietitian: { id: dietitianId },
      patient: { id: helene.id, name: 'Hélène Côté' },
      session_language: 'fr',
      can_cancel: true,
      can_reschedule: true,
    });
    expect(history.filter((a) => a.can_cancel || a.can_reschedule)).toHaveLength(1);
  });

  it('gives the statistics over the whole history', async () => {
    const { json } = await detail(String(helene.id));
    expect(json.statistics).toMatchObject({
      upcoming_count: 1,
      completed_appointments: 1, // the completed visit: neither the no-show nor the cancelled one
      total_appointments: 3, // every visit but the cancelled one
      next_appointment: { id: ids.upcoming },
    });
  });

  it('lists the intake forms as ids only, and reading the record writes no audit entry', async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(intakeAccessLog);
    const res = await detail(String(helene.id));
    const forms = res.json.intake_forms as Array<{ id: string; submitted_at: string }>;
    // From her account, and with her (verified) address as a guest; not someone else's.
    expect(forms.map((f) => f.id).sort()).toEqual([formOwn, formByEmail].sort());
    for (const form of forms) expect(Object.keys(form).sort()).toEqual(['id', 'submitted_at']);
    expect(forms.map((f) => f.id)).not.toContain(formOther);
    const text = JSON.stringify(res.json);
    for (const answer of ['More energy during night shifts', 'Metformin', 'Migraines', 'prediabetes', 'Nurse']) expect(text).not.toContain(answer);

    const after = await db().select({ n: sql<number>`count(*)::int` }).from(intakeAccessLog);
    expect(after[0]!.n).toBe(before[0]!.n);
    const rows = await db().select({ id: intakeSubmissions.id }).from(intakeSubmissions).where(inArray(intakeSubmissions.publicId, [formOwn, formByEmail]));
    expect(await db().select().from(intakeAccessLog).where(inArray(intakeAccessLog.submissionId, rows.map((r) => r.id)))).toEqual([]);
  });

  it('does not count forms sent with the address of a patient who has not verified it', async () => {
    const unverified = await addPerson(db(), { email: 'unverified@example.test', role: 'patient', verified: false });
    await sendForm(unverified.email);
    const res = await detail(String(unverified.id));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ intake_forms: [], appointments: [], address: null, preferred_dietitian: null });
  });

  it('answers 404 for an unknown id, an employee, an inactive patient or an id that is no number', async () => {
    const inactive = await addPerson(db(), { email: 'closed@example.test', role: 'patient' });
    await db().update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
    for (const id of ['999999', String(dietitianId), String(inactive.id), 'abc', '0', '99999999999', '1e3']) {
      const res = await detail(id, employee, 'fr');
      expect(res.status, id).toBe(404);
      expect(res.json.code).toBe('not_found');
      expect(res.json.messages).toEqual([{ message: 'Ce patient n’existe pas ou n’a plus de compte actif.', type: 'error' }]);
    }
  });

  it('is for employees only: 401 signed out, 403 for a patient (even their own record)', async () => {
    expect((await detail(String(helene.id), null)).status).toBe(401);
    expect((await detail(String(helene.id), patientCookie)).status).toBe(403);
    expect((await detail(String(helene.id), helene.cookie)).status).toBe(403);
  });
});
