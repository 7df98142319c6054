import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { GET as meRoute } from '@/app/api/auth/me/route';
import { GET as validateTokenRoute } from '@/app/api/auth/validate-token/route';
import { createSession, resolveSession } from '@/lib/server/auth/sessions';
import { hashToken } from '@/lib/server/auth/tokens';
import { sessions, users } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN, DEMO_PATIENT } from '@/lib/server/db/seed';
import { demoClinic } from './support/clinic';
import { call } from './support/http';

/**
 * Session lifetimes (DESIGN §4.5, issue #18 item 6): employees 12 h absolute and 1 h idle,
 * patients 7 days, sliding. The lifetimes are written out here rather than imported, so a change
 * of the library's constants shows up as a failure.
 *
 * The route handlers take no clock: resolveSession() (through requireSession) and sessionCookie()
 * read `new Date()` / `Date.now()`. Those tests fake Date only (never timers, so PGlite and pg
 * keep working) and move it by hand; the library tests pass `now` to createSession/resolveSession.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A recent whole hour, read before any faking: nothing depends on the calendar year. */
const T0 = Math.floor(Date.now() / HOUR) * HOUR;
const EMPLOYEE = DEMO_DIETITIAN;
const PATIENT = DEMO_PATIENT;

const clinic = demoClinic('session-lifetimes');
beforeAll(() => clinic.open());
afterAll(() => clinic.close());

/** The session row of a `session=<token>` cookie, or undefined once it is gone. */
async function rowOf(cookie: string) {
  const token = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  const [row] = await clinic.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  return row;
}

/** Max-Age (seconds) and Expires (ms) of a Set-Cookie header. */
function lifetimeOf(setCookie: string | null) {
  const maxAge = /(?:^|; )Max-Age=(\d+)/.exec(setCookie ?? '')?.[1];
  const expires = /(?:^|; )Expires=([^;]+)/.exec(setCookie ?? '')?.[1];
  return { maxAge: maxAge === undefined ? undefined : Number(maxAge), expires: expires === undefined ? undefined : Date.parse(expires) };
}

