import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AxiosInstance } from 'axios';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_METADATA_TTL_MS, createAuthApi, type User } from '@/lib/api/auth';
import { createApiClient } from '@/lib/api/client';
import type { ToastKind } from '@/lib/api/settings';
import { createAuthStore, createLogoutRegistry, type AuthStore, type LogoutRegistry } from '@/stores/auth';
import { createUserStore, type UserStore } from '@/stores/user';

/**
 * SPEC §4 authentication transitions, against a real HTTP server on 127.0.0.1 that answers
 * with the API's shapes (DESIGN §4.2). Cookies are not kept by Node's HTTP client, so the
 * server holds "the session" itself: signing in opens it, signing out ends it.
 */

const PASSWORD = 'a long enough password 2026';

const patient: User = {
  id: 7,
  email: 'marie@example.ca',
  first_name: 'Marie',
  last_name: 'Tremblay',
  full_name: 'Marie Tremblay',
  is_active: true,
  is_employee: false,
  is_patient: true,
  groups: ['patients'],
  created_date: '2026-01-15T14:00:00Z',
  employee_data: null,
  user_profile: {
    profile_picture: null,
    profile_picture_url: null,
    preferred_language: { code: 'fr' },
    phone_number: '16135550142',
  },
  patient_data: { id: 3, preferred_dietitian: null, preferred_dietitian_name: null },
};

const server = {
  session: false,
  /** Status GET /api/auth/me answers while a session is open. */
  meStatus: 200,
  /** Delay (ms) before GET /api/auth/validate-token answers, judged on the state at arrival. */
  validateDelay: 0,
  /** POST /api/auth/login omits the user (the client must then fetch it). */
  loginWithoutUser: false,
  /** Status GET /api/address/metadata answers. */
  metadataStatus: 200,
  hits: new Map<string, number>(),
};

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function failure(code: string, message: string, extra: Record<string, unknown> = {}) {
  return {
    code,
    message,
    require_email_verification: false,
    password_reset_required: false,
    ...extra,
    messages: [{ message, type: 'error' }],
  };
}

function route(req: IncomingMessage, body: string, res: ServerResponse) {
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  server.hits.set(path, (server.hits.get(path) ?? 0) + 1);

  if (req.method === 'GET' && path === '/api/auth/validate-token') {
    const valid = server.session;
    setTimeout(() => (valid ? send(res, 200, { valid: true }) : send(res, 401, { valid: false })), server.validateDelay);
    return;
  }
  if (req.method === 'GET' && path === '/api/auth/me') {
    if (!server.session) return send(res, 401, failure('unauthenticated', 'Please sign in to continue.'));
    if (server.meStatus !== 200) return send(res, server.meStatus, failure('server_error', 'Something went wrong.'));
    return send(res, 200, { user: patient });
  }
  if (req.method === 'POST' && path === '/api/auth/logout') {
    server.session = false;
    return send(res, 200, { messages: [{ message: 'You are signed out.', type: 'success' }] });
  }
  if (req.method === 'POST' && path === '/api/auth/login') {
    const { email, password } = JSON.parse(body) as { email: string; password: string };
    if (email === 'unverified@example.ca') {
      return send(
        res,
        403,
        failure('email_not_verified', 'Please confirm your e-mail address first.', { require_email_verification: true }),
      );
    }
    if (email === 'reset@example.ca') {
      return send(
        res,
        403,
        failure('password_reset_required', 'Please choose a new password.', { password_reset_required: true }),
      );
    }
    if (email === 'busy@example.ca') {
      return send(res, 429, failure('rate_limited', 'Too many attempts.'), { 'Retry-After': '120' });
    }
    if (email !== patient.email || password !== PASSWORD) {
      return send(res, 401, failure('invalid_credentials', 'The e-mail address or password is incorrect.'));
    }
    server.session = true;
    const messages = [{ message: 'Welcome back, Marie!', type: 'success' }];
    return send(res, 200, server.loginWithoutUser ? { messages } : { user: patient, messages });
  }
  if (req.method === 'GET' && path === '/api/address/metadata') {
    if (server.metadataStatus !== 200) return send(res, server.metadataStatus, failure('server_error', 'Something went wrong.'));
    const fr = req.headers['accept-language'] === 'fr';
    return send(res, 200, {
      provinces: [{ code: 'ON', name: 'Ontario' }],
      countries: [{ code: 'US', name: fr ? 'États-Unis' : 'United States' }],
      language: fr ? 'fr' : 'en',
    });
  }
  send(res, 404, failure('not_found', 'Not found.'));
}

let http: Server;
let base = '';
let closedBase = '';

beforeAll(async () => {
  http = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => route(req, body, res));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  // A port just released: nothing answers there (the token check cannot be made).
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedBase = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});

