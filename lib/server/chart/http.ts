import 'server-only';
import { ok } from '@/lib/server/http/respond';

/** A chart's answers hold health information: never kept by a shared cache, nor by the browser's. */
export function privateOk(payload: Record<string, unknown>, status = 200): Response {
  const response = ok(payload, { status });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}
