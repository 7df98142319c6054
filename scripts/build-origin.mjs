// Issue #38: the prerendered pages (home, sign-in, booking and the others built ahead) carry the
// origin they were built with in their canonical and hreflang links: SITE_URL at build time, else
// http://localhost:3000. A server reached under another name serves links to the wrong site, and
// nothing said so. The first request for another origin is logged, once, with both origins and
// the fix. Loopback requests (a developer, the tests) are not the public's: they say nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** The origin the build's prerendered pages name (.next/csp-hashes.json, written by post-build), or null. */
export function readBuildOrigin(dir) {
  try {
    return JSON.parse(readFileSync(path.join(dir, '.next', 'csp-hashes.json'), 'utf8')).origin ?? null;
  } catch {
    return null;
  }
}

/**
 * The origin a request came for: its Host, and the scheme and host the proxies recorded when
 * some are trusted (X-Forwarded-Proto / X-Forwarded-Host; a client's own are not believed).
 */
export function requestOrigin(headers, trustedHops) {
  const first = (value) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;
  const host = (trustedHops > 0 && first(headers['x-forwarded-host'])) || first(headers.host);
  if (!host) return null;
  const proto = (trustedHops > 0 && first(headers['x-forwarded-proto'])) || 'http';
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}

/** A check to call on each request: logs the first one for another public origin than the build's. */
export function createOriginCheck(buildOrigin, trustedHops, log = console.warn) {
  let said = false;
  return (headers) => {
    if (said || !buildOrigin) return;
    const origin = requestOrigin(headers, trustedHops);
    // The host decides: without a trusted proxy the scheme a TLS terminator received is unknown.
    if (!origin || new URL(origin).host === new URL(buildOrigin).host || LOOPBACK.test(new URL(origin).hostname)) return;
    said = true;
    log(
      `[server] WARNING: a request came for ${origin}, but the prerendered pages were built for ${buildOrigin}: ` +
        `their canonical and hreflang links name ${buildOrigin}. Rebuild with SITE_URL=${origin} (npm run build), then start again.`,
    );
  };
}
