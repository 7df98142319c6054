// `npm start` (and `node start.mjs` in the standalone folder): the production server. Next's own
// request handler behind a plain Node HTTP server, so the server can bind where it is told.
//
//   PORT              the port (default 3000)
//   HOSTNAME          the address to listen on (default: every interface); 127.0.0.1 behind a proxy
//   SITE_URL          the public origin of e-mail links; unset on a server others reach: a warning
//   TRUST_PROXY_HOPS  how many proxies stand in front (default 0): which address is the client's
//
// The client's address (issue 18). Per-address limits read the right-most X-Forwarded-For entry,
// and Next keeps a client's own header (it only fills one in when it is missing), so a client
// could pick its address. This server overwrites the header before Next sees it: with no proxy
// (TRUST_PROXY_HOPS=0) it is the TCP peer; behind N proxies, the N-th entry from the right of the
// header they appended to (each proxy adds the address it got the request from).
//
// Methods (issue 18): TRACE, TRACK and CONNECT cannot be represented by the Fetch API's Request,
// so Next answered them 500 with a stack trace; a method Node cannot parse got a bare 400. Both
// get 405 with `Allow` here, with the site's security headers. Other methods reach the middleware,
// which answers 405 for whatever a page or an API route does not serve.
//
// Why not `next start -H 127.0.0.1`: Next 16.4 writes every middleware rewrite with the host
// "localhost" for any loopback address (NextURL), then compares it with the host it was started
// with ("127.0.0.1"). They differ, so it proxies the rewrite to localhost as if it were another
// server, and every rewritten page (/, each French slug, the 404 page) answers a 307 to itself.
// Here Next is told "localhost" for a loopback address while the socket binds exactly where asked.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import next from 'next';
import { createOriginCheck, readBuildOrigin } from './build-origin.mjs';
import { clientAddress, parseTrustedHops } from './client-address.mjs';
import { createPageCache, parseCacheMegabytes } from './page-cache.mjs';

const dir = process.cwd();
const port = Number.parseInt(process.env.PORT ?? '', 10) || 3000;
const bindTo = process.env.HOSTNAME || undefined;
const isLoopback = (host) => /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/.test(host);

// The standalone folder (Next writes its server.js there) runs on the configuration written into
// the build, as server.js does: its copy of next.config.ts would need the build tools, which the
// folder does not hold once moved away from the repository.
const serverFiles = path.join(dir, '.next', 'required-server-files.json');
const standalone = existsSync(path.join(dir, 'server.js')) || !['ts', 'mjs', 'js'].some((ext) => existsSync(path.join(dir, `next.config.${ext}`)));
if (standalone && existsSync(serverFiles) && !process.env.__NEXT_PRIVATE_STANDALONE_CONFIG) {
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(readFileSync(serverFiles, 'utf8')).config);
}

const trustedHops = parseTrustedHops(process.env.TRUST_PROXY_HOPS);
if (trustedHops === null) {
  console.error('[server] TRUST_PROXY_HOPS must be a whole number from 0 to 10');
  process.exit(1);
}
const pageCacheBytes = parseCacheMegabytes(process.env.PAGE_CACHE_MB);
if (pageCacheBytes === null) {
  console.error('[server] PAGE_CACHE_MB must be a number of megabytes from 0 to 1024');
  process.exit(1);
}
const pageCache = createPageCache(pageCacheBytes);
const buildOrigin = readBuildOrigin(dir);
const checkOrigin = createOriginCheck(buildOrigin, trustedHops);

// Issue 27: with SITE_URL unset, the links in e-mails name http://localhost:PORT
// (lib/seo/siteUrl.ts), which only this machine can open. Fine for a server only this machine
// reaches; one that others reach must be told its public origin: say so, before anything else.
if (!process.env.SITE_URL?.trim() && !(bindTo && isLoopback(bindTo))) {
  console.warn(
    `[server] WARNING: SITE_URL is not set, so the links in e-mails (sign-in, password reset, manage and waitlist links) ` +
      `point to http://localhost:${port}, which only this machine can open, and the prerendered pages' canonical and hreflang ` +
      `links name ${buildOrigin ?? 'the origin they were built with'}. Set SITE_URL to the site's public origin ` +
      `(e.g. SITE_URL=https://www.example.ca) when building and when starting.`,
  );
}

