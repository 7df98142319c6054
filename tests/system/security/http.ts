import { request as httpRequest } from 'node:http';
import { connect, isIPv4 } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Section } from './report';

/**
 * Plain fetch against the server under test, never following redirects, and the checks every
 * API answer must pass (DESIGN §4.2: the failure shape, `Allow` on 405, `Retry-After` on 429;
 * issue #9: `Cache-Control: no-store`).
 */

export interface Req {
  method: string;
  path: string;
  /** An object is sent as JSON; a string or stream as is. */
  body?: unknown;
  /** Sent as is when given (no JSON encoding): broken JSON, form bodies. */
  raw?: string | ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
  cookie?: string;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export const NO_ANSWER: Answer = { status: 0, headers: new Headers(), text: '', json: undefined };

/**
 * The methods sent with fetch. Any other goes through node:http: the Fetch API refuses to send
 * CONNECT, TRACE and TRACK (it throws), and a made-up token is sent there exactly as written.
 */
const FETCH_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface ClientOptions {
  /**
   * The local address the client's connections leave from (a loopback address such as
   * 127.0.0.2): the server then sees another TCP peer, so its per-address limits start fresh
   * for this client. Requests then go through node:http.
   */
  localAddress?: string;
}

export class Client {
  constructor(
    readonly base: string,
    readonly options: ClientOptions = {},
  ) {}

  /** A client on the same server whose connections leave from `localAddress`. */
  from(localAddress: string): Client {
    return new Client(this.base, { ...this.options, localAddress });
  }

