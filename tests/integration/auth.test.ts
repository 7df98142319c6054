import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as changePassword } from '@/app/api/auth/change-password/route';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as logout } from '@/app/api/auth/logout/route';
import { GET as me } from '@/app/api/auth/me/route';
import { POST as confirmReset } from '@/app/api/auth/password-reset/confirm/route';
import { POST as requestReset } from '@/app/api/auth/password-reset/route';
import { POST as resendVerification } from '@/app/api/auth/resend-verification/route';
import { POST as employeeSignup } from '@/app/api/auth/signup/employee/route';
import { POST as signup } from '@/app/api/auth/signup/route';
import { GET as validateToken } from '@/app/api/auth/validate-token/route';
import { POST as verifyEmail } from '@/app/api/auth/verify-email/route';
import { GET as addressMetadata } from '@/app/api/address/metadata/route';
import { POST as pageView } from '@/app/api/analytics/pageview/route';
import { createInvite } from '@/lib/server/auth/invites';
import { setDatabaseForTests } from '@/lib/server/db/client';
import { emailTokens, pageViews, sessions, users } from '@/lib/server/db/schema';
import { createTestDatabase, type TestDatabase } from './support/db';
import { call } from './support/http';
import { deliveredOutbox, deliverMail } from './support/mail';

let testDb: TestDatabase;
let outbox: string;

beforeAll(async () => {
  outbox = mkdtempSync(join(tmpdir(), 'clinic-auth-'));
  process.env.DATA_DIR = outbox;
  delete process.env.SMTP_URL;
  testDb = await createTestDatabase();
  setDatabaseForTests(testDb.db);
});
afterAll(async () => {
  await deliverMail();
  setDatabaseForTests(null);
  await testDb.close();
  rmSync(outbox, { recursive: true, force: true });
});

let n = 0;
const uniqueEmail = () => `person${Date.now()}${n++}@example.ca`;
const PASSWORD = 'a quiet morning walk by the canal';

function signupBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    password: PASSWORD,
    preferred_language: 'en',
    contact: { firstName: 'Nadia', lastName: 'Tremblay', email, phone: '613 555 0199', createAccount: true },
    address: { streetNumber: '120', streetName: 'Rideau Street', city: 'Ottawa', province: 'ON', postalCode: 'K1N 5X3', country: 'CA' },
    ...overrides,
  };
}

/** The newest e-mail sent to an address (once the queue had its try) and the first link in it. */
async function lastMailTo(address: string) {
  const mails = (await deliveredOutbox(join(outbox, 'outbox'))).filter((m) => m.to === address);
  const mail = mails.at(-1);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  return { mail, link: link ? new URL(link) : undefined, count: mails.length };
}

/** Signs up and verifies a new patient; returns the address and the verification link used. */
async function verifiedPatient(locale: 'en' | 'fr' = 'en') {
  const email = uniqueEmail();
  expect((await call(signup, '/api/auth/signup', { body: signupBody(email, { preferred_language: locale }), locale })).status).toBe(201);
  const { link } = await lastMailTo(email);
  const res = await call(verifyEmail, '/api/auth/verify-email', {
    body: { uid: link!.searchParams.get('uid'), token: link!.searchParams.get('token') },
  });
  expect(res.status).toBe(200);
  return { email, link: link! };
}
const verifiedUser = async (locale: 'en' | 'fr' = 'en') => (await verifiedPatient(locale)).email;

async function signIn(email: string, password = PASSWORD) {
  const res = await call(login, '/api/auth/login', { body: { email, password } });
  expect(res.status).toBe(200);
  return res.cookie!;
}

