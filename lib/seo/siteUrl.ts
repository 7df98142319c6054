/**
 * The public origin used in absolute URLs (sitemaps, canonical links, e-mail links). SITE_URL when
 * set, otherwise the origin the request came in on, otherwise localhost on the server's port.
 * The one rule for the server, `npm run build` (post-build) and `npm run jobs:run-once`: the
 * port is read as scripts/start.mjs reads it, so a job run with the server's environment writes
 * the server's links.
 */
export function siteOrigin(requestUrl?: string): string {
  const configured = process.env.SITE_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  if (requestUrl) return new URL(requestUrl).origin;
  return `http://localhost:${Number.parseInt(process.env.PORT ?? '', 10) || 3000}`;
}

/** A name or address only this machine reaches (as scripts/start.mjs tells them apart). */
function isLoopback(host: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);
}

/**
 * Issue 27: links in e-mails that nobody who gets them can open. With SITE_URL unset they point
 * to http://localhost:<port>; that is only right while the server is reached from this machine
 * alone. Returns that origin when others reach it (bound to every interface or to a public
 * address, or a request that came in under another host name, e.g. through a proxy), else null.
 */
export function unreachableLinkOrigin(options: { request?: Request } = {}): string | null {
  if (process.env.SITE_URL?.trim()) return null;
  const bound = process.env.HOSTNAME?.trim();
  const requestHost = options.request ? hostnameOf(options.request) : undefined;
  const reachedFromElsewhere = !bound || !isLoopback(bound) || (requestHost !== undefined && !isLoopback(requestHost));
  return reachedFromElsewhere ? siteOrigin() : null;
}

/**
 * The host name a request was sent to: the proxy's X-Forwarded-Host, else the Host header. Not
 * `request.url`'s: Next writes its own host name there (localhost for a loopback server), so
 * behind a proxy it never names the public one.
 */
function hostnameOf(request: Request): string | undefined {
  const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host');
  if (!host) return undefined;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}
