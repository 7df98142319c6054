/** Calls a route handler like a browser on this site would: JSON body, same-origin headers. */
export const ORIGIN = 'http://clinic.test';

type Handler = (request: Request, context?: { params: Promise<never> }) => Promise<Response>;

export interface CallOptions {
  body?: unknown;
  /** Raw body text instead of JSON.stringify(body). */
  raw?: string;
  cookie?: string | null;
  locale?: 'en' | 'fr';
  headers?: Record<string, string>;
  method?: string;
}

/** The handler's Response itself (for a file such as a PDF or a CSV). */
export async function callResponse(handler: Handler, path: string, options: CallOptions = {}): Promise<Response> {
  const method = options.method ?? (options.body !== undefined || options.raw !== undefined ? 'POST' : 'GET');
  const headers = new Headers({
    'Accept-Language': options.locale ?? 'en',
    // A fresh documentation address per call, so per-IP caps only bite where a test means them to.
    'x-forwarded-for': `198.51.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`,
    host: new URL(ORIGIN).host,
    ...options.headers,
  });
  if (method !== 'GET') {
    headers.set('Content-Type', 'application/json');
    if (!options.headers || !('Origin' in options.headers || 'origin' in options.headers)) headers.set('Origin', ORIGIN);
  }
  if (options.cookie) headers.set('Cookie', options.cookie);
  const body = options.raw ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined);
  return handler(new Request(`${ORIGIN}${path}`, { method, headers, body }));
}

export async function call(handler: Handler, path: string, options: CallOptions = {}) {
  const response = await callResponse(handler, path, options);
  const text = await response.text();
  const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  return { status: response.status, headers: response.headers, json, cookie: cookieOf(response) };
}

/** The `name=value` part of a Set-Cookie header, for sending back. */
function cookieOf(response: Response): string | null {
  const header = response.headers.get('set-cookie');
  return header ? header.split(';')[0]! : null;
}