afterAll(async () => {
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

let toasts: Array<[ToastKind, string]>;
let client: AxiosInstance;
let user: UserStore;
let registry: LogoutRegistry;
let auth: AuthStore;

function storesAt(baseURL: string) {
  client = createApiClient({
    baseURL,
    notify: (kind, message) => toasts.push([kind, message]),
    texts: () => ({ networkError: 'Network error.', requestError: 'Request error.' }),
    retryDelayMs: 1,
  });
  user = createUserStore();
  registry = createLogoutRegistry();
  auth = createAuthStore({ api: createAuthApi(() => client, { baseURL }), user, onLogout: registry });
}

beforeEach(() => {
  Object.assign(server, { session: false, meStatus: 200, validateDelay: 0, loginWithoutUser: false, metadataStatus: 200 });
  server.hits.clear();
  toasts = [];
  storesAt(base);
});

describe('start-up token validation', () => {
  it('starts neutral: not authenticated and not yet validated', () => {
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, validated: false, needsRefresh: false });
    expect(user.getState().profile).toBeNull();
  });

  it('a live session marks the visitor authenticated and loads the profile before settling', async () => {
    server.session = true;
    await expect(auth.getState().validate()).resolves.toBe(true);
    expect(auth.getState()).toMatchObject({ isAuthenticated: true, validated: true });
    expect(user.getState().profile).toEqual(patient);
  });

  it('an invalid token clears user data, silently', async () => {
    user.getState().setProfile(patient);
    await expect(auth.getState().validate()).resolves.toBe(false);
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, validated: true });
    expect(user.getState().profile).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('a token check that cannot be made also clears user data', async () => {
    storesAt(closedBase);
    user.getState().setProfile(patient);
    await expect(auth.getState().validate()).resolves.toBe(false);
    expect(user.getState().profile).toBeNull();
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, validated: true });
  });

  it('callers asking at once share one request', async () => {
    server.session = true;
    const results = await Promise.all([auth.getState().validate(), auth.getState().validate()]);
    expect(results).toEqual([true, true]);
    expect(server.hits.get('/api/auth/validate-token')).toBe(1);
    expect(server.hits.get('/api/auth/me')).toBe(1);
  });

  it('a check that answers after a sign-in does not undo the sign-in', async () => {
    server.validateDelay = 150;
    const check = auth.getState().validate(); // judged while still signed out
    await new Promise((resolve) => setTimeout(resolve, 20));
    const login = await auth.getState().login({ email: patient.email, password: PASSWORD });
    expect(login.ok).toBe(true);
    await check;
    expect(auth.getState().isAuthenticated).toBe(true);
    expect(user.getState().profile).toEqual(patient);
  });

  it('a session found ended resets the stores tied to it (booking)', async () => {
    let resets = 0;
    registry.subscribe(() => (resets += 1));
    server.session = true;
    await auth.getState().validate();
    server.session = false; // e.g. the password was changed on another device
    await auth.getState().validate();
    expect(resets).toBe(1);
    expect(user.getState().profile).toBeNull();
  });
});

describe('login', () => {
  it('success sets the authenticated flag and refreshes the profile', async () => {
    const result = await auth.getState().login({ email: patient.email, password: PASSWORD });
    expect(result).toEqual({ ok: true, user: patient });
    expect(auth.getState()).toMatchObject({ isAuthenticated: true, validated: true, needsRefresh: false });
    expect(user.getState().profile).toEqual(patient);
    // The server's greeting reaches the visitor as a toast (the client relays it).
    expect(toasts).toEqual([['success', 'Welcome back, Marie!']]);
  });

  it('success without a user in the answer fetches the profile', async () => {
    server.loginWithoutUser = true;
    await auth.getState().login({ email: patient.email, password: PASSWORD });
    expect(server.hits.get('/api/auth/me')).toBe(1);
    expect(user.getState().profile).toEqual(patient);
  });

  it('failure clears user data and returns the server message, without flags', async () => {
    user.getState().setProfile(patient);
    const result = await auth.getState().login({ email: patient.email, password: 'not the right password' });
    expect(result).toMatchObject({
      ok: false,
      status: 401,
      code: 'invalid_credentials',
      message: 'The e-mail address or password is incorrect.',
      requireEmailVerification: false,
      passwordResetRequired: false,
    });
    expect(auth.getState().isAuthenticated).toBe(false);
    expect(user.getState().profile).toBeNull();
  });

  it('says when the e-mail address must be verified, and remembers the address for the prompt', async () => {
    const result = await auth.getState().login({ email: 'unverified@example.ca', password: PASSWORD });
    expect(result).toMatchObject({ ok: false, requireEmailVerification: true, passwordResetRequired: false });
    expect(auth.getState().pendingEmail).toBe('unverified@example.ca');
  });

  it('says when a password reset is required', async () => {
    const result = await auth.getState().login({ email: 'reset@example.ca', password: PASSWORD });
    expect(result).toMatchObject({ ok: false, requireEmailVerification: false, passwordResetRequired: true });
    expect(auth.getState().pendingEmail).toBe('reset@example.ca');
  });

  it('passes on how long to wait when rate limited', async () => {
    const result = await auth.getState().login({ email: 'busy@example.ca', password: PASSWORD });
    expect(result).toMatchObject({ ok: false, status: 429, code: 'rate_limited', retryAfterSeconds: 120 });
  });
});

