import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import axios, { AxiosError, type AxiosInstance } from 'axios';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, createApiClient } from '@/lib/api/client';
import { configureApiClient, onBookingTokenExpired, type ApiTexts, type ToastKind } from '@/lib/api/settings';

const EN: ApiTexts = {
  networkError: 'Network error. Please check your connection.',
  requestError: 'Request error. Please try again.',
};

type Toast = [ToastKind, string];

// Hits per path + query, so each test can count the requests it caused.
const hits = new Map<string, number>();

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function route(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const key = url.pathname + url.search;
  const count = (hits.get(key) ?? 0) + 1;
  hits.set(key, count);
  const [, first, second] = url.pathname.split('/');

  switch (url.pathname) {
    case '/ok-strings':
      return send(res, 200, { type: 'info', messages: ['Saved A', 'Saved B'] });
    case '/ok-strings-default':
      return send(res, 200, { messages: ['Done'] });
    case '/ok-strings-bad-type':
      return send(res, 200, { type: 'shout', messages: ['Done anyway'] });
    case '/ok-objects':
      return send(res, 200, {
        type: 'info',
        messages: [{ message: 'Careful', type: 'warning' }, { message: 'Plain' }, 42, { text: 'x' }, { message: 5 }, null],
      });
    case '/ok-empty':
      return send(res, 200, { type: 'info', messages: [] });
    case '/ok-none':
      return send(res, 200, { hello: 'world' });
    case '/bad-list':
      return send(res, 400, {
        type: 'warning',
        messages: [{ message: 'Email is invalid', type: 'warning' }, 'Name is required', { message: 'Try again' }],
      });
    case '/bad-invalid-list':
      return send(res, 400, { messages: [1, { text: 'no message field' }] });
    case '/bad-empty-list':
      return send(res, 422, { messages: [] });
    case '/unauthorized':
      return send(res, 401, { code: 'not_signed_in', messages: ['Please sign in'] });
    case '/booking':
      return send(res, 401, {
        code: 'booking_token_expired',
        messages: [{ message: 'Your booking session expired.', type: 'warning' }],
      });
    case '/api/auth/validate-token':
      return send(res, Number(url.searchParams.get('status')), { messages: ['Token rejected'] });
    case '/echo-language':
      return send(res, 200, { language: req.headers['accept-language'] ?? null });
    case '/slow':
      setTimeout(() => send(res, 200, {}), 500);
      return;
  }
  if (first === 'status') return send(res, Number(second), { error: 'plain failure' });
  if (first === 'flaky') {
    return count === 1 ? send(res, Number(second), { error: 'busy' }) : send(res, 200, { messages: ['Recovered'] });
  }
  send(res, 404, { error: 'no route' });
}