describe('sign-up, verification and sign-in', () => {
  it('creates an unverified patient, mails the link in the chosen language, and refuses sign-in until verified', async () => {
    const email = uniqueEmail();
    const res = await call(signup, '/api/auth/signup', { body: signupBody(email, { preferred_language: 'fr' }), locale: 'fr' });
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({ email, is_patient: true, is_employee: false, full_name: 'Nadia Tremblay' });
    expect(res.json.user).not.toHaveProperty('password_hash');
    const { mail, link } = await lastMailTo(email);
    expect(mail?.language).toBe('fr');
    expect(link?.pathname).toBe('/fr/verifier-courriel');

    const denied = await call(login, '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(denied.status).toBe(403);
    expect(denied.json).toMatchObject({ code: 'email_not_verified', require_email_verification: true, password_reset_required: false });
    expect(typeof denied.json.message).toBe('string');
  });

  it('verifies once, then signs in with a session cookie that /me and validate-token accept', async () => {
    const { email, link } = await verifiedPatient();
    expect((await lastMailTo(email)).mail?.subject).toMatch(/welcome/i);
    const again = await call(verifyEmail, '/api/auth/verify-email', {
      body: { uid: link!.searchParams.get('uid'), token: link!.searchParams.get('token') },
    });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('invalid_link');

    const res = await call(login, '/api/auth/login', { body: { email: email.toUpperCase(), password: PASSWORD } });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect((await call(me, '/api/auth/me', { cookie: res.cookie })).json.user).toMatchObject({ email });
    expect((await call(validateToken, '/api/auth/validate-token', { cookie: res.cookie })).json).toEqual({ valid: true });
    // No session presented: simply signed out, without an error status.
    const anonymous = await call(validateToken, '/api/auth/validate-token');
    expect([anonymous.status, anonymous.json.valid]).toEqual([200, false]);
    // A session that no longer exists: 401, and the cookie is cleared.
    const stale = await call(validateToken, '/api/auth/validate-token', { cookie: 'session=not-a-real-token' });
    expect([stale.status, stale.json.valid]).toEqual([401, false]);
    expect(stale.headers.get('set-cookie')).toMatch(/^session=; .*Max-Age=0/);
    expect((await call(me, '/api/auth/me')).status).toBe(401);
  });

  it('gives a new token at every login and ends only that session at logout', async () => {
    const email = await verifiedUser();
    const first = await signIn(email);
    const second = await signIn(email);
    expect(first).not.toBe(second);
    expect((await call(logout, '/api/auth/logout', { body: {}, cookie: first })).status).toBe(200);
    expect((await call(me, '/api/auth/me', { cookie: first })).status).toBe(401);
    expect((await call(me, '/api/auth/me', { cookie: second })).status).toBe(200);
  });

  it('uses the __Host- cookie with Secure over HTTPS', async () => {
    const email = await verifiedUser();
    const res = await call(login, '/api/auth/login', { body: { email, password: PASSWORD }, headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-session=.*; Secure$/);
  });

  it('refuses an address already registered', async () => {
    const email = await verifiedUser();
    const res = await call(signup, '/api/auth/signup', { body: signupBody(email) });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('email_taken');
  });

  it('refuses short and common passwords with localized field errors', async () => {
    const short = await call(signup, '/api/auth/signup', { body: signupBody(uniqueEmail(), { password: 'short one' }), locale: 'fr' });
    expect(short.status).toBe(400);
    expect((short.json.field_errors as Record<string, string[]>).password).toEqual([
      'Utilisez au moins 15 caractères. Une courte phrase convient très bien.',
    ]);
    const common = await call(signup, '/api/auth/signup', { body: signupBody(uniqueEmail(), { password: 'passwordpassword' }) });
    expect(common.status).toBe(400);
    expect((common.json.field_errors as Record<string, string[]>).password?.[0]).toMatch(/too common/);
  });
});

describe('bad input never writes and never answers 500', () => {
  const userCount = async () => (await testDb.db.select({ c: sql<number>`count(*)::int` }).from(users))[0]!.c;

  it.each([
    ['malformed JSON', { raw: '{"password": ' }, 400, 'invalid_json'],
    ['a JSON array', { raw: '[]' }, 400, 'validation_error'],
    ['wrong types', { body: { password: 42, preferred_language: 'en', contact: 'x', address: null } }, 400, 'validation_error'],
    ['unknown fields', { body: { ...signupBody('x@example.ca'), is_employee: true } }, 400, 'validation_error'],
    ['missing fields', { body: { password: PASSWORD } }, 400, 'validation_error'],
    ['a body over 100 kB', { raw: JSON.stringify({ password: 'x'.repeat(110_000) }) }, 413, 'payload_too_large'],
  ] as const)('%s', async (_name, options, status, code) => {
    const before = await userCount();
    const res = await call(signup, '/api/auth/signup', options as never);
    expect(res.status).toBe(status);
    expect(res.json.code).toBe(code);
    expect(res.json.messages).toEqual([{ message: expect.any(String), type: 'error' }]);
    expect(await userCount()).toBe(before);
  });

  it('names each invalid field with its dotted path', async () => {
    const body = signupBody('not-an-email');
    (body.address as Record<string, string>).postalCode = '12345';
    const res = await call(signup, '/api/auth/signup', { body });
    expect(Object.keys(res.json.field_errors as object).sort()).toEqual(['address.postalCode', 'contact.email']);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After at the 11th failed login of an account, even with the right password', async () => {
    const email = await verifiedUser();
    for (let i = 0; i < 10; i++) {
      expect((await call(login, '/api/auth/login', { body: { email, password: 'wrong password attempt ' + i } })).status).toBe(401);
    }
    const blocked = await call(login, '/api/auth/login', { body: { email, password: PASSWORD }, locale: 'fr' });
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.json.message).toMatch(/Trop de tentatives/);
  });

  it('caps sign-ups per IP address', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.99' };
    for (let i = 0; i < 10; i++) {
      expect((await call(signup, '/api/auth/signup', { body: signupBody(uniqueEmail()), headers })).status).toBe(201);
    }
    const refused = await call(signup, '/api/auth/signup', { body: signupBody(uniqueEmail()), headers });
    expect(refused.status).toBe(429);
    expect((await call(signup, '/api/auth/signup', { body: signupBody(uniqueEmail()) })).status).toBe(201);
  });

  it('sends at most 3 e-mails per address per 5 minutes', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) expect((await call(resendVerification, '/x', { body: { email } })).status).toBe(200);
    expect((await call(resendVerification, '/x', { body: { email } })).status).toBe(429);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the account exists, and mails only a real account', async () => {
    const known = await verifiedUser();
    const unknown = uniqueEmail();
    const a = await call(requestReset, '/api/auth/password-reset', { body: { email: known } });
    const b = await call(requestReset, '/api/auth/password-reset', { body: { email: unknown } });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json).toEqual(b.json);
    expect((await lastMailTo(known)).link?.pathname).toMatch(/^\/reset-password\/[^/]+\/[^/]+$/);
    expect((await lastMailTo(unknown)).count).toBe(0);
  });

  it('works once, ends the other sessions, and refuses reused, superseded, expired and tampered links', async () => {
    const email = await verifiedUser();
    const session = await signIn(email);
    await call(requestReset, '/api/auth/password-reset', { body: { email } });
    const older = (await lastMailTo(email)).link!;
    await call(requestReset, '/api/auth/password-reset', { body: { email } });
    const newer = (await lastMailTo(email)).link!;
    const parts = (link: URL) => link.pathname.split('/').slice(-2) as [string, string];
    const confirm = (link: URL, extra: Partial<{ token: string; new_password: string }> = {}) => {
      const [uid, token] = parts(link);
      return call(confirmReset, '/api/auth/password-reset/confirm', { body: { uid, token, new_password: 'a brand new sentence to remember', ...extra } });
    };
    expect((await confirm(older)).json.code).toBe('invalid_link');
    expect((await confirm(newer, { token: parts(newer)[1] + 'x' })).json.code).toBe('invalid_link');
    // A refused password leaves the link usable.
    const common = await confirm(newer, { new_password: 'passwordpassword' });
    expect(common.json.code).toBe('validation_error');
    expect((await confirm(newer)).status).toBe(200);
    expect((await confirm(newer)).json.code).toBe('invalid_link');
    expect((await call(me, '/api/auth/me', { cookie: session })).status).toBe(401);
    await signIn(email, 'a brand new sentence to remember');

    await call(requestReset, '/api/auth/password-reset', { body: { email } });
    const expiring = (await lastMailTo(email)).link!;
    await testDb.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.purpose, 'password_reset'));
    expect((await confirm(expiring)).json.code).toBe('invalid_link');
  });

  it('makes an account flagged password_reset_required choose a new password at login', async () => {
    const email = await verifiedUser();
    await testDb.db.update(users).set({ passwordResetRequired: true }).where(eq(users.email, email));
    const res = await call(login, '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ password_reset_required: true, require_email_verification: false });
    expect((await lastMailTo(email)).link?.pathname).toMatch(/^\/reset-password\//);
  });
});