  async send(section: Section, req: Req): Promise<Answer> {
    section.sent += 1;
    if (this.options.localAddress || !FETCH_METHODS.has(req.method)) return sendWithNode(this.base, req, this.options.localAddress);
    const headers: Record<string, string> = { ...req.headers };
    let body: BodyInit | undefined;
    if (req.raw !== undefined) body = req.raw;
    else if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers['content-type'] ??= 'application/json';
    }
    if (req.cookie) headers.cookie = req.cookie;
    try {
      const res = await fetch(this.base + req.path, {
        method: req.method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
        // Needed for a stream body (sent chunked, without Content-Length).
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
      return toAnswer(res.status, res.headers, await res.text());
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
      return { ...NO_ANSWER, text: `no answer: ${error instanceof Error ? error.message : String(error)}${cause}` };
    }
  }
}

function toAnswer(status: number, headers: Headers, text: string): Answer {
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status, headers, text, json };
}

const noAnswer = (error: unknown): Answer => ({ ...NO_ANSWER, text: `no answer: ${error instanceof Error ? error.message : String(error)}` });

/**
 * One request over node:http, which sends any method token (TRACE, TRACK, PROPFIND, FOO...) that
 * the Fetch API refuses, optionally from a chosen local address. CONNECT goes over a raw socket
 * (node:http treats it as a tunnel). Never throws: a failure is status 0 with the reason as text.
 */
export function sendWithNode(base: string, req: Req, localAddress?: string): Promise<Answer> {
  const url = new URL(req.path, base);
  if (req.method.toUpperCase() === 'CONNECT') return sendOverSocket(url, req, localAddress);
  const headers: Record<string, string> = { ...req.headers };
  let body: string | ReadableStream<Uint8Array> | undefined;
  if (req.raw !== undefined) body = req.raw;
  else if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers['content-type'] ??= 'application/json';
  }
  if (req.cookie) headers.cookie = req.cookie;
  if (typeof body === 'string') headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise<Answer>((resolve) => {
    const outgoing = httpRequest(
      {
        method: req.method,
        // 'localhost' may resolve to ::1 first, which an IPv4 local address cannot reach.
        hostname: localAddress && isIPv4(localAddress) && url.hostname === 'localhost' ? '127.0.0.1' : url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        headers: { host: url.host, ...headers },
        localAddress,
        // A fresh connection each time: the server closes the ones it answered outside Next.
        agent: false,
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => resolve(noAnswer(error)));
        res.on('end', () => {
          const answerHeaders = new Headers();
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) answerHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          resolve(toAnswer(res.statusCode ?? 0, answerHeaders, Buffer.concat(chunks).toString('utf8')));
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out after 60 s')));
    outgoing.on('error', (error) => resolve(noAnswer(error)));
    if (body instanceof ReadableStream) Readable.fromWeb(body as NodeReadableStream<Uint8Array>).pipe(outgoing);
    else outgoing.end(body);
  });
}

/**
 * A request written by hand on a socket, read until the server closes it (`Connection: close`).
 * A server that closes without a word gives status 0 and the text "closed without an answer".
 */
function sendOverSocket(url: URL, req: Req, localAddress?: string): Promise<Answer> {
  return new Promise<Answer>((resolve) => {
    const socket = connect({ host: url.hostname === 'localhost' ? '127.0.0.1' : url.hostname, port: Number(url.port), localAddress });
    const chunks: Buffer[] = [];
    socket.setTimeout(60_000, () => socket.destroy(new Error('timed out after 60 s')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => resolve(noAnswer(error)));
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const end = raw.indexOf('\r\n\r\n');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(raw)?.[1];
      if (!status || end < 0) {
        resolve({ ...NO_ANSWER, text: raw ? `not HTTP: ${snippet(raw)}` : 'closed without an answer' });
        return;
      }
      const headers = new Headers();
      for (const line of raw.slice(0, end).split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      resolve(toAnswer(Number(status), headers, raw.slice(end + 4)));
    });
    const extra = Object.entries({ ...req.headers, ...(req.cookie ? { cookie: req.cookie } : {}) }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.end(`${req.method} ${req.path} HTTP/1.1\r\nHost: ${url.host}\r\n${extra.join('')}Connection: close\r\n\r\n`);
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with a failure answer's body and headers (empty when it is right). */
export function failureShapeProblems(answer: Answer): string[] {
  const problems: string[] = [];
  const type = answer.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) problems.push(`content-type ${type || 'missing'}`);
  const body = answer.json;
  if (!isRecord(body)) return [...problems, `body not a JSON object: ${snippet(answer.text)}`];
  if (typeof body.code !== 'string' || !/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(body.code)) problems.push(`code ${JSON.stringify(body.code)} not snake_case`);
  if (typeof body.message !== 'string' || body.message === '') problems.push('message missing');
  const messages = body.messages;
  const messagesOk =
    Array.isArray(messages) &&
    messages.length > 0 &&
    messages.every((m) => isRecord(m) && typeof m.message === 'string' && m.message !== '' && m.type === 'error');
  if (!messagesOk) problems.push('messages not [{message, type: "error"}]');
  if (body.field_errors !== undefined) {
    const fe = body.field_errors;
    const ok = isRecord(fe) && Object.values(fe).every((list) => Array.isArray(list) && list.length > 0 && list.every((m) => typeof m === 'string' && m !== ''));
    if (!ok) problems.push('field_errors not {field: [string]}');
  }
  if (answer.status === 405 && !answer.headers.get('allow')) problems.push('405 without Allow');
  if (answer.status === 429 && !/^\d+$/.test(answer.headers.get('retry-after') ?? '')) problems.push('429 without Retry-After');
  return problems;
}

/**
 * Address metadata is cached for an hour on purpose (SPEC §9), and a calendar feed is kept by its
 * one reader's calendar app to be asked again with If-None-Match (issue #41): `private` and
 * revalidated every time, never in a shared cache. Every other API answer is no-store.
 */
export function cacheProblems(path: string, answer: Answer): string[] {
  if (path.startsWith('/api/address/metadata') && answer.status === 200) return [];
  if (path.startsWith('/api/calendar-feeds/') && answer.status === 200) {
    const feedCache = answer.headers.get('cache-control') ?? '';
    return /^private, (no-cache|max-age=0, must-revalidate)$/.test(feedCache) ? [] : [`calendar feed Cache-Control "${feedCache}" is not private and revalidated`];
  }
  const cache = answer.headers.get('cache-control') ?? '';
  return /(^|[,\s])no-store($|[,\s])/.test(cache) ? [] : [`Cache-Control "${cache || 'missing'}" lacks no-store`];
}

/** Everything an API answer must satisfy, whatever the request: no 5xx, the failure shape on 4xx, no-store. */
export function apiAnswerProblems(path: string, answer: Answer): string[] {
  if (answer.status === 0) return [answer.text];
  if (answer.status >= 500) return [`${answer.status}: ${snippet(answer.text)}`];
  const problems = cacheProblems(path, answer);
  if (answer.status >= 400) problems.push(...failureShapeProblems(answer));
  return problems;
}

export function codeOf(answer: Answer): string | undefined {
  return isRecord(answer.json) && typeof answer.json.code === 'string' ? answer.json.code : undefined;
}

export function snippet(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** A short description of an answer for failure details. */
export function describe(answer: Answer): string {
  if (answer.status === 0) return answer.text;
  const location = answer.headers.get('location');
  return `${answer.status} ${location ? `-> ${location} ` : ''}${codeOf(answer) ?? ''} ${snippet(answer.text, 120)}`.trim();
}

/** Runs `fn` over `items`, at most `concurrency` at a time. */
export async function pool<T>(items: readonly T[], concurrency: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

export const asRecord = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
