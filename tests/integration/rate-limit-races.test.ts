import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as requestReset } from '@/app/api/auth/password-reset/route';
import { POST as signup } from '@/app/api/auth/signup/route';
import { POST as contact } from '@/app/api/contact/route';
import { hashIp } from '@/lib/server/auth/rateLimit';
import { hashPassword } from '@/lib/server/auth/passwords';
import { resetConfigForTests } from '@/lib/server/config';
import { setDatabaseForTests } from '@/lib/server/db/client';
import { contactMessages, rateLimitEvents, sessions, users } from '@/lib/server/db/schema';
import { createTestDatabase, type TestDatabase } from './support/db';
import { call } from './support/http';
import { deliverMail } from './support/mail';

/**
 * Issue #18 item 3: a rate limit holds when its requests arrive together. Each request checks
 * and counts its key under that key's advisory lock (lib/server/auth/rateLimit.ts), so N
 * simultaneous requests let exactly the limit through: before, 30 password resets let 24 through
 * a limit of 20 on PostgreSQL. On PGlite (one connection, transactions one at a time) the race
 * is between interleaved requests; on PostgreSQL (TEST_DATABASE_URL) they run in parallel.
 */

let testDb: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'clinic-rate-limit-races-'));
  process.env.DATA_DIR = dataDir; // the outbox of the e-mails these requests send
  delete process.env.SMTP_URL;
  resetConfigForTests();
  testDb = await createTestDatabase({ state: 'reference' });
  setDatabaseForTests(testDb.db);
});
afterAll(async () => {
  if (testDb) await deliverMail(); // no background e-mail run outlives the database
  setDatabaseForTests(null);
  await testDb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let n = 0;
const uniqueEmail = (what: string) => `${what}-${Date.now()}-${n++}@example.ca`;
const PASSWORD = 'a quiet morning walk by the canal';

type Result = Awaited<ReturnType<typeof call>>;
/** How many answers had each status, e.g. { 200: 20, 429: 10 }. */
function tally(results: Result[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
/** Each refusal is the limit's: the failure shape with a Retry-After. */
function expectRateLimited(results: Result[]) {
  for (const res of results.filter((r) => r.status === 429)) {
    expect(res.json).toMatchObject({ code: 'rate_limited', message: expect.any(String), messages: [{ message: res.json.message, type: 'error' }] });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  }
}
const events = async (key: string) =>
  (await testDb.db.select({ n: sql<number>`count(*)::int` }).from(rateLimitEvents).where(eq(rateLimitEvents.key, key)))[0]!.n;

describe('per-address limits under simultaneous requests', () => {
  it('30 password resets from one address at once: exactly 20 answered 200, 10 answered 429', async () => {
    const ip = '203.0.113.60';
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(requestReset, '/api/auth/password-reset', { body: { email: uniqueEmail('reset') }, headers: { 'x-forwarded-for': ip } }),
      ),
    );
    expect(tally(results)).toEqual({ 200: 20, 429: 10 });
    expectRateLimited(results);
    expect(await events(`reset-ip:${hashIp(ip)}`)).toBe(20);
    // Another address is not affected.
    expect((await call(requestReset, '/api/auth/password-reset', { body: { email: uniqueEmail('reset') } })).status).toBe(200);
  });

  it('15 sign-ups from one address at once: exactly 10 accounts, 5 answered 429', async () => {
    const ip = '203.0.113.61';
    const emails = Array.from({ length: 15 }, () => uniqueEmail('signup'));
    const results = await Promise.all(
      emails.map((email) =>
        call(signup, '/api/auth/signup', {
          body: {
            password: PASSWORD,
            preferred_language: 'en',
            contact: { firstName: 'Nadia', lastName: 'Tremblay', email, phone: '613 555 0199', createAccount: true },
            address: { streetNumber: '120', streetName: 'Rideau Street', city: 'Ottawa', province: 'ON', postalCode: 'K1N 5X3', country: 'CA' },
          },
          headers: { 'x-forwarded-for': ip },
        }),
      ),
    );
    expect(tally(results)).toEqual({ 201: 10, 429: 5 });
    expectRateLimited(results);
    const created = await testDb.db.select({ email: users.email }).from(users).where(like(users.email, 'signup-%'));
    expect(created.filter((u) => emails.includes(u.email))).toHaveLength(10);
    expect(await events(`signup-ip:${hashIp(ip)}`)).toBe(10);
  });

  it('8 contact messages from one address at once: exactly 5 stored, 3 answered 429', async () => {
    const ip = '203.0.113.62';
    const emails = Array.from({ length: 8 }, () => uniqueEmail('contact'));
    const results = await Promise.all(
      emails.map((email) =>
        call(contact, '/api/contact', {
          body: {
            name: 'Geneviève Lavoie', email, phone: '613 555 0177', subject: 'Rendez-vous pour mon fils',
            message: 'Bonjour, offrez-vous des consultations en pédiatrie?', consent: true, website: '',
          },
          headers: { 'x-forwarded-for': ip },
          locale: 'fr',
        }),
      ),
    );
    expect(tally(results)).toEqual({ 200: 5, 429: 3 });
    expectRateLimited(results);
    for (const res of results.filter((r) => r.status === 429)) expect(res.json.message).toMatch(/^Vous avez envoyé plusieurs messages/);
    const stored = await testDb.db.select({ email: contactMessages.email }).from(contactMessages).where(like(contactMessages.email, 'contact-%'));
    expect(stored.filter((m) => emails.includes(m.email))).toHaveLength(5);
    expect(await events(`contact-ip:${hashIp(ip)}`)).toBe(5);
  });
});

describe('failed logins of one account under simultaneous requests', () => {
  it('25 wrong passwords at once: exactly 10 answered 401, 15 answered 429; the right password is then refused too while the limit holds', async () => {
    const email = uniqueEmail('login');
    await testDb.db.insert(users).values({
      email, passwordHash: await hashPassword(PASSWORD), firstName: 'Louis', lastName: 'Roy', isPatient: true, emailVerifiedAt: new Date(),
    });
    // Each from an address of its own (call's default): the limit is the account's.
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => call(login, '/api/auth/login', { body: { email, password: `wrong password number ${i}` } })),
    );
    expect(tally(results)).toEqual({ 401: 10, 429: 15 });
    expectRateLimited(results);
    for (const res of results.filter((r) => r.status === 401)) expect(res.json.code).toBe('invalid_credentials');
    expect(await events(`login-failed:${email}`)).toBe(10);

    // The login limit counts every attempt before checking the password (and clears on success),
    // so while 10 failures are in the window even the right password gets 429, and no session.
    const right = await call(login, '/api/auth/login', { body: { email, password: PASSWORD }, locale: 'fr' });
    expect(right.status).toBe(429);
    expect(right.json.code).toBe('rate_limited');
    expect(right.json.message).toMatch(/^Trop de tentatives\. Veuillez réessayer dans \d+ minutes?\.$/);
    expect(right.cookie).toBeNull();
    const [user] = await testDb.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await testDb.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);
    expect(await events(`login-failed:${email}`)).toBe(10);
  });

  it('the right password among simultaneous wrong ones under the limit signs in and clears the failures', async () => {
    const email = uniqueEmail('login');
    await testDb.db.insert(users).values({
      email, passwordHash: await hashPassword(PASSWORD), firstName: 'Louis', lastName: 'Roy', isPatient: true, emailVerifiedAt: new Date(),
    });
    const wrong = await Promise.all(
      Array.from({ length: 5 }, (_, i) => call(login, '/api/auth/login', { body: { email, password: `wrong password number ${i}` } })),
    );
    expect(tally(wrong)).toEqual({ 401: 5 });
    const right = await call(login, '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(right.status).toBe(200);
    expect(right.cookie).toMatch(/^session=/);
    expect(await events(`login-failed:${email}`)).toBe(0);
  });
});