let server: Server;
let base = '';
let closedPortUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => route(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // A port that was just released: nothing listens there, so the connection is refused.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedPortUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/anything`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let toasts: Toast[];
let expired: number;
let texts: ApiTexts;
let http: AxiosInstance;
let language: string;

beforeEach(() => {
  toasts = [];
  expired = 0;
  texts = EN;
  language = 'en';
  http = createApiClient({
    baseURL: base,
    language: () => language,
    notify: (kind, message) => toasts.push([kind, message]),
    texts: () => texts,
    onBookingTokenExpired: () => (expired += 1),
    retryDelayMs: 1,
  });
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('the request should have been rejected'),
    (error: unknown) => error,
  );
}

async function failedStatus(promise: Promise<unknown>): Promise<number | undefined> {
  const error = await failure(promise);
  expect(axios.isAxiosError(error)).toBe(true);
  return (error as AxiosError).response?.status;
}

describe('success relay', () => {
  it('turns strings into toasts of the response type', async () => {
    await http.get('/ok-strings');
    expect(toasts).toEqual([
      ['info', 'Saved A'],
      ['info', 'Saved B'],
    ]);
  });

  it('defaults strings to success without a (valid) response type', async () => {
    await http.get('/ok-strings-default');
    await http.get('/ok-strings-bad-type');
    expect(toasts).toEqual([
      ['success', 'Done'],
      ['success', 'Done anyway'],
    ]);
  });

  it('gives objects their own type, default success, and ignores invalid items', async () => {
    const response = await http.get('/ok-objects');
    expect(response.status).toBe(200);
    expect(toasts).toEqual([
      ['warning', 'Careful'],
      ['success', 'Plain'],
    ]);
  });

  it('shows nothing for an empty or missing list', async () => {
    await http.get('/ok-empty');
    await http.get('/ok-none');
    expect(toasts).toEqual([]);
  });
});

describe('failure relay', () => {
  it('turns the error list into toasts of their own type, default error', async () => {
    expect(await failedStatus(http.post('/bad-list', { name: '' }))).toBe(400);
    expect(toasts).toEqual([
      ['warning', 'Email is invalid'],
      ['error', 'Name is required'],
      ['error', 'Try again'],
    ]);
  });

  it('falls back to the network error without a list, with an empty list, or with only invalid items', async () => {
    expect(await failedStatus(http.post('/status/400'))).toBe(400);
    expect(await failedStatus(http.get('/bad-empty-list'))).toBe(422);
    expect(await failedStatus(http.get('/bad-invalid-list'))).toBe(400);
    expect(toasts).toEqual([
      ['error', EN.networkError],
      ['error', EN.networkError],
      ['error', EN.networkError],
    ]);
  });

  it('reads the texts at the time of the failure', async () => {
    texts = { networkError: 'Erreur réseau.', requestError: 'Erreur de requête.' };
    await failure(http.post('/status/400'));
    expect(toasts).toEqual([['error', 'Erreur réseau.']]);
  });

  it.each([401, 403])('passes a %i from the token validation call silently', async (status) => {
    expect(await failedStatus(http.get(`/api/auth/validate-token?status=${status}`))).toBe(status);
    expect(toasts).toEqual([]);
  });

  it('still reports other failures of the token validation call and 401s elsewhere', async () => {
    expect(await failedStatus(http.get('/api/auth/validate-token?status=400'))).toBe(400);
    expect(await failedStatus(http.get('/unauthorized'))).toBe(401);
    expect(toasts).toEqual([
      ['error', 'Token rejected'],
      ['error', 'Please sign in'],
    ]);
    expect(expired).toBe(0);
  });

  it('reports a refused connection as a network error', async () => {
    const error = await failure(http.get(closedPortUrl));
    expect((error as AxiosError).code).toBe('ECONNREFUSED');
    expect(toasts).toEqual([['error', EN.networkError]]);
  });

  it('reports a timeout as a network error', async () => {
    const error = await failure(http.get('/slow', { timeout: 50 }));
    expect((error as AxiosError).code).toBe('ECONNABORTED');
    expect(toasts).toEqual([['error', EN.networkError]]);
  });

  it('reports a body that cannot be serialized as a request error, without sending it', async () => {
    const error = await failure(http.put('/never-sent', { amount: BigInt(1) }));
    expect(error).toBeInstanceOf(Error);
    expect(hits.get('/never-sent')).toBeUndefined();
    expect(toasts).toEqual([['error', EN.requestError]]);
  });

  it('reports a throwing request interceptor as a request error', async () => {
    http.interceptors.request.use(() => {
      throw new Error('cannot build');
    });
    const error = await failure(http.get('/never-sent-either'));
    expect((error as Error).message).toBe('cannot build');
    expect(hits.get('/never-sent-either')).toBeUndefined();
    expect(toasts).toEqual([['error', EN.requestError]]);
  });

  it('reports an axios error that never reached the network as a request error', async () => {
    const error = await failure(http.get('ftp://127.0.0.1/file'));
    expect(axios.isAxiosError(error)).toBe(true);
    expect((error as AxiosError).request).toBeUndefined();
    expect(toasts).toEqual([['error', EN.requestError]]);
  });

  it('shows nothing for a cancelled request', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(http.get('/ok-strings', { signal: controller.signal }));
    expect(axios.isCancel(error)).toBe(true);
    expect(toasts).toEqual([]);
  });

  it('calls the booking expiry hook once, besides the toasts of the list', async () => {
    expect(await failedStatus(http.post('/booking', { slot: 'x' }))).toBe(401);
    expect(expired).toBe(1);
    expect(toasts).toEqual([['warning', 'Your booking session expired.']]);
  });
});

describe('silent requests', () => {
  it('suppress every toast but still reject', async () => {
    await http.get('/ok-strings', { silent: true });
    expect(await failedStatus(http.get('/bad-list', { silent: true }))).toBe(400);
    expect(await failedStatus(http.get('/status/503?k=silent', { silent: true }))).toBe(503);
    expect(hits.get('/status/503?k=silent')).toBe(2);
    await failure(http.get(closedPortUrl, { silent: true }));
    expect(toasts).toEqual([]);
  });

  it('still signal booking expiry', async () => {
    await failure(http.post('/booking', {}, { silent: true }));
    expect(expired).toBe(1);
    expect(toasts).toEqual([]);
  });
});

