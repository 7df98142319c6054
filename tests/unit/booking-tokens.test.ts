import { afterEach, describe, expect, it } from 'vitest';
import {
  STEP_KINDS,
  STEP_PARENTS,
  bookingTokenContext,
  signNextStep,
  signStep,
  startBooking,
  verifyChain,
  verifyStep,
  type Actor,
  type BookingTokenFields,
  type KeyContext,
  type StepClaims,
  type StepKind,
} from '@/lib/server/booking/stepTokens';
import { resetConfigForTests } from '@/lib/server/config';
import { AppError } from '@/lib/server/http/appError';

const T0 = new Date('2026-05-04T14:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const key: KeyContext = { secret: new TextEncoder().encode('test-secret-of-at-least-32-characters!'), ttlSeconds: 1800, now: T0 };

const guest: Actor = { kind: 'guest' };
const patientA: Actor = { kind: 'patient', userId: 11 };
const patientB: Actor = { kind: 'patient', userId: 12 };
const employee: Actor = { kind: 'employee', userId: 21, patientId: 11, dietitianId: null };
const otherEmployee: Actor = { kind: 'employee', userId: 22, patientId: 11, dietitianId: 3 };

type Later = Exclude<StepKind, 'session_language' | 'auth'>;
const sample: Pick<StepClaims, Later> = {
  service: { serviceId: 3, clientDurationMinutes: 50, employeeDurationMinutes: 60 },
  contact: { contact: { firstName: 'Élise', lastName: 'Tremblay', email: 'elise@example.ca', phone: '16135550100', createAccount: false } },
  address: { address: { streetNumber: '12', streetName: 'Rue Principale', unitNumber: '', city: 'Ottawa', province: 'ON', postalCode: 'K1P5G3', country: 'CA' } },
  skills: { skillIds: [4, 9], userMessage: 'Diabète de type 2' },
  office_data: { officeIds: [1, 2] },
  location: { officeId: 2 },
  appointment: { fromDate: '2026-05-05', toDate: '2026-08-02', priceCents: { base: 13500, tax: 0, total: 13500 } },
  timeslot: { start: '2026-05-12T13:00:00.000Z', end: '2026-05-12T13:50:00.000Z', dietitianId: 3 },
};
const later = STEP_KINDS.filter((kind): kind is Later => kind !== 'session_language' && kind !== 'auth');

/** Walks the booking as the handlers would: verify what the step builds on, then sign its token. */
async function book(actor: Actor, through: StepKind = 'timeslot', signing: KeyContext = key): Promise<BookingTokenFields> {
  const body: BookingTokenFields = { ...(await startBooking(actor, { sessionLanguage: 'fr', reschedulingAppointmentId: 42 }, signing)) };
  for (const kind of later.slice(0, later.indexOf(through as Later) + 1)) {
    const chain = await verifyChain(body, STEP_PARENTS[kind], { actor, secret: signing.secret, now: signing.now });
    body[`${kind}_token`] = await signNextStep(kind, sample[kind], chain, signing);
  }
  return body;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}
const as = (actor: Actor, now = T0) => ({ actor, secret: key.secret, now });
const INVALID = { code: 'booking_token_invalid', status: 400 };
const all = ['timeslot'] as const;

describe('booking step tokens: round trip', () => {
  it.each(later)('the %s token carries what its step validated', async (kind) => {
    const body = await book(patientA, kind);
    const chain = await verifyChain(body, [kind], as(patientA));
    expect(chain[kind]).toMatchObject(sample[kind]);
  });

  it('the session and auth tokens carry the language, the reschedule and the actor', async () => {
    const chain = await verifyChain(await book(employee, 'auth'), ['auth'], as(employee));
    expect(chain.session_language).toMatchObject({ sessionLanguage: 'fr', reschedulingAppointmentId: 42, sub: 'employee:21', prev: [] });
    expect(chain.auth).toMatchObject({ actor: employee, prev: [chain.session_language.jti] });
  });

  it('binds a guest to the first token of the chain and links each token to its parents', async () => {
    const chain = await verifyChain(await book(guest), all, as(guest));
    for (const kind of STEP_KINDS) {
      expect(chain[kind].sub).toBe(`guest:${chain.session_language.jti}`);
      expect(chain[kind].prev).toEqual(STEP_PARENTS[kind].map((parent) => chain[parent].jti));
    }
  });

  it('verifies a single token with verifyStep', async () => {
    const body = await book(guest, 'service');
    const session = await verifyStep('session_language', String(body.session_language_token), as(guest));
    const service = await verifyStep('service', String(body.service_token), { actor: guest, secret: key.secret, now: T0, sessionJti: session.jti });
    expect(service.serviceId).toBe(3);
  });
});

describe('booking step tokens: refused', () => {
  it('refuses a token whose payload was edited', async () => {
    const body = await book(patientA, 'location');
    const [header, payload, signature] = String(body.location_token).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { data: { officeId: number } };
    claims.data.officeId = 1;
    body.location_token = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    expect(await failure(verifyChain(body, ['location'], as(patientA)))).toMatchObject(INVALID);
  });

  it.each([0, 1, 2])('refuses a token with one character changed in part %i', async (part) => {
    const body = await book(patientA, 'service');
    const parts = String(body.service_token).split('.');
    const text = parts[part] ?? '';
    const middle = Math.floor(text.length / 2); // the last character of base64url may only carry padding bits
    parts[part] = text.slice(0, middle) + (text[middle] === 'A' ? 'B' : 'A') + text.slice(middle + 1);
    body.service_token = parts.join('.');
    expect(await failure(verifyChain(body, ['service'], as(patientA)))).toMatchObject(INVALID);
  });

  it('refuses a token of another kind (a service token given as the contact token)', async () => {
    const body = await book(patientA, 'address');
    body.contact_token = body.service_token;
    expect(await failure(verifyChain(body, ['contact'], as(patientA)))).toMatchObject(INVALID);
    expect(await failure(verifyStep('contact', String(body.service_token), { actor: patientA, secret: key.secret }))).toMatchObject(INVALID);
  });

  it('refuses a skipped step (a location token built straight on the skills token)', async () => {
    const body = await book(patientA, 'office_data');
    const skills = await verifyStep('skills', String(body.skills_token), as(patientA));
    body.location_token = await signStep('location', { officeId: 2 }, { ...key, actor: patientA, previous: [skills.jti] });
    expect(await failure(verifyChain(body, ['location'], as(patientA)))).toMatchObject(INVALID);
  });

  it('refuses tokens of two bookings mixed (an earlier service choice under a later skills token)', async () => {
    const first = await book(patientA, 'skills');
    const second = await book(patientA, 'skills');
    const mixed = { ...second, service_token: first.service_token };
    expect(await failure(verifyChain(mixed, ['skills'], as(patientA)))).toMatchObject(INVALID);
  });

  it('refuses tokens signed with another secret', async () => {
    const body = await book(patientA, 'service', { ...key, secret: new TextEncoder().encode('another-secret-of-at-least-32-characters') });
    expect(await failure(verifyChain(body, ['service'], as(patientA)))).toMatchObject(INVALID);
  });

  it.each([
    ['the service token is', { service_token: undefined }],
    ['the session token is', { session_language_token: undefined }],
    ['a token is empty', { auth_token: '' }],
    ['a token is not a string', { contact_token: 7 }],
  ] as const)('answers 400 booking_token_missing when %s missing', async (_label, change) => {
    const body = { ...(await book(patientA, 'skills')), ...change };
    expect(await failure(verifyChain(body, ['skills'], as(patientA)))).toMatchObject({ code: 'booking_token_missing', status: 400 });
  });
});

describe('booking step tokens: someone else’s', () => {
  it.each([
    ["patient A's booking used by patient B", patientA, patientB],
    ["a guest's booking used by a signed-in patient", guest, patientA],
    ["a patient's booking used by a guest", patientA, guest],
    ["an employee's booking used by another employee", employee, otherEmployee],
    ["an employee's booking used by the patient it is for", employee, patientA],
  ] as const)('answers 403 for %s', async (_label, owner, user) => {
    const body = await book(owner);
    expect(await failure(verifyChain(body, all, as(user)))).toMatchObject({ code: 'forbidden', status: 403 });
  });

  it("answers 403 when a guest grafts another guest's tokens onto their session", async () => {
    const mine = await book(guest, 'auth');
    const theirs = await book(guest, 'service');
    const body = { ...theirs, ...mine };
    expect(await failure(verifyChain(body, ['service'], as(guest)))).toMatchObject({ code: 'forbidden', status: 403 });
  });
});

describe('booking step tokens: lifetime', () => {
  const EXPIRED = { code: 'booking_token_expired', status: 401 };

  it('accepts a chain until its lifetime ends, then answers 401 booking_token_expired', async () => {
    const body = await book(patientA);
    await expect(verifyChain(body, all, as(patientA, at(1799)))).resolves.toBeDefined();
    expect(await failure(verifyChain(body, all, as(patientA, at(1800))))).toMatchObject(EXPIRED);
  });

  it('answers 401 when only the oldest tokens (of check-session) have expired', async () => {
    const body: BookingTokenFields = { ...(await startBooking(patientA, { sessionLanguage: 'en' }, key)) };
    const chain = await verifyChain(body, ['auth'], as(patientA));
    body.service_token = await signNextStep('service', sample.service, chain, { ...key, now: at(1000) });
    await expect(verifyStep('service', String(body.service_token), as(patientA, at(1900)))).resolves.toBeDefined();
    expect(await failure(verifyChain(body, ['service'], as(patientA, at(1900))))).toMatchObject(EXPIRED);
  });

  it('answers 401 for an expired token even when another one is also wrong', async () => {
    const body = { ...(await book(patientA, 'contact')), service_token: 'not-a-token' };
    expect(await failure(verifyChain(body, ['service', 'contact'], as(patientA, at(3600))))).toMatchObject(EXPIRED);
  });

  describe('configured from the environment', () => {
    const saved = { ...process.env };
    afterEach(() => {
      process.env = { ...saved };
      resetConfigForTests();
    });

    it('lives BOOKING_TOKEN_TTL_SECONDS, 1800 s by default', async () => {
      process.env.APP_SECRET = 'environment-secret-of-at-least-32-chars';
      delete process.env.BOOKING_TOKEN_TTL_SECONDS;
      resetConfigForTests();
      const context = bookingTokenContext();
      expect(context.ttlSeconds).toBe(1800);
      const { session_language_token } = await startBooking(guest, { sessionLanguage: 'en' }, { ...context, now: T0 });
      const token = await verifyStep('session_language', session_language_token, { actor: guest, secret: context.secret, now: T0 });
      expect(token.exp - token.iat).toBe(1800);

      process.env.BOOKING_TOKEN_TTL_SECONDS = '600';
      resetConfigForTests();
      expect(bookingTokenContext().ttlSeconds).toBe(600);
    });
  });
});