describe('through the routes, as a browser sees it (Date faked, timers real)', () => {
  /** Sets the clock to T0 + `offset` ms. */
  const at = (offset: number) => vi.setSystemTime(T0 + offset);

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function signIn(account: { email: string; password: string }) {
    const res = await call(loginRoute, '/api/auth/login', { body: { email: account.email, password: account.password } });
    expect(res.status).toBe(200);
    expect(res.cookie).toMatch(/^session=./);
    return { cookie: res.cookie!, setCookie: res.headers.get('set-cookie') };
  }
  const me = (cookie: string) => call(meRoute, '/api/auth/me', { cookie });

  /** The session is gone: /me refuses it and its row is deleted. */
  async function expectRefused(cookie: string) {
    const res = await me(cookie);
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('unauthenticated');
    expect(await rowOf(cookie)).toBeUndefined();
  }

  describe('an employee', () => {
    it('stays signed in while active, but only until 12 h after sign-in (absolute limit)', async () => {
      const { cookie, setCookie } = await signIn(EMPLOYEE);
      expect(lifetimeOf(setCookie)).toEqual({ maxAge: (12 * HOUR) / 1000, expires: T0 + 12 * HOUR });
      expect((await rowOf(cookie))?.expiresAt.getTime()).toBe(T0 + 12 * HOUR);

      // Used every 50 minutes: never idle for an hour. The cookie does not slide: it keeps
      // pointing at sign-in + 12 h, with a Max-Age that shrinks.
      let uses = 0;
      for (let t = 50 * MINUTE; t < 12 * HOUR; t += 50 * MINUTE) {
        at(t);
        const res = await me(cookie);
        expect(res.status, `use at ${t / MINUTE} min`).toBe(200);
        expect((res.json.user as { email: string }).email).toBe(EMPLOYEE.email);
        expect(lifetimeOf(res.headers.get('set-cookie'))).toEqual({ maxAge: (12 * HOUR - t) / 1000, expires: T0 + 12 * HOUR });
        uses++;
      }
      expect(uses).toBe(14); // the last at 11 h 40
      const row = await rowOf(cookie);
      expect(row?.lastSeenAt.getTime()).toBe(T0 + 14 * 50 * MINUTE);
      expect(row?.expiresAt.getTime()).toBe(T0 + 12 * HOUR);

      at(12 * HOUR - MINUTE);
      const last = await me(cookie);
      expect(last.status).toBe(200);
      expect(lifetimeOf(last.headers.get('set-cookie')).maxAge).toBe(60);

      // Active a minute ago, yet refused: 12 h have passed since sign-in. validate-token also
      // clears the cookie; the row is gone and /me refuses it too.
      at(12 * HOUR + MINUTE);
      const refused = await call(validateTokenRoute, '/api/auth/validate-token', { cookie });
      expect(refused.status).toBe(401);
      expect(refused.json.valid).toBe(false);
      expect(refused.headers.get('set-cookie')).toMatch(/^session=; .*Max-Age=0/);
      expect(await rowOf(cookie)).toBeUndefined();
      await expectRefused(cookie);

      // A new sign-in starts a new 12 h.
      const again = await signIn(EMPLOYEE);
      expect(lifetimeOf(again.setCookie).expires).toBe(T0 + 24 * HOUR + MINUTE);
      expect((await me(again.cookie)).status).toBe(200);
    });

    it('is signed out after more than 1 h without use (idle limit)', async () => {
      const { cookie } = await signIn(EMPLOYEE);
      at(59 * MINUTE);
      expect((await me(cookie)).status).toBe(200); // idle 59 min since sign-in
      at(2 * 59 * MINUTE);
      expect((await me(cookie)).status).toBe(200); // idle 59 min since the last use
      expect((await rowOf(cookie))?.lastSeenAt.getTime()).toBe(T0 + 2 * 59 * MINUTE);

      at(2 * 59 * MINUTE + 61 * MINUTE); // idle 61 min, well within the 12 h
      await expectRefused(cookie);
    });

    it('is signed out after more than 1 h without use even if never used since sign-in', async () => {
      const kept = await signIn(EMPLOYEE);
      const left = await signIn(EMPLOYEE);
      at(HOUR - MINUTE);
      expect((await me(kept.cookie)).status).toBe(200);
      at(HOUR + MINUTE);
      await expectRefused(left.cookie);
      // Only the idle one ended.
      expect((await me(kept.cookie)).status).toBe(200);
    });
  });

  describe('a patient', () => {
    it('stays signed in 7 days after the last use, not a minute more', async () => {
      const { cookie, setCookie } = await signIn(PATIENT);
      expect(lifetimeOf(setCookie)).toEqual({ maxAge: (7 * DAY) / 1000, expires: T0 + 7 * DAY });

      const lastUse = 7 * DAY - MINUTE;
      at(lastUse);
      const res = await me(cookie);
      expect(res.status).toBe(200);
      expect((res.json.user as { email: string }).email).toBe(PATIENT.email);
      // The expiry slid to 7 days after this use, and the cookie follows it.
      expect(lifetimeOf(res.headers.get('set-cookie'))).toEqual({ maxAge: (7 * DAY) / 1000, expires: T0 + lastUse + 7 * DAY });
      const row = await rowOf(cookie);
      expect(row?.lastSeenAt.getTime()).toBe(T0 + lastUse);
      expect(row?.expiresAt.getTime()).toBe(T0 + lastUse + 7 * DAY);

      at(lastUse + 7 * DAY + MINUTE);
      await expectRefused(cookie);
    });

    it('slides: used on day 6, still signed in on day 12, signed out after day 13 without use', async () => {
      const usedTwice = await signIn(PATIENT);
      const usedOnce = await signIn(PATIENT);
      const neverUsed = await signIn(PATIENT);

      at(6 * DAY);
      for (const { cookie } of [usedTwice, usedOnce]) {
        const res = await me(cookie);
        expect(res.status).toBe(200);
        expect(lifetimeOf(res.headers.get('set-cookie'))).toEqual({ maxAge: (7 * DAY) / 1000, expires: T0 + 13 * DAY });
        expect((await rowOf(cookie))?.expiresAt.getTime()).toBe(T0 + 13 * DAY);
      }

      // Without use since sign-in: over after 7 days.
      at(7 * DAY + MINUTE);
      await expectRefused(neverUsed.cookie);

      // Day 12: past the first week, but within a week of the day-6 use.
      at(12 * DAY);
      const day12 = await me(usedTwice.cookie);
      expect(day12.status).toBe(200);
      expect(lifetimeOf(day12.headers.get('set-cookie'))).toEqual({ maxAge: (7 * DAY) / 1000, expires: T0 + 19 * DAY });

      // Day 13 and a minute, not used since day 6: over.
      at(13 * DAY + MINUTE);
      await expectRefused(usedOnce.cookie);
      // The one used on day 12 is still good.
      expect((await me(usedTwice.cookie)).status).toBe(200);
    });

    it('is not subject to the employees’ 1 h idle limit or 12 h cap', async () => {
      const { cookie } = await signIn(PATIENT);
      at(3 * DAY); // idle 3 days
      expect((await me(cookie)).status).toBe(200);
    });
  });
});

