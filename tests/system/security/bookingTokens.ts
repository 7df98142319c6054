import { randomBytes } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import type { Context } from './actors';
import { asRecord, codeOf, describe, failureShapeProblems, type Answer } from './http';
import { Section } from './report';
import { newState, pick, stepBody, walkTo, type Tokens } from './walk';

/**
 * Section 6: the booking step tokens (DESIGN §4.6, lib/server/booking/stepTokens.ts). Patient A
 * walks to a chosen slot, then every tampered variant of the chain is sent to book-appointment
 * (and a few earlier steps) and must be refused; A's appointments must not change; and the
 * untouched chain must still book, which shows the refusals came from the tampering.
 */

const BOOK = '/api/booking/book-appointment';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function resign(token: string, secret: Uint8Array, change: (payload: Record<string, unknown>) => void, alg = 'HS256'): Promise<string> {
  const payload = { ...decodeJwt(token) } as Record<string, unknown>;
  change(payload);
  return new SignJWT(payload).setProtectedHeader({ ...decodeProtectedHeader(token), alg }).sign(secret);
}

/** A new payload under the old signature. */
function swapPayload(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [header, , signature] = token.split('.');
  const payload = { ...decodeJwt(token) } as Record<string, unknown>;
  change(payload);
  return `${header}.${b64(payload)}.${signature}`;
}

function flipSignatureByte(token: string): string {
  const [header, payload, signature = ''] = token.split('.');
  const i = 10;
  const flipped = signature[i] === 'A' ? 'B' : 'A';
  return `${header}.${payload}.${signature.slice(0, i)}${flipped}${signature.slice(i + 1)}`;
}

function algNone(token: string): string {
  const [, payload] = token.split('.');
  return `${b64({ ...decodeProtectedHeader(token), alg: 'none' })}.${payload}.`;
}

const ALL_KINDS = ['session_language', 'auth', 'service', 'contact', 'address', 'skills', 'office_data', 'location', 'appointment', 'timeslot'];

