/**
 * Security headers that depend on the request (DESIGN §4.5, OWASP ASVS 5.0 V3.4). The ones that
 * do not (HSTS, nosniff, Referrer-Policy, Permissions-Policy) are set for every path in
 * next.config.ts, so static files get them too.
 */

/** 128 random bits, base64: a fresh script nonce for one page response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The policy for a page. Scripts run only with this response's nonce ('strict-dynamic' lets them
 * load the chunks they import); Next reads the nonce from the request's copy of this header and
 * puts it on every script it renders. Styles stay 'unsafe-inline': animation libraries write
 * style attributes, and styles cannot run code.
 */
export function pageContentSecurityPolicy(nonce: string): string {
  const dev = process.env.NODE_ENV === 'development';
  // React's development build evaluates code for its error overlay; production never does.
  return policyWithScripts(`'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`);
}

/**
 * The policy for a page prerendered at build time: its chunks from our origin ('self') and its
 * inline scripts by hash (lib/http/staticPageHashes.ts). No nonce, no 'unsafe-inline': a script
 * injected into the page matches no hash. Without 'strict-dynamic', 'self' also covers the chunks
 * a later client navigation loads.
 */
export function staticPageContentSecurityPolicy(hashes: readonly string[]): string {
  return policyWithScripts(["'self'", ...hashes].join(' '));
}

function policyWithScripts(scriptSources: string): string {
  const apiOrigin = originOf(process.env.NEXT_PUBLIC_API_BASE_URL);
  return [
    "default-src 'self'",
    `script-src ${scriptSources}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** API answers are data, never documents: nothing may load from them, nobody may frame them. */
export const apiSecurityHeaders: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
