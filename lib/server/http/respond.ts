import 'server-only';
import { AppError, type FieldErrors } from './appError';
import { serverTranslator, type ServerTranslator } from './translate';

const noStore = { 'Cache-Control': 'no-store' };

/** A success: the payload's fields, plus optional toast messages (DESIGN §4.2). */
export function ok(payload: Record<string, unknown>, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Cache-Control', 'no-store');
  return Response.json(payload, { status: init.status ?? 200, headers });
}

/**
 * `ok` for a payload with one large member already written as JSON (`json`, UTF-8): the slot
 * search's answer, written once and reused while it holds (issue #29). The same body and headers
 * as `ok({ ...payload, [name]: value })`.
 */
export function okWithJsonMember(payload: Record<string, unknown>, name: string, json: Uint8Array): Response {
  if (Object.hasOwn(payload, name)) throw new Error(`okWithJsonMember: "${name}" is already a member of the payload`);
  const head = JSON.stringify(payload);
  const body = Buffer.concat([Buffer.from(`${head === '{}' ? '{' : `${head.slice(0, -1)},`}${JSON.stringify(name)}:`), json, Buffer.from('}')]);
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json', ...noStore } });
}

/** The failure shape: { code, message, messages: [{message, type:'error'}], field_errors? } (DESIGN §4.2). */
export function failure(error: AppError, requestT: ServerTranslator): Response {
  const { fieldErrors, headers, values, extra, locale } = error.options;
  const t = locale && locale !== requestT.locale ? serverTranslator(locale) : requestT;
  const message = t.server(error.messageKey, values);
  const body: Record<string, unknown> = { ...extra, code: error.code, message, messages: [{ message, type: 'error' }] };
  if (fieldErrors) body.field_errors = localizeFieldErrors(fieldErrors, t);
  return Response.json(body, { status: error.status, headers: { ...noStore, ...headers } });
}

function localizeFieldErrors(fieldErrors: FieldErrors, t: ServerTranslator): FieldErrors {
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, list]) => [field, list.map(t.validation)]));
}
