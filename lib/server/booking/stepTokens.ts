import 'server-only';
import { randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { Locale } from '@/lib/i18n/routing';
import type { Address, Contact } from '@/lib/schemas/contact';
import { getConfig } from '@/lib/server/config';
import { AppError } from '@/lib/server/http/appError';
import { getSecret } from '@/lib/server/secrets';

/**
 * Booking step tokens (DESIGN §4.6): each step check returns a JWS (HS256, app secret) holding what
 * the server validated, the ids of the tokens it builds on (`prev`) and the actor (`sub`), so a
 * later step trusts it without a lookup. A request sends every token it has as `<kind>_token`.
 */
export const STEP_KINDS = ['session_language', 'auth', 'service', 'contact', 'address', 'skills', 'office_data', 'location', 'appointment', 'timeslot'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/**
 * What each token builds on, as the calls of SPEC §7 send them: contact and address need only the
 * session, so they hang off `auth` beside `service`; skills joins the three. Changing an earlier
 * choice gives it a new id, which breaks every later token built on the old one.
 */
export const STEP_PARENTS = {
  session_language: [],
  auth: ['session_language'],
  service: ['auth'], contact: ['auth'], address: ['auth'],
  skills: ['service', 'contact', 'address'],
  office_data: ['skills'], location: ['office_data'], appointment: ['location'], timeslot: ['appointment'],
} as const satisfies { [K in StepKind]: readonly StepKind[] };

/** Who books. An employee's chosen patient and dietitian travel in the auth token. */
export type Actor =
  | { kind: 'guest' }
  | { kind: 'patient'; userId: number }
  | { kind: 'employee'; userId: number; patientId: number | null; /** null = automatic (-1 in the API) */ dietitianId: number | null };
/** What the request's session cookie proves; an `Actor` fits too. */
export type RequestActor = { kind: 'guest' } | { kind: 'patient' | 'employee'; userId: number };

/** The values each step check validated. */
export interface StepClaims {
  session_language: { sessionLanguage: Locale; reschedulingAppointmentId?: number };
  auth: { actor: Actor };
  service: { serviceId: number; clientDurationMinutes: number; employeeDurationMinutes: number };
  contact: { contact: Contact };
  address: { address: Address };
  skills: { skillIds: number[]; userMessage: string };
  office_data: { officeIds: number[] };
  location: { officeId: number };
  /** The window and price offered; not the slots themselves (90 days of them would not fit a token), which check and book re-read. */
  appointment: { fromDate: string; toDate: string; priceCents: { base: number; tax: number; total: number } };
  /** ISO instants. */
  timeslot: { start: string; end: string; dietitianId: number; /** A seat in this group session (or its series), issue #28. */ groupSessionId?: number };
}

export interface TokenMeta { jti: string; sub: string; prev: string[]; iat: number; exp: number }
export type Verified<K extends StepKind> = StepClaims[K] & TokenMeta;
/** Each kind and every kind it builds on, transitively (STEP_PARENTS closed; spelt out, as a recursive type overflows tsc). */
interface ChainOf {
  session_language: 'session_language';
  auth: 'auth' | 'session_language';
  service: 'service' | ChainOf['auth'];
  contact: 'contact' | ChainOf['auth'];
  address: 'address' | ChainOf['auth'];
  skills: 'skills' | ChainOf['service'] | ChainOf['contact'] | ChainOf['address'];
  office_data: 'office_data' | ChainOf['skills'];
  location: 'location' | ChainOf['office_data'];
  appointment: 'appointment' | ChainOf['location'];
  timeslot: 'timeslot' | ChainOf['appointment'];
}
export type VerifiedChain<N extends StepKind> = { [K in ChainOf[N]]: Verified<K> };
/** A request body's tokens, each `<kind>_token`; unknown until verified. */
export type BookingTokenFields = { [K in StepKind as `${K}_token`]?: unknown };

export interface KeyContext { secret: Uint8Array; ttlSeconds: number; now?: Date }
export interface VerifyContext { actor: RequestActor; secret: Uint8Array; now?: Date }

/** The app secret and the configured lifetime (BOOKING_TOKEN_TTL_SECONDS, default 1800). */
export function bookingTokenContext(): KeyContext {
  const config = getConfig();
  return { secret: secretBytes(getSecret('app-secret', config)), ttlSeconds: config.bookingTokenTtlSeconds };
}

let encodedSecret: { text: string; bytes: Uint8Array } | undefined;
/** The secret's bytes, the same object while the secret is the same: the verified tokens are remembered per key. */
function secretBytes(text: string): Uint8Array {
  if (encodedSecret?.text !== text) encodedSecret = { text, bytes: new TextEncoder().encode(text) };
  return encodedSecret.bytes;
}

const missing = () => new AppError('booking_token_missing', 400, 'bookingTokenMissing');
const invalid = () => new AppError('booking_token_invalid', 400, 'bookingTokenInvalid');
const expired = () => new AppError('booking_token_expired', 401, 'bookingTokenExpired');
const forbidden = () => new AppError('forbidden', 403, 'forbidden');

/** A guest has no account: their tokens are bound to the first token of their chain instead. */
export function actorSubject(actor: RequestActor, sessionJti: string): string {
  return actor.kind === 'guest' ? `guest:${sessionJti}` : `${actor.kind}:${actor.userId}`;
}

const typOf = (kind: StepKind) => `booking-${kind}+jwt`;

async function sign<K extends StepKind>(kind: K, claims: StepClaims[K], sub: string, prev: readonly string[], key: KeyContext, jti: string): Promise<string> {
  const iat = Math.floor((key.now ?? new Date()).getTime() / 1000);
  return new SignJWT({ prev: [...prev], data: claims })
    .setProtectedHeader({ alg: 'HS256', typ: typOf(kind) })
    .setJti(jti)
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + key.ttlSeconds)
    .sign(key.secret);
}

/** Signs one token with explicit links. Handlers use startBooking and signNextStep, which fill them in. */
export async function signStep<K extends StepKind>(
  kind: K,
  claims: StepClaims[K],
  context: KeyContext & { actor: RequestActor; previous: readonly string[]; sessionJti?: string },
): Promise<string> {
  const jti = randomUUID();
  const sessionJti = kind === 'session_language' ? jti : context.sessionJti;
  if (sessionJti === undefined && context.actor.kind === 'guest') throw new Error('A guest token needs the id of its session token.');
  return sign(kind, claims, actorSubject(context.actor, sessionJti ?? ''), context.previous, context, jti);
}

/** check-session: the session-language token and the auth token describing the actor. */
export async function startBooking(actor: Actor, session: StepClaims['session_language'], key: KeyContext) {
  const sessionJti = randomUUID();
  const sub = actorSubject(actor, sessionJti);
  return {
    session_language_token: await sign('session_language', session, sub, [], key, sessionJti),
    auth_token: await sign('auth', { actor }, sub, [sessionJti], key, randomUUID()),
  };
}

/** The next step's token on top of the verified tokens it builds on: `prev` and `sub` come from them. */
export async function signNextStep<K extends Exclude<StepKind, 'session_language' | 'auth'>>(
  kind: K,
  claims: StepClaims[K],
  chain: VerifiedChain<(typeof STEP_PARENTS)[K][number]>,
  key: KeyContext,
): Promise<string> {
  // The mapped type cannot be indexed by a generic kind; every parent is there by the parameter's type.
  const tokens = chain as Partial<Record<StepKind, TokenMeta>>;
  const prev = parentsOf(kind).map((parent) => tokens[parent]?.jti);
  const sub = tokens[parentsOf(kind)[0] ?? 'auth']?.sub;
  if (sub === undefined || !isStrings(prev)) throw new Error(`The ${kind} token needs its verified parent tokens.`);
  return sign(kind, claims, sub, prev, key, randomUUID());
}

const parentsOf = (kind: StepKind): readonly StepKind[] => STEP_PARENTS[kind];
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Tokens already verified, per key (issue #29): the date step's fetch sends the same chain of 8
 * tokens at each month shown, and verifying them through WebCrypto cost 1.2 ms a request under
 * load. A token's signature, kind and claims never change, so a remembered one is checked for its
 * expiry only, as jose checks it. Only well-signed tokens are kept, at most MAX_REMEMBERED per key.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, Verified<StepKind>>>();
const MAX_REMEMBERED = 2000;

async function decode<K extends StepKind>(kind: K, token: string, secret: Uint8Array, now: Date | undefined): Promise<Verified<K>> {
  let remembered = verifiedTokens.get(secret);
  if (!remembered) verifiedTokens.set(secret, (remembered = new Map()));
  const key = `${kind} ${token}`;
  const known = remembered.get(key) as Verified<K> | undefined;
  if (known) {
    if (known.exp <= Math.floor((now ?? new Date()).getTime() / 1000)) throw expired();
    return { ...known };
  }
  const verified = await verify(kind, token, secret, now);
  // The oldest goes first: a Map iterates in insertion order.
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, verified);
  return { ...verified };
}

/** Signature, kind and lifetime. Only jose's expiry is "expired"; anything else it rejects is "invalid". */
async function verify<K extends StepKind>(kind: K, token: string, secret: Uint8Array, now: Date | undefined): Promise<Verified<K>> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      typ: typOf(kind),
      clockTolerance: 0,
      currentDate: now,
      requiredClaims: ['jti', 'sub', 'iat', 'exp'],
    });
    const { jti, sub, iat, exp, prev, data } = payload;
    const wellFormed = typeof jti === 'string' && typeof sub === 'string' && typeof iat === 'number' && typeof exp === 'number';
    if (!wellFormed || !isStrings(prev) || typeof data !== 'object' || data === null) throw invalid();
    // Only this server holds the key, so a well-signed `data` has the shape it was signed with.
    return { ...(data as StepClaims[K]), jti, sub, prev, iat, exp };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw error instanceof errors.JWTExpired ? expired() : invalid();
  }
}

