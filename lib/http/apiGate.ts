import { NextResponse, type NextRequest } from 'next/server';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { allowedMethods, matchApiRoute } from './apiRoutes';
import { isDecodable } from './decodable';
import { requestLocale } from './locale';
import { apiSecurityHeaders } from './securityHeaders';

const texts = { en: en.Server, fr: fr.Server } as const;

/**
 * Runs in the middleware before any route handler: an address that is no API route gets 404, a
 * method the route does not answer gets 405 with `Allow`, both in the API's failure shape
 * (DESIGN §4.2). Next alone would answer a bare 405 or an HTML page.
 */
export function apiGate(request: NextRequest): NextResponse {
  const route = matchApiRoute(request.nextUrl.pathname);
  // A broken %-escape in an id (`/api/intake/%E0%A4%A`) names nothing; Next would fail decoding it.
  if (!route || !isDecodable(request.nextUrl.pathname)) return failure(request, 404, 'not_found', 'notFound');
  const allowed = allowedMethods(route);
  if (!allowed.includes(request.method)) {
    return failure(request, 405, 'method_not_allowed', 'methodNotAllowed', { Allow: allowed.join(', ') });
  }
  return NextResponse.next({ headers: apiSecurityHeaders });
}

function failure(
  request: NextRequest,
  status: number,
  code: string,
  key: 'notFound' | 'methodNotAllowed',
  headers: Record<string, string> = {},
): NextResponse {
  const message = texts[requestLocale(request)][key];
  return NextResponse.json(
    { code, message, messages: [{ message, type: 'error' }] },
    { status, headers: { ...apiSecurityHeaders, 'Cache-Control': 'no-store', ...headers } },
  );
}
