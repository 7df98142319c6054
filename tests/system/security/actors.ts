import { completeIntakeSubmission } from '@/tests/support/intakeAnswers';
import { asRecord, describe, type Client } from './http';
import { linkIn, waitForMail } from './outbox';
import type { Section } from './report';
import { discoverCatalog, newState, walkTo, type BookingState, type Catalog } from './walk';

/**
 * The people of the run and the records the ownership checks attack. Set up first, before any
 * section can trip a per-address rate limit: the demo patient (A), a patient signed up and
 * verified through the API (B), the demo dietitian (employee, admin), and a third patient (C)
 * whose login the rate-limit section locks.
 */

export type Who = 'guest' | 'patientA' | 'patientB' | 'employee';
export const EVERYONE: readonly Who[] = ['guest', 'patientA', 'patientB', 'employee'];

export interface Person {
  email: string;
  password: string;
  /** `session=<token>`; undefined for the guest. */
  cookie?: string;
  userId: number;
}

export interface Fixtures {
  catalog: Catalog;
  /** A's booked appointment and the walk (tokens) that booked it. */
  appointmentA: number;
  walkA: BookingState;
  /** A's submitted intake form (public id). */
  intakeA: string;
  /** Another active employee than the demo dietitian. */
  otherEmployeeId: number;
  /** The demo dietitian's weekly schedule, as GET /api/clinic/schedule gives it (a no-op PUT body). */
  scheduleRanges: unknown[];
}

export interface Context {
  client: Client;
  dataDir: string;
  appSecret: string;
  /** Distinguishes this run's e-mail addresses. */
  runId: string;
  people: Record<Who, Person>;
  patientC: Person;
  /** Second sessions of A and the employee, for the fuzzer (a fuzzed request may end its session). */
  fuzzCookies: { patientA: string; employee: string };
  fixtures: Fixtures;
  /** Signs in and returns the session cookie (a new session each time). */
  login(section: Section, person: Pick<Person, 'email' | 'password'>): Promise<string>;
}

const DEMO_PATIENT = { email: 'patient@demo.equilibrenutrition.ca', password: 'demo patient password 2026' };
const DEMO_DIETITIAN = { email: 'dietitian@demo.equilibrenutrition.ca', password: 'demo dietitian password 2026' };

export function signupBody(email: string, password: string) {
  return {
    password,
    preferred_language: 'en',
    contact: { firstName: 'Bérénice', lastName: 'Ouellet', email, phone: '613 555 0177', createAccount: true },
    address: { streetNumber: '45', streetName: 'Rue Laurier', unitNumber: '', city: 'Gatineau', province: 'QC', postalCode: 'J8X 3V8', country: 'CA' },
  };
}

function must(ok: boolean, what: string): void {
  if (!ok) throw new Error(`setting up the actors: ${what}`);
}

export async function setUpActors(client: Client, section: Section, options: { dataDir: string; appSecret: string; runId: string }): Promise<Context> {
  const login = async (counted: Section, person: Pick<Person, 'email' | 'password'>) => {
    const answer = await client.send(counted, { method: 'POST', path: '/api/auth/login', body: { email: person.email, password: person.password } });
    const cookie = answer.headers.getSetCookie().map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('session='));
    must(counted.check(answer.status === 200 && cookie !== undefined, `login ${person.email}: ${describe(answer)}`), `login ${person.email}`);
    return cookie!;
  };
  const userIdOf = async (cookie: string) => {
    const answer = await client.send(section, { method: 'GET', path: '/api/auth/me', cookie });
    const id = asRecord(asRecord(answer.json).user).id;
    must(section.check(typeof id === 'number', `me: ${describe(answer)}`), 'GET /api/auth/me');
    return id as number;
  };
  const signUpAndVerify = async (email: string, password: string) => {
    const answer = await client.send(section, { method: 'POST', path: '/api/auth/signup', body: signupBody(email, password) });
    must(section.check(answer.status === 201, `signup ${email}: ${describe(answer)}`), `signup ${email}`);
    const link = linkIn(await waitForMail(options.dataDir, email, '/verify-email?'), '/verify-email?');
    const verify = await client.send(section, {
      method: 'POST',
      path: '/api/auth/verify-email',
      body: { uid: link.searchParams.get('uid') ?? '', token: link.searchParams.get('token') ?? '' },
    });
    must(section.check(verify.status === 200, `verify-email ${email}: ${describe(verify)}`), `verify ${email}`);
    const cookie = await login(section, { email, password });
    return { email, password, cookie, userId: await userIdOf(cookie) };
  };

  const cookieA = await login(section, DEMO_PATIENT);
  const cookieE = await login(section, DEMO_DIETITIAN);
  const people: Record<Who, Person> = {
    guest: { email: '', password: '', userId: 0 },
    patientA: { ...DEMO_PATIENT, cookie: cookieA, userId: await userIdOf(cookieA) },
    patientB: await signUpAndVerify(`patient-b-${options.runId}@example.com`, 'a long and private passphrase for B'),
    employee: { ...DEMO_DIETITIAN, cookie: cookieE, userId: await userIdOf(cookieE) },
  };
  const patientC = await signUpAndVerify(`patient-c-${options.runId}@example.com`, 'a long and private passphrase for C');
  const fuzzCookies = { patientA: await login(section, DEMO_PATIENT), employee: await login(section, DEMO_DIETITIAN) };

  // A books an appointment and sends an intake form: the records B must not reach.
  const catalog = await discoverCatalog(client, section);
  const walkA = await walkTo(client, section, '/api/booking/book-appointment', newState(0), catalog, cookieA);
  must(section.check(walkA.appointmentId !== undefined, 'A booked an appointment'), 'booking for A');
  const intake = completeIntakeSubmission({ contact: { email: DEMO_PATIENT.email } });
  const sent = await client.send(section, { method: 'POST', path: '/api/intake', body: intake, cookie: cookieA });
  const intakeA = asRecord(sent.json).id;
  must(section.check(sent.status === 201 && typeof intakeA === 'string', `A's intake: ${describe(sent)}`), 'intake for A');

  const team = await client.send(section, { method: 'GET', path: '/api/clinic/team', cookie: cookieE });
  const employees = (asRecord(team.json).employees ?? []) as { id: number; is_active: boolean }[];
  const other = employees.find((e) => e.is_active && e.id !== people.employee.userId);
  must(section.check(other !== undefined, `another active employee: ${describe(team)}`), 'team');
  const schedule = await client.send(section, { method: 'GET', path: '/api/clinic/schedule', cookie: cookieE });
  const scheduleRanges = asRecord(schedule.json).ranges;
  must(section.check(Array.isArray(scheduleRanges), `schedule: ${describe(schedule)}`), 'schedule');

  return {
    client,
    dataDir: options.dataDir,
    appSecret: options.appSecret,
    runId: options.runId,
    people,
    patientC,
    fuzzCookies,
    fixtures: {
      catalog,
      appointmentA: walkA.appointmentId!,
      walkA,
      intakeA: intakeA as string,
      otherEmployeeId: other!.id,
      scheduleRanges: scheduleRanges as unknown[],
    },
    login,
  };
}
