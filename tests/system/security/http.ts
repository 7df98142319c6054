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

export class Client {
  constructor(readonly base: string) {}

  async send(section: Section, req: Req): Promise<Answer> {
    section.sent += 1;
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
      const text = await res.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: res.status, headers: res.headers, text, json };
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
      return { ...NO_ANSWER, text: `no answer: ${error instanceof Error ? error.message : String(error)}${cause}` };
    }
  }
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

/** Address metadata is cached for an hour on purpose (SPEC §9); every other API answer is no-store. */
export function cacheProblems(path: string, answer: Answer): string[] {
  if (path.startsWith('/api/address/metadata') && answer.status === 200) return [];
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