export async function runBookingTokens(ctx: Context): Promise<Section> {
  const section = new Section('booking tokens');
  const { client, people, fixtures } = ctx;
  const { catalog } = fixtures;
  const A = people.patientA.cookie;
  const key = new TextEncoder().encode(ctx.appSecret);
  const otherKey = randomBytes(32);

  const walk = await walkTo(client, section, '/api/booking/available-appointments/check', newState(5), catalog, A);
  const second = await walkTo(client, section, '/api/booking/check-skills', newState(6), catalog, A);
  const guest = await walkTo(client, section, '/api/booking/check-skills', newState(), catalog);
  const t = walk.tokens;
  const chain = pick(t, ALL_KINDS);
  const upcoming = async () => {
    const answer = await client.send(section, { method: 'GET', path: '/api/booking/booked-appointments', cookie: A });
    return ((asRecord(answer.json).upcoming ?? []) as { id: number }[]).map((a) => a.id);
  };
  const before = await upcoming();

  const expired = async (token: string) =>
    resign(token, key, (p) => {
      const now = Math.floor(Date.now() / 1000);
      p.iat = now - 3660;
      p.exp = now - 60;
    });
  const expiredChain: Tokens = {};
  for (const [field, token] of Object.entries(chain)) expiredChain[field] = await expired(token);
  const fresh: Tokens = {};
  for (const [field, token] of Object.entries(pick(t, ALL_KINDS.slice(0, 6)))) fresh[field] = await resign(token, key, () => {});

  const refusals: { what: string; path?: string; body: Record<string, unknown>; cookie?: string; status: number; code: string }[] = [
    { what: 'a byte of the signature flipped', body: { ...chain, timeslot_token: flipSignatureByte(t.timeslot_token!) }, cookie: A, status: 400, code: 'booking_token_invalid' },
    {
      what: 'the slot changed in the payload, not re-signed',
      body: { ...chain, timeslot_token: swapPayload(t.timeslot_token!, (p) => Object.assign(asRecord(p.data), { start: '2030-01-01T14:00:00.000Z' })) },
      cookie: A,
      status: 400,
      code: 'booking_token_invalid',
    },
    {
      what: 'the price changed in the payload, not re-signed',
      body: { ...chain, appointment_token: swapPayload(t.appointment_token!, (p) => Object.assign(asRecord(p.data), { priceCents: { base: 0, tax: 0, total: 0 } })) },
      cookie: A,
      status: 400,
      code: 'booking_token_invalid',
    },
    { what: 'alg: none', body: { ...chain, timeslot_token: algNone(t.timeslot_token!) }, cookie: A, status: 400, code: 'booking_token_invalid' },
    { what: 'signed with another key', body: { ...chain, timeslot_token: await resign(t.timeslot_token!, otherKey, () => {}) }, cookie: A, status: 400, code: 'booking_token_invalid' },
    { what: 'HS512 with the right key', body: { ...chain, timeslot_token: await resign(t.timeslot_token!, key, () => {}, 'HS512') }, cookie: A, status: 400, code: 'booking_token_invalid' },
    { what: 'the appointment token in the timeslot field (out of order)', body: { ...chain, timeslot_token: t.appointment_token }, cookie: A, status: 400, code: 'booking_token_invalid' },
    { what: 'the service token in the contact field (out of order)', path: '/api/booking/check-skills', body: { ...stepBody('/api/booking/check-skills', walk, catalog), contact_token: t.service_token }, cookie: A, status: 400, code: 'booking_token_invalid' },
    {
      what: "a step skipped (locations/check without the office list's token)",
      path: '/api/booking/locations/check',
      body: { ...stepBody('/api/booking/locations/check', walk, catalog), office_data_token: undefined },
      cookie: A,
      status: 400,
      code: 'booking_token_missing',
    },
    { what: "the service token of A's other booking (broken links)", body: { ...chain, service_token: second.tokens.service_token }, cookie: A, status: 400, code: 'booking_token_invalid' },
    { what: "patient B books with A's tokens", body: chain, cookie: people.patientB.cookie, status: 403, code: 'forbidden' },
    { what: "a guest books with A's tokens", body: chain, status: 403, code: 'forbidden' },
    { what: "the employee books with A's tokens", body: chain, cookie: people.employee.cookie, status: 403, code: 'forbidden' },
    { what: "patient B fetches offices with A's tokens", path: '/api/booking/locations/fetch', body: pick(t, ALL_KINDS.slice(0, 6)), cookie: people.patientB.cookie, status: 403, code: 'forbidden' },
    { what: "A continues a guest's booking", path: '/api/booking/locations/fetch', body: pick(guest.tokens, ALL_KINDS.slice(0, 6)), cookie: A, status: 403, code: 'forbidden' },
    { what: 'the whole chain expired (right key)', body: expiredChain, cookie: A, status: 401, code: 'booking_token_expired' },
    { what: 'only the first token expired (right key)', body: { ...chain, session_language_token: expiredChain.session_language_token }, cookie: A, status: 401, code: 'booking_token_expired' },
    { what: 'no tokens', body: {}, cookie: A, status: 400, code: 'booking_token_missing' },
    { what: 'no timeslot token', body: { ...chain, timeslot_token: undefined }, cookie: A, status: 400, code: 'booking_token_missing' },
    { what: 'an empty timeslot token', body: { ...chain, timeslot_token: '' }, cookie: A, status: 400, code: 'booking_token_missing' },
    { what: 'a timeslot token that is a number', body: { ...chain, timeslot_token: 12345 }, cookie: A, status: 400, code: 'validation_error' },
    { what: 'a 9 kB timeslot token', body: { ...chain, timeslot_token: `${t.timeslot_token}${'A'.repeat(9000)}` }, cookie: A, status: 400, code: 'validation_error' },
    { what: 'a token that is not a JWS', body: { ...chain, timeslot_token: 'not.a.token' }, cookie: A, status: 400, code: 'booking_token_invalid' },
  ];

  for (const refusal of refusals) {
    const path = refusal.path ?? BOOK;
    const answer = await client.send(section, { method: 'POST', path, body: refusal.body, cookie: refusal.cookie });
    expectRefusal(section, `${path}, ${refusal.what}`, answer, refusal.status, refusal.code);
  }

  // Control: the same chain re-signed with the right key (not expired) is accepted, so the
  // expired case above was refused for its date, not for a wrong key or shape.
  const control = await client.send(section, { method: 'POST', path: '/api/booking/locations/fetch', body: fresh, cookie: A });
  section.check(control.status === 200, `re-signed with APP_SECRET, A's tokens should be accepted: ${describe(control)}`);

  const after = await upcoming();
  section.check(after.length === before.length, `tampered bookings wrote appointments: A had ${before.length}, now ${after.length}`);
  const booked = await client.send(section, { method: 'POST', path: BOOK, body: chain, cookie: A });
  section.check(booked.status === 200, `the untouched chain no longer books: ${describe(booked)}`);
  section.check((await upcoming()).length === before.length + 1, 'the untouched chain did not add one appointment');
  return section;
}

function expectRefusal(section: Section, what: string, answer: Answer, status: number, code: string): void {
  section.check(answer.status === status && codeOf(answer) === code, `${what}: expected ${status} ${code}, got ${describe(answer)}`);
  const problems = failureShapeProblems(answer);
  section.check(answer.status >= 400 && answer.status < 500 && problems.length === 0, `${what}: ${problems.join('; ') || `status ${answer.status}`}`);
}

