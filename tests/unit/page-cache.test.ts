// @vitest-environment node
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPageCache, parseCacheMegabytes, sharedMaxAge } from '../../scripts/page-cache.mjs';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A real HTTP server with the cache in front of `handler`, as scripts/start.mjs puts it before Next. */
async function serveWithCache(handler: Handler, limitBytes = 1024 * 1024) {
  const cache = createPageCache(limitBytes);
  let calls = 0;
  const server: Server = createServer((req, res) => {
    if (cache.serve(req, res)) return;
    cache.capture(req, res);
    calls++;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    cache,
    origin,
    calls: () => calls,
    get: (path: string, init: RequestInit = {}) => fetch(`${origin}${path}`, init),
  };
}

/** A GET with exactly these headers (fetch would add or drop some), `path` as the request line's target. */
function rawGet(origin: string, path: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(origin);
  return new Promise<number>((resolve, reject) => {
    const req = request({ hostname, port, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const servers: Server[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/**
 * A prerendered page as Next answers it: s-maxage of a year, Vary on the router's headers; and,
 * as Next's router does, the proxy headers filled in on the request while answering it.
 */
const prerendered: Handler = (req, res) => {
  req.headers['x-forwarded-host'] ??= req.headers.host;
  req.headers['x-forwarded-proto'] ??= 'http';
  req.headers['x-forwarded-port'] ??= '80';
  res.setHeader('Cache-Control', 's-maxage=31536000');
  res.setHeader('Vary', 'RSC, Accept-Language');
  res.setHeader('Content-Security-Policy', "script-src 'self'");
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.write('<html>');
  res.end(`${req.url} in ${req.headers['accept-language'] ?? 'any'}</html>`);
};

describe('the page cache in front of Next', () => {
  it('stores an answer whose headers Node holds as lists (a sitemap\'s Vary and Link), without throwing', async () => {
    const failures: unknown[] = [];
    const onError = (error: unknown) => failures.push(error);
    process.on('uncaughtException', onError);
    try {
      const site = await serveWithCache((req, res) => {
        res.setHeader('Cache-Control', 'public, s-maxage=3600');
        res.setHeader('Vary', ['RSC', 'Accept-Language']);
        res.setHeader('Link', ['</a>; rel=alternate', '</b>; rel=alternate']);
        res.setHeader('Content-Type', 'application/xml');
        res.end('<urlset/>');
      });
      expect((await site.get('/sitemap.xml')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const second = await site.get('/sitemap.xml');
      expect(await second.text()).toBe('<urlset/>');
      expect(second.headers.get('vary')).toBe('RSC, Accept-Language');
      expect(site.calls()).toBe(1);
      expect(failures).toEqual([]);
    } finally {
      process.off('uncaughtException', onError);
    }
  });

  it('answers a page Next marked s-maxage from memory, with its headers and an Age', async () => {
    const site = await serveWithCache(prerendered);
    const first = await site.get('/privacy-policy', { headers: { 'accept-language': 'en' } });
    const second = await site.get('/privacy-policy', { headers: { 'accept-language': 'en' } });
    expect(await second.text()).toBe(await first.text());
    expect(site.calls()).toBe(1);
    expect(second.headers.get('content-security-policy')).toBe("script-src 'self'");
    expect(second.headers.get('vary')).toBe('RSC, Accept-Language');
    expect(second.headers.get('age')).toBe('0');
    expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength('<html>/privacy-policy in en</html>')));
  });

  it('keeps one answer per value of each header named in Vary, and per Accept-Encoding', async () => {
    const site = await serveWithCache(prerendered);
    expect(await (await site.get('/', { headers: { 'accept-language': 'en' } })).text()).toContain('in en');
    expect(await (await site.get('/', { headers: { 'accept-language': 'fr' } })).text()).toContain('in fr');
    expect(await (await site.get('/', { headers: { 'accept-language': 'en' } })).text()).toContain('in en');
    await site.get('/', { headers: { 'accept-language': 'en', 'accept-encoding': 'identity' } });
    expect(site.calls()).toBe(3);
  });

  it('keeps apart visitors of other languages even where Vary does not name the header (the middleware reads it)', async () => {
    // A French page: the same for everyone once the cookie is left out, so Next names no language
    // in Vary; but an English browser without a cookie is answered with the language cookie.
    const site = await serveWithCache((req, res) => {
      res.setHeader('Vary', 'RSC');
      if (req.headers['accept-language'] === 'en') {
        res.setHeader('Set-Cookie', 'NEXT_LOCALE=fr; Path=/');
        res.setHeader('Cache-Control', 'private, no-store');
      } else res.setHeader('Cache-Control', 's-maxage=31536000');
      res.end('<html lang="fr"></html>');
    });
    await site.get('/fr', { headers: { 'accept-language': 'fr' } });
    const english = await site.get('/fr', { headers: { 'accept-language': 'en' } });
    expect(english.headers.get('set-cookie')).toBe('NEXT_LOCALE=fr; Path=/');
    await site.get('/fr', { headers: { 'accept-language': 'fr' } });
    expect(site.calls()).toBe(2);
  });

  it('answers HEAD from a stored GET, without a body', async () => {
    const site = await serveWithCache(prerendered);
    await site.get('/blog');
    const head = await site.get('/blog', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(site.calls()).toBe(1);
  });

  it.each([
    ['private', 'private, max-age=600'],
    ['no-store', 'no-store, must-revalidate'],
    ['max-age without public', 'max-age=600'],
    ['no-cache', 'public, s-maxage=600, no-cache'],
  ])('never stores an answer marked %s', async (_, cacheControl) => {
    const site = await serveWithCache((_req, res) => {
      res.setHeader('Cache-Control', cacheControl);
      res.end('mine');
    });
    await site.get('/account');
    await site.get('/account');
    expect(site.calls()).toBe(2);
  });

  it('never stores an answer that sets a cookie, a server error, or an API answer', async () => {
    const site = await serveWithCache((req, res) => {
      res.setHeader('Cache-Control', 's-maxage=600');
      if (req.url === '/cookie') res.setHeader('Set-Cookie', 'NEXT_LOCALE=fr; Path=/');
      if (req.url === '/broken') res.statusCode = 500;
      res.end('x');
    });
    for (const path of ['/cookie', '/broken', '/api/build']) {
      await site.get(path);
      await site.get(path);
    }
    expect(site.calls()).toBe(6);
  });

  it('sends a visitor with a cookie, a conditional request or a client navigation to Next', async () => {
    const site = await serveWithCache(prerendered);
    await site.get('/');
    await site.get('/', { headers: { cookie: 'session=abc' } });
    await site.get('/', { headers: { 'if-none-match': '"x"' } });
    await site.get('/', { headers: { rsc: '1' } });
    await site.get('/', { headers: { 'cache-control': 'no-cache' } });
    await site.get('/', { method: 'POST' });
    expect(site.calls()).toBe(6);
  });

  it('keeps an answer only as long as its s-maxage says (the 404 page a minute)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const site = await serveWithCache((_req, res) => {
      res.statusCode = 404;
      res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60');
      res.end('not here');
    });
    await site.get('/nope');
    vi.setSystemTime(Date.now() + 59_000);
    const cached = await site.get('/nope');
    expect(cached.status).toBe(404);
    expect(cached.headers.get('age')).toBe('59');
    vi.setSystemTime(Date.now() + 2_000);
    await site.get('/nope');
    expect(site.calls()).toBe(2);
  });

  // Two rules of RFC 9111 the hand-written cache missed, now http-cache-semantics' (issue #38).
  it('counts the Age an answer arrived with, and honours a request’s own max-age', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const site = await serveWithCache((_req, res) => {
      res.setHeader('Cache-Control', 's-maxage=60');
      res.setHeader('Age', '50'); // already 50 s old upstream: 10 s left
      res.end('page');
    });
    await site.get('/aged');
    vi.setSystemTime(Date.now() + 5_000);
    expect((await site.get('/aged')).headers.get('age')).toBe('55');
    expect(site.calls()).toBe(1);
    // A reload that asks for nothing older than 1 s goes to Next.
    await site.get('/aged', { headers: { 'cache-control': 'max-age=1' } });
    expect(site.calls()).toBe(2);
    vi.setSystemTime(Date.now() + 11_000);
    await site.get('/aged');
    expect(site.calls()).toBe(3);
  });

  it('holds no more than its limit, dropping the least recently used answer first', async () => {
    const body = 'x'.repeat(4000);
    const site = await serveWithCache((_req, res) => {
      res.setHeader('Cache-Control', 's-maxage=600');
      res.end(body);
    }, 10_000);
    await site.get('/a');
    await site.get('/b');
    await site.get('/a'); // /a is now the most recent
    await site.get('/c'); // three would not fit: /b goes
    expect(site.cache.heldBytes).toBeGreaterThan(8000);
    expect(site.cache.heldBytes).toBeLessThanOrEqual(10_000);
    await site.get('/a');
    await site.get('/b');
    expect(site.calls()).toBe(4);
  });

  it('counts what it keeps beside the bodies: long header values with small answers stay within the limit', async () => {
    const site = await serveWithCache((_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.end('small');
    }, 64 * 1024);
    const longLanguage = (i: number) => `fr-CA;q=0.9, ${'en;q=0.1, '.repeat(600)}x-${i}`;
    for (let i = 0; i < 40; i++) await site.get('/_next/static/chunk.js', { headers: { 'accept-language': longLanguage(i) } });
    expect(site.cache.heldBytes).toBeGreaterThan(40 * 1024);
    expect(site.cache.heldBytes).toBeLessThanOrEqual(64 * 1024);
    await site.get('/_next/static/chunk.js', { headers: { 'accept-language': longLanguage(0) } }); // long gone
    expect(site.calls()).toBe(41);
  });

  it('keeps nothing larger than its whole limit, and what it held stays', async () => {
    const site = await serveWithCache((req, res) => {
      res.setHeader('Cache-Control', 's-maxage=600');
      res.end(req.url === '/big' ? 'x'.repeat(5000) : 'small');
    }, 4000);
    await site.get('/small');
    const held = site.cache.heldBytes;
    await site.get('/big');
    expect(site.cache.heldBytes).toBe(held);
    await site.get('/small');
    await site.get('/big');
    expect(site.calls()).toBe(3);
  });

  it('tells a header sent empty from one left out (the middleware reads them differently)', async () => {
    const site = await serveWithCache(prerendered);
    await rawGet(site.origin, '/fr', { 'sec-fetch-dest': '' });
    await rawGet(site.origin, '/fr', {});
    expect(site.calls()).toBe(2);
    await rawGet(site.origin, '/fr', {});
    expect(site.calls()).toBe(2);
  });

  it('keeps no address with a query, nor the API however the request line names it', async () => {
    const site = await serveWithCache(prerendered);
    await site.get('/privacy-policy?utm_source=news');
    await site.get('/privacy-policy?utm_source=news');
    const host = new URL(site.origin).host;
    await rawGet(site.origin, `http://${host}/api/address/metadata`, {});
    await rawGet(site.origin, `http://${host}/api/address/metadata`, {});
    expect(site.calls()).toBe(4);
    // A request line no URL parser reads goes to Next, which answers it; the cache does not throw.
    expect(await rawGet(site.origin, 'http://[', {})).toBe(200);
    expect(site.calls()).toBe(5);
  });

  it('is off with PAGE_CACHE_MB=0 and refuses a setting that is not a size', async () => {
    expect(parseCacheMegabytes(undefined)).toBe(16 * 1024 * 1024);
    expect(parseCacheMegabytes('')).toBe(16 * 1024 * 1024); // set but blank: the default, not off
    expect(parseCacheMegabytes(' ')).toBe(16 * 1024 * 1024);
    expect(parseCacheMegabytes('0')).toBe(0);
    expect(parseCacheMegabytes('lots')).toBeNull();
    expect(parseCacheMegabytes('-1')).toBeNull();
    const site = await serveWithCache(prerendered, 0);
    await site.get('/');
    await site.get('/');
    expect(site.calls()).toBe(2);
  });

  it('reads how long a shared cache may keep an answer', () => {
    expect(sharedMaxAge('s-maxage=31536000')).toBe(31536000);
    expect(sharedMaxAge('public, max-age=0, s-maxage=60')).toBe(60);
    expect(sharedMaxAge('public, max-age=300')).toBe(300);
    expect(sharedMaxAge('public, max-age=0, must-revalidate')).toBe(0);
    expect(sharedMaxAge('private, no-cache, no-store, max-age=0, must-revalidate')).toBe(0);
    expect(sharedMaxAge(undefined)).toBe(0);
  });
});