describe('change password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const email = await verifiedUser();
    const here = await signIn(email);
    const elsewhere = await signIn(email);
    const wrong = await call(changePassword, '/api/auth/change-password', {
      body: { current_password: 'not my password at all', new_password: 'another long sentence here' },
      cookie: here,
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.json.field_errors as object)).toEqual(['current_password']);
    const res = await call(changePassword, '/api/auth/change-password', {
      body: { current_password: PASSWORD, new_password: 'another long sentence here' },
      cookie: here,
    });
    expect(res.status).toBe(200);
    expect((await call(me, '/api/auth/me', { cookie: here })).status).toBe(200);
    expect((await call(me, '/api/auth/me', { cookie: elsewhere })).status).toBe(401);
    await signIn(email, 'another long sentence here');
  });

  it('answers 401 without a session', async () => {
    const res = await call(changePassword, '/x', { body: { current_password: 'x', new_password: 'y'.repeat(20) } });
    expect(res.status).toBe(401);
  });
});

describe('employee sign-up', () => {
  it('needs a valid invitation, which works once', async () => {
    const email = uniqueEmail();
    const { link } = await createInvite(testDb.db, email, 'fr');
    const url = new URL(link);
    expect(url.pathname).toBe('/fr/inscription/employe');
    const body = { invite_token: url.searchParams.get('invite'), password: PASSWORD, preferred_language: 'fr', first_name: 'Léa', last_name: 'Gagnon' };
    const res = await call(employeeSignup, '/api/auth/signup/employee', { body });
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({ email, is_employee: true, is_patient: false });
    expect((await call(employeeSignup, '/x', { body: { ...body } })).json.code).toBe('invite_invalid');
    expect((await call(employeeSignup, '/x', { body: { ...body, invite_token: 'made-up' } })).json.code).toBe('invite_invalid');
    await signIn(email);
  });
});

