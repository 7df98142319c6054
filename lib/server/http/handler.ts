import 'server-only';
import { z, type ZodType } from 'zod';
import type { Locale } from '@/lib/i18n/routing';
import { nextLoopTurn } from '@/lib/server/loopTurn';
import { AppError, type FieldErrors } from './appError';
import { failure } from './respond';
import { requestLocale, serverTranslator, type ServerTranslator } from './translate';

/** Request bodies above this are refused with 413 (DESIGN §4.2). */
export const MAX_BODY_BYTES = 100 * 1024;

export interface RequestContext {
  request: Request;
  locale: Locale;
  t: ServerTranslator;
  /** The client's address as the nearest proxy (or Next itself) reported it; for rate limits only. */
  ip: string;
  /** Reads, size-checks and validates the JSON body against a schema (400/413 otherwise). */
  body<T>(schema: ZodType<T>): Promise<T>;
}

const zodLocales = { en: z.locales.en(), fr: z.locales.fr() };

/** The field errors of a failed parse; messages are Validation keys or zod's localized text. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (fields[field] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * Where the value holds a NUL character (in a string or a key): PostgreSQL text cannot store
 * one, and no form has a reason to send it. Walked with a stack: a 100 kB body may nest deeper
 * than recursion allows.
 */
function nulCharacterPaths(value: unknown): string[] {
  // Each entry knows its parent, so a path is spelled out only for what is found.
  type Entry = { item: unknown; key: string | null; parent: Entry | null };
  const pathOf = (entry: Entry): string => {
    const keys: string[] = [];
    for (let at: Entry | null = entry; at?.key != null; at = at.parent) keys.unshift(at.key);
    return keys.join('.') || '_';
  };
  const found: string[] = [];
  const stack: Entry[] = [{ item: value, key: null, parent: null }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if (typeof entry.item === 'string') {
      if (entry.item.includes('\u0000')) found.push(pathOf(entry));
    } else if (entry.item !== null && typeof entry.item === 'object') {
      for (const [key, child] of Object.entries(entry.item)) {
        if (key.includes('\u0000')) found.push(pathOf(entry));
        else stack.push({ item: child, key, parent: entry });
      }
    }
  }
  return found;
}

/** Validates with the request's language for zod's own messages. */
export function validate<T>(schema: ZodType<T>, value: unknown, locale: Locale): T {
  const nul = nulCharacterPaths(value);
  if (nul.length > 0) {
    const fieldErrors = Object.fromEntries(nul.map((field) => [field, ['characterInvalid']]));
    throw new AppError('validation_error', 400, 'validationError', { fieldErrors });
  }
  const result = schema.safeParse(value, { error: zodLocales[locale].localeError });
  if (!result.success) {
    throw new AppError('validation_error', 400, 'validationError', { fieldErrors: fieldErrorsOf(result.error) });
  }
  return result.data;
}

async function readBody(request: Request): Promise<string> {
  const body = await readBodyWithin(request, MAX_BODY_BYTES, () => new AppError('payload_too_large', 413, 'payloadTooLarge'));
  return body.toString('utf8');
}

/**
 * A request's body, at most `limit` bytes: a larger declared Content-Length, or a body sent
 * without one (chunked) that grows past it as it arrives, throws `tooLarge()` and the rest is
 * not read.
 */
export async function readBodyWithin(request: Request, limit: number, tooLarge: () => AppError): Promise<Buffer> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooLarge();
  const reader = request.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A browser request from another site (or an opaque origin) must not change anything here. */
export function isCrossSite(request: Request): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false; // not sent by a browser form or fetch from another site
  if (origin === 'null') return true;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? new URL(request.url).host;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

function clientIp(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for');
  // The right-most entry is the one added by the nearest proxy; earlier ones are client-supplied.
  const nearest = forwarded?.split(',').at(-1)?.trim();
  return nearest || request.headers.get('x-real-ip') || 'unknown';
}

type Handler<P> = (ctx: RequestContext, params: P) => Promise<Response>;

/**
 * Wraps a route handler: refuses cross-site writes, gives it a parsed-body helper and the
 * request's language, and turns every thrown error into the API's failure shape.
 * Unexpected errors are logged by name only (never a body: it may hold health data).
 */
export function handle<P = Record<string, never>>(fn: Handler<P>) {
  return async (request: Request, route?: { params: Promise<P> }): Promise<Response> => {
    // A turn of the event loop between Next's routing and the handler's work (see nextLoopTurn).
    await nextLoopTurn();
    const locale = requestLocale(request);
    const t = serverTranslator(locale);
    try {
      if (MUTATING.has(request.method) && isCrossSite(request)) {
        throw new AppError('forbidden', 403, 'crossSite');
      }
      const ctx: RequestContext = {
        request,
        locale,
        t,
        ip: clientIp(request),
        body: async (schema) => {
          const text = await readBody(request);
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            throw new AppError('invalid_json', 400, 'invalidJson');
          }
          return validate(schema, json, locale);
        },
      };
      return await fn(ctx, (await route?.params) as P);
    } catch (error) {
      if (error instanceof AppError) return failure(error, t);
      const name = error instanceof Error ? error.name : typeof error;
      console.error(`[api] ${request.method} ${new URL(request.url).pathname} failed: ${name}`);
      return failure(new AppError('server_error', 500, 'serverError'), t);
    }
  };
}