function checkBinding(token: TokenMeta, subject: string, expectPrevious: readonly string[] | undefined): void {
  if (token.sub !== subject) throw forbidden();
  if (expectPrevious !== undefined && (token.prev.length !== expectPrevious.length || token.prev.some((id, i) => id !== expectPrevious[i]))) throw invalid();
}

/** One token. For a guest, `sessionJti` (the chain's first token) is needed to check whom it belongs to. */
export async function verifyStep<K extends StepKind>(
  kind: K,
  token: string,
  context: VerifyContext & { sessionJti?: string; expectPrevious?: readonly string[] },
): Promise<Verified<K>> {
  const verified = await decode(kind, token, context.secret, context.now);
  const sessionJti = kind === 'session_language' ? verified.jti : context.sessionJti;
  if (sessionJti === undefined && context.actor.kind === 'guest') throw new Error('Verifying a guest token needs the id of its session token.');
  checkBinding(verified, actorSubject(context.actor, sessionJti ?? ''), context.expectPrevious);
  return verified;
}

/**
 * The tokens a call needs (`needs`) and every token they build on, read from the request body:
 * each present, genuine, unexpired, of its kind, linked to the ones before it, and the request actor's.
 */
export async function verifyChain<N extends StepKind>(body: BookingTokenFields, needs: readonly N[], context: VerifyContext): Promise<VerifiedChain<N>> {
  const wanted = new Set<StepKind>();
  const add = (kind: StepKind): void => {
    if (wanted.has(kind)) return;
    wanted.add(kind);
    parentsOf(kind).forEach(add);
  };
  needs.forEach(add);
  const kinds = STEP_KINDS.filter((kind) => wanted.has(kind));
  const tokens = kinds.map((kind) => body[`${kind}_token`]);
  if (!tokens.every((token): token is string => typeof token === 'string' && token !== '')) throw missing();

  // Decode them all before judging, so an expired token anywhere wins: the client then restarts the booking (SPEC §8).
  const results = await Promise.allSettled(kinds.map(async (kind, i) => [kind, await decode(kind, tokens[i] ?? '', context.secret, context.now)] as const));
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (failures.length > 0) throw failures.find((error) => error instanceof AppError && error.status === 401) ?? failures[0];

  const verified: Partial<Record<StepKind, TokenMeta>> = Object.fromEntries(results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])));
  // Every chain starts with the session token, so the subject is known before any binding is checked.
  const subject = actorSubject(context.actor, verified.session_language?.jti ?? '');
  for (const kind of kinds) {
    const token = verified[kind];
    if (token === undefined) throw invalid();
    checkBinding(token, subject, parentsOf(kind).map((parent) => verified[parent]?.jti ?? ''));
  }
  return verified as VerifiedChain<N>;
}
