import 'server-only';

/**
 * The session cookie (DESIGN §4.5): HttpOnly, SameSite=Lax, Path=/; over HTTPS also Secure with
 * the __Host- prefix (bound to this host, not settable by subdomains).
 */
const PLAIN = 'session';
const HOST = '__Host-session';

export function isHttps(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  return (forwarded ?? new URL(request.url).protocol.replace(':', '')) === 'https';
}

export function readSessionToken(request: Request): string | null {
  const header = request.headers.get('cookie') ?? '';
  const wanted = isHttps(request) ? HOST : PLAIN;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === wanted) return decodeCookieValue(rest.join('='));
  }
  return null;
}

/** A cookie value as sent; a malformed %-escape is no session rather than an error. */
function decodeCookieValue(value: string): string | null {
  try {
    return decodeURIComponent(value) || null;
  } catch {
    return null;
  }
}

export function sessionCookie(request: Request, token: string, expiresAt: Date): string {
  const secure = isHttps(request);
  return [
    `${secure ? HOST : PLAIN}=${encodeURIComponent(token)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Expires=${expiresAt.toUTCString()}`,
    `Max-Age=${Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000))}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedSessionCookie(request: Request): string {
  const secure = isHttps(request);
  return [`${secure ? HOST : PLAIN}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(secure ? ['Secure'] : [])].join('; ');
}
