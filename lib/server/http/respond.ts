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
