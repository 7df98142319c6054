// `npm start` (and `node start.mjs` in the standalone folder): the production server. Next's own
// request handler behind a plain Node HTTP server, so the server can bind where it is told.
//
//   PORT      the port (default 3000)
//   HOSTNAME  the address to listen on (default: every interface); 127.0.0.1 behind a proxy
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

const dir = process.cwd();
const port = Number.parseInt(process.env.PORT ?? '', 10) || 3000;
const bindTo = process.env.HOSTNAME || undefined;
const isLoopback = (host) => /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/.test(host);

// The standalone folder has no next.config.ts: its configuration was written into the build.
const serverFiles = path.join(dir, '.next', 'required-server-files.json');
const hasConfigFile = ['ts', 'mjs', 'js'].some((ext) => existsSync(path.join(dir, `next.config.${ext}`)));
if (!hasConfigFile && existsSync(serverFiles) && !process.env.__NEXT_PRIVATE_STANDALONE_CONFIG) {
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(readFileSync(serverFiles, 'utf8')).config);
}

const app = next({ dev: false, dir, port, hostname: !bindTo || isLoopback(bindTo) ? 'localhost' : bindTo });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  handle(req, res).catch((error) => {
    console.error(`[server] ${req.method} ${req.url?.split('?')[0]} failed:`, error instanceof Error ? error.name : error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});
const keepAliveTimeout = Number.parseInt(process.env.KEEP_ALIVE_TIMEOUT ?? '', 10);
if (keepAliveTimeout >= 0) server.keepAliveTimeout = keepAliveTimeout;

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