describe('profile refresh', () => {
  it('a failure marks that a refresh is needed; a later success clears the mark', async () => {
    server.session = true;
    server.meStatus = 503;
    await expect(auth.getState().refreshProfile()).resolves.toBe(false);
    expect(auth.getState().needsRefresh).toBe(true);
    // A background call: no toast about it.
    expect(toasts).toEqual([]);

    server.meStatus = 200;
    await expect(auth.getState().refreshProfile()).resolves.toBe(true);
    expect(auth.getState().needsRefresh).toBe(false);
    expect(user.getState().profile).toEqual(patient);
  });

  it('a failed refresh during sign-in leaves the visitor signed in, marked for a refresh', async () => {
    server.loginWithoutUser = true;
    server.meStatus = 500;
    const result = await auth.getState().login({ email: patient.email, password: PASSWORD });
    expect(result.ok).toBe(true);
    expect(auth.getState()).toMatchObject({ isAuthenticated: true, needsRefresh: true });
  });
});

describe('logout', () => {
  it('resets the auth flag, the profile and every registered booking store, and ends the session', async () => {
    const resets: string[] = [];
    registry.subscribe(() => resets.push('booking'));
    registry.subscribe(() => resets.push('bookingAppointment'));
    const unsubscribe = registry.subscribe(() => resets.push('gone'));
    unsubscribe();

    await auth.getState().login({ email: patient.email, password: PASSWORD });
    auth.getState().setPendingEmail('marie@example.ca');
    await auth.getState().logout();

    expect(auth.getState()).toMatchObject({ isAuthenticated: false, validated: true, needsRefresh: false, pendingEmail: null });
    expect(user.getState().profile).toBeNull();
    expect(resets).toEqual(['booking', 'bookingAppointment']);
    expect(server.session).toBe(false);
    await expect(auth.getState().validate()).resolves.toBe(false);
  });

  it('one failing reset does not stop the others', async () => {
    const resets: string[] = [];
    const error = console.error;
    console.error = () => {};
    registry.subscribe(() => {
      throw new Error('broken store');
    });
    registry.subscribe(() => resets.push('booking'));
    await auth.getState().logout();
    console.error = error;
    expect(resets).toEqual(['booking']);
  });

  it('signs out locally even when the server cannot be reached', async () => {
    storesAt(closedBase);
    user.getState().setProfile(patient);
    auth.setState({ isAuthenticated: true, validated: true });
    let resets = 0;
    registry.subscribe(() => (resets += 1));
    await auth.getState().logout();
    expect(auth.getState().isAuthenticated).toBe(false);
    expect(user.getState().profile).toBeNull();
    expect(resets).toBe(1);
  });
});

describe('address metadata', () => {
  it('is asked once per language and kept for an hour (SPEC §9)', async () => {
    const api = createAuthApi(() => client, { baseURL: base });
    const now = Date.now();
    const first = await api.addressMetadata('en', now);
    expect(first.provinces).toEqual([{ code: 'ON', name: 'Ontario' }]);
    await api.addressMetadata('en', now + ADDRESS_METADATA_TTL_MS - 1);
    expect(server.hits.get('/api/address/metadata')).toBe(1);
    await api.addressMetadata('en', now + ADDRESS_METADATA_TTL_MS);
    expect(server.hits.get('/api/address/metadata')).toBe(2);
  });

  it('is kept apart per language (names come in the Accept-Language language)', async () => {
    const api = createAuthApi(() => client, { baseURL: base });
    expect((await api.addressMetadata('en')).countries).toEqual([{ code: 'US', name: 'United States' }]);
    expect((await api.addressMetadata('fr')).countries).toEqual([{ code: 'US', name: 'États-Unis' }]);
    expect(server.hits.get('/api/address/metadata')).toBe(2);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const api = createAuthApi(() => client, { baseURL: base });
    server.metadataStatus = 500;
    await expect(api.addressMetadata('en')).rejects.toBeTruthy();
    server.metadataStatus = 200;
    await expect(api.addressMetadata('en')).resolves.toMatchObject({ language: 'en' });
  });
});