describe('cross-site requests', () => {
  it.each([
    ['Origin from another site', { Origin: 'https://evil.example' }],
    ['Origin: null', { Origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses a POST with %s', async (_name, headers) => {
    const email = await verifiedUser();
    const res = await call(login, '/api/auth/login', { body: { email, password: PASSWORD }, headers });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('forbidden');
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('what the database keeps', () => {
  it('holds no plaintext password or token', async () => {
    const { email, link } = await verifiedPatient();
    const cookie = await signIn(email);
    const token = decodeURIComponent(cookie.split('=')[1]!);
    const [user] = await testDb.db.select().from(users).where(eq(users.email, email));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.passwordHash).not.toContain(PASSWORD);
    const rows = await testDb.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
    const linkTokens = await testDb.db.select().from(emailTokens).where(eq(emailTokens.userId, user!.id));
    expect(linkTokens).toHaveLength(1);
    expect(linkTokens.map((r) => r.tokenHash)).not.toContain(link.searchParams.get('token'));
  });
});

describe('address metadata and page views', () => {
  it('lists provinces and countries in the request language', async () => {
    const fr = await call(addressMetadata, '/api/address/metadata', { locale: 'fr' });
    expect(fr.status).toBe(200);
    expect(fr.json.language).toBe('fr');
    expect(fr.json.provinces).toEqual(expect.arrayContaining([{ code: 'QC', name: 'Québec' }]));
    expect((fr.json.provinces as unknown[]).length).toBe(13);
  });


  it('stores a page view with route, path and language only', async () => {
    const res = await call(pageView, '/api/analytics/pageview', { body: { route: 'about-us___fr', path: '/fr/a-propos', locale: 'fr' } });
    expect(res.status).toBe(204);
    const rows = await testDb.db.select().from(pageViews).where(eq(pageViews.path, '/fr/a-propos'));
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(['createdAt', 'id', 'locale', 'path', 'route']);
    expect((await call(pageView, '/x', { body: { route: 'x', path: 'no-slash', locale: 'fr' } })).status).toBe(400);
  });
});