describe('the library, with an injected clock (exact boundaries)', () => {
  const base = new Date(T0);
  const plus = (ms: number) => new Date(T0 + ms);
  const userByEmail = async (email: string) => (await clinic.db.select().from(users).where(eq(users.email, email)))[0]!;
  const rowOfToken = async (token: string) => (await clinic.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token))))[0];

  it('ends an employee session at exactly 12 h after sign-in, active or not', async () => {
    const employee = await userByEmail(EMPLOYEE.email);
    const { token, expiresAt } = await createSession(clinic.db, employee, base);
    expect(expiresAt.getTime()).toBe(T0 + 12 * HOUR);
    for (let t = HOUR; t < 12 * HOUR; t += HOUR) {
      const session = await resolveSession(clinic.db, token, plus(t)); // idle exactly 1 h each time
      expect(session?.user.id, `at ${t / HOUR} h`).toBe(employee.id);
      expect(session?.expiresAt.getTime()).toBe(T0 + 12 * HOUR);
    }
    expect(await resolveSession(clinic.db, token, plus(12 * HOUR - 1))).not.toBeNull();
    expect(await resolveSession(clinic.db, token, plus(12 * HOUR))).toBeNull();
    expect(await rowOfToken(token)).toBeUndefined();
  });

  it('allows an employee exactly 1 h of idleness, not a millisecond more', async () => {
    const employee = await userByEmail(EMPLOYEE.email);
    const { token } = await createSession(clinic.db, employee, base);
    expect(await resolveSession(clinic.db, token, plus(HOUR))).not.toBeNull();
    expect(await resolveSession(clinic.db, token, plus(2 * HOUR + 1))).toBeNull();
    expect(await rowOfToken(token)).toBeUndefined();
  });

  it('slides a patient session to 7 days after each use, and ends it at its expiry', async () => {
    const patient = await userByEmail(PATIENT.email);
    const { token, expiresAt } = await createSession(clinic.db, patient, base);
    expect(expiresAt.getTime()).toBe(T0 + 7 * DAY);
    const used = await resolveSession(clinic.db, token, plus(7 * DAY - 1));
    expect(used?.expiresAt.getTime()).toBe(T0 + 14 * DAY - 1);
    expect((await rowOfToken(token))?.expiresAt.getTime()).toBe(T0 + 14 * DAY - 1);
    expect(await resolveSession(clinic.db, token, plus(14 * DAY - 1))).toBeNull();
    expect(await rowOfToken(token)).toBeUndefined();
  });

  it('ends a session at once when the account is deactivated', async () => {
    const employee = await userByEmail(EMPLOYEE.email);
    const { token } = await createSession(clinic.db, employee, base);
    await clinic.db.update(users).set({ isActive: false }).where(eq(users.id, employee.id));
    try {
      expect(await resolveSession(clinic.db, token, plus(MINUTE))).toBeNull();
      expect(await rowOfToken(token)).toBeUndefined();
    } finally {
      await clinic.db.update(users).set({ isActive: true }).where(eq(users.id, employee.id));
    }
  });
});