describe('failures the caller shows inline (issue 27: one message per failure)', () => {
  it('are not toasted, but successes still are and the failure still rejects', async () => {
    await http.get('/ok-strings', { inlineFailures: true });
    expect(toasts).toEqual([
      ['info', 'Saved A'],
      ['info', 'Saved B'],
    ]);
    toasts = [];
    expect(await failedStatus(http.get('/bad-list', { inlineFailures: true }))).toBe(400);
    expect(await failedStatus(http.get('/status/500', { inlineFailures: true }))).toBe(500);
    await failure(http.get(closedPortUrl, { inlineFailures: true }));
    expect(toasts).toEqual([]);
  });

  it('can be some failures only: the others still toast', async () => {
    const onlyBadRequests = { inlineFailures: ({ status }: { status: number | null }) => status === 400 };
    await failure(http.get('/bad-list', onlyBadRequests));
    expect(toasts).toEqual([]);
    await failure(http.get('/unauthorized', onlyBadRequests));
    expect(toasts).toEqual([['error', 'Please sign in']]);

    toasts = [];
    await failure(http.get('/unauthorized', { inlineFailures: ({ code }) => code === 'not_signed_in' }));
    expect(toasts).toEqual([]);
  });

  it('never include a booking token expiry: it resets the form that would show it, so it toasts', async () => {
    await failure(http.post('/booking', {}, { inlineFailures: true }));
    expect(expired).toBe(1);
    expect(toasts).toEqual([['warning', 'Your booking session expired.']]);
  });
});

describe('request defaults', () => {
  it('sends credentials', () => {
    expect(http.defaults.withCredentials).toBe(true);
  });

  it('sends the interface language, read at each call', async () => {
    expect((await http.get('/echo-language')).data).toEqual({ language: 'en' });
    language = 'fr';
    expect((await http.get('/echo-language')).data).toEqual({ language: 'fr' });
  });
});

describe('retry', () => {
  it('retries a GET 503 once and relays only the final success', async () => {
    const response = await http.get('/flaky/503');
    expect(response.data).toEqual({ messages: ['Recovered'] });
    expect(hits.get('/flaky/503')).toBe(2);
    expect(toasts).toEqual([['success', 'Recovered']]);
  });

  it('gives up after one retry and relays the final failure once', async () => {
    expect(await failedStatus(http.get('/status/500?k=twice'))).toBe(500);
    expect(hits.get('/status/500?k=twice')).toBe(2);
    expect(toasts).toEqual([['error', EN.networkError]]);
  });

  it('does not retry a 404', async () => {
    expect(await failedStatus(http.get('/status/404?k=once'))).toBe(404);
    expect(hits.get('/status/404?k=once')).toBe(1);
  });

  it('does not retry a POST', async () => {
    expect(await failedStatus(http.post('/status/503?k=post', {}))).toBe(503);
    expect(hits.get('/status/503?k=post')).toBe(1);
    expect(toasts).toEqual([['error', EN.networkError]]);
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET %i exactly once', async (status) => {
    const path = `/status/${status}?k=each`;
    expect(await failedStatus(http.get(path))).toBe(status);
    expect(hits.get(path)).toBe(2);
    expect(toasts).toEqual([['error', EN.networkError]]);
  });

  it.each([400, 401, 403, 422, 501])('does not retry a GET %i', async (status) => {
    const path = `/status/${status}?k=no-retry`;
    await failure(http.get(path));
    expect(hits.get(path)).toBe(1);
  });
});

describe('app-wide singleton', () => {
  it('uses English texts, credentials and en until configured', async () => {
    const seen: Toast[] = [];
    configureApiClient({ notify: (kind, message) => seen.push([kind, message]) });
    expect(api.defaults.withCredentials).toBe(true);
    expect((await api.get(`${base}/echo-language`)).data).toEqual({ language: 'en' });
    await failure(api.post(`${base}/status/400`));
    expect(seen).toEqual([['error', EN.networkError]]);
  });

  it('follows configureApiClient and notifies booking expiry listeners until unsubscribed', async () => {
    const seen: Toast[] = [];
    const fr: ApiTexts = { networkError: 'Erreur réseau.', requestError: 'Erreur de requête.' };
    configureApiClient({ language: 'fr', texts: fr, notify: (kind, message) => seen.push([kind, message]) });
    expect((await api.get(`${base}/echo-language`)).data).toEqual({ language: 'fr' });
    await failure(api.post(`${base}/status/400`));

    let calls = 0;
    const unsubscribe = onBookingTokenExpired(() => (calls += 1));
    await failure(api.post(`${base}/booking`));
    unsubscribe();
    await failure(api.post(`${base}/booking`));

    expect(calls).toBe(1);
    expect(seen).toEqual([
      ['error', 'Erreur réseau.'],
      ['warning', 'Your booking session expired.'],
      ['warning', 'Your booking session expired.'],
    ]);
    configureApiClient({ language: 'en', texts: EN, notify: () => {} });
  });
});