// The API's routes and methods (lib/http/apiRoutes.ts), written by `npm run build` (post-build).
// Literal routes first: `/api/intake/draft` is not `/api/intake/[id]` (as matchApiRoute decides).
const apiMethodsFile = path.join(dir, '.next', 'api-methods.json');
const apiMethods = existsSync(apiMethodsFile)
  ? Object.entries(JSON.parse(readFileSync(apiMethodsFile, 'utf8')))
      .map(([route, methods]) => ({ route, regex: new RegExp(`^${route.replace(/\[\w+\]/g, '[^/]+')}/?$`), methods }))
      .sort((a, b) => (a.route.match(/\[/g) ?? []).length - (b.route.match(/\[/g) ?? []).length)
  : [];
const ANSWERABLE = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const SECURITY_HEADERS = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cache-Control': 'no-store',
};
const TEXTS = {
  method_not_allowed: 'This method is not allowed here. / Cette méthode n’est pas permise ici.',
  not_found: 'This address does not exist. / Cette adresse n’existe pas.',
};

/**
 * The answer to a method nothing here serves: 405 with the route's `Allow` (the API's failure
 * shape on /api, plain text on pages), or 404 for an address that is no API route, as the
 * middleware would answer it.
 */
function refusal(url) {
  const pathname = (url ?? '/').split('?')[0];
  const isApi = pathname === '/api' || pathname.startsWith('/api/');
  const route = isApi ? apiMethods.find((candidate) => candidate.regex.test(pathname)) : undefined;
  const status = isApi && !route ? 404 : 405;
  const code = status === 404 ? 'not_found' : 'method_not_allowed';
  const message = TEXTS[code];
  const body = isApi ? JSON.stringify({ code, message, messages: [{ message, type: 'error' }] }) : message;
  const headers = {
    ...SECURITY_HEADERS,
    'Content-Type': isApi ? 'application/json' : 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    ...(status === 405 ? { Allow: route ? route.methods.join(', ') : 'GET, HEAD' } : {}),
  };
  return { status, body, headers };
}

/** Writes a refusal straight to a socket (a request Node did not hand over as one). */
function refuseOnSocket(socket, url) {
  const { status, body, headers } = refusal(url);
  const lines = Object.entries({ ...headers, Connection: 'close' }).map(([name, value]) => `${name}: ${value}`);
  socket.end(`HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : 'Method Not Allowed'}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
}

/**
 * Vary only grows (issue 27). The middleware says what a page's answer depends on (an unprefixed
 * English address: `Vary: Cookie, Accept-Language`), then Next's page handler sets its own Vary
 * (its router headers) over it: a later Vary here adds its names to the earlier ones instead.
 */
function keepVaryGrowing(res) {
  const setHeader = res.setHeader;
  res.setHeader = function (name, value) {
    const current = String(name).toLowerCase() === 'vary' ? this.getHeader('vary') : undefined;
    if (current === undefined) return setHeader.call(this, name, value);
    const names = [current, value].flat().flatMap((list) => String(list).split(','));
    const seen = new Map(names.map((entry) => entry.trim()).filter(Boolean).map((entry) => [entry.toLowerCase(), entry]));
    return setHeader.call(this, name, [...seen.values()].join(', '));
  };
}

const app = next({ dev: false, dir, port, hostname: !bindTo || isLoopback(bindTo) ? 'localhost' : bindTo });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  if (!ANSWERABLE.has(req.method ?? '')) {
    const { status, body, headers } = refusal(req.url);
    res.writeHead(status, headers);
    res.end(body);
    return;
  }
  req.headers['x-forwarded-for'] = clientAddress(req.headers['x-forwarded-for'], req.socket.remoteAddress, trustedHops);
  delete req.headers['x-real-ip'];
  checkOrigin(req.headers);
  if (pageCache.serve(req, res)) return;
  pageCache.capture(req, res);
  keepVaryGrowing(res);
  handle(req, res).catch((error) => {
    console.error(`[server] ${req.method} ${req.url?.split('?')[0]} failed:`, error instanceof Error ? error.name : error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});
const keepAliveTimeout = Number.parseInt(process.env.KEEP_ALIVE_TIMEOUT ?? '', 10);
if (keepAliveTimeout >= 0) server.keepAliveTimeout = keepAliveTimeout;

// A request line Node cannot parse: a method it does not know is still a method not allowed
// (the address is read from the raw line). CONNECT is handed over apart from requests.
server.on('clientError', (error, socket) => {
  if (!socket.writable) return socket.destroy();
  if (error.code !== 'HPE_INVALID_METHOD') return socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  const target = /^\S+ (\S+)/.exec(error.rawPacket?.toString('latin1') ?? '')?.[1];
  refuseOnSocket(socket, target?.startsWith('/') ? target : '/');
});
server.on('connect', (req, socket) => refuseOnSocket(socket, req.url?.startsWith('/') ? req.url : '/'));

server.on('error', (error) => {
  console.error('[server] cannot listen:', error.message);
  process.exit(1);
});
server.listen(port, bindTo, () => console.log(`[server] ready on http://${bindTo ?? 'localhost'}:${port}`));

// Finish the requests in flight, then exit (as `next start` does), so the embedded database's
// lock is released.
let closing = false;
for (const [signal, code] of [['SIGTERM', 143], ['SIGINT', 130]]) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.close(() => void app.close().finally(() => process.exit(code)));
    setTimeout(() => process.exit(code), 10_000).unref();
    // Keep-alive connections with nothing in flight would hold close() open.
    server.closeIdleConnections();
  });
}
