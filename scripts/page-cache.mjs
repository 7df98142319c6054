// A small shared cache in front of Next, used by scripts/start.mjs: it keeps the answers Next
// itself marks as storable by a shared cache, as a CDN or nginx's proxy_cache would, so a
// prerendered page (issue 14: `s-maxage` of a year; issue 27: the 404 page a minute) is answered from
// memory instead of through Next's router, the middleware and the page handler each time.
//
// HTTP's caching rules are http-cache-semantics' (the library npm's own HTTP client caches with):
// what a shared cache may store, for how long, which answers a request may reuse (Vary, its own
// Cache-Control and Pragma), the Age it is sent with (RFC 9111). Two reviews found five defects in
// the hand-written rules it replaces (issue #38). lru-cache holds the answers, evicting the least
// recently used by bytes (`maxSize`). The project's own rules stay on top:
// - a GET, answered 200 or 404, marked for shared caches (s-maxage, or public) with an explicit
//   lifetime (no heuristic one), no Set-Cookie, a body under a megabyte;
// - a request with no cookie, no credentials, no conditional or range header and none of Next's
//   router headers: a signed-in visitor, a revalidation or a client navigation goes to Next;
//   and an address with no query, outside /api;
// - besides the headers Vary names, the same Accept-Language, Accept-Encoding, Sec-Fetch-Dest and
//   X-Forwarded-Proto/-Host (the middleware and the compression read them on every page, Vary or
//   not). Pages rendered per request carry a nonce and `no-store`: they are never stored.
// Everything an entry holds (body, keys, the request and response headers) counts against the limit.
//
//   PAGE_CACHE_MB   the memory it may hold (default 16; 0 turns it off)
import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';

/** Request headers that send a request to Next: its answer would be this visitor's own. */
const BYPASS = [
  'cookie',
  'authorization',
  'range',
  'if-none-match',
  'if-modified-since',
  'if-match',
  'if-unmodified-since',
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
  'next-action',
  'x-prerender-revalidate',
  'x-nextjs-data',
];
const MAX_ENTRY_BYTES = 1024 * 1024;
/** What an entry costs beside its body and its headers: the objects that hold it. */
const ENTRY_OVERHEAD_BYTES = 512;
/** A shared cache; a lifetime only from Cache-Control or Expires, never guessed from Last-Modified. */
const POLICY_OPTIONS = { shared: true, cacheHeuristic: 0, immutableMinTimeToLive: 0 };

/** @param {string | undefined} value the PAGE_CACHE_MB setting @returns {number | null} bytes, or null when invalid */
export function parseCacheMegabytes(value) {
  // Unset or blank: the default (Number('') would be 0 and turn the cache off unasked).
  const megabytes = Number(value === undefined || value.trim() === '' ? '16' : value);
  return Number.isFinite(megabytes) && megabytes >= 0 && megabytes <= 1024 ? Math.round(megabytes * 1024 * 1024) : null;
}

/**
 * How long a shared cache may keep an answer, in seconds, from its Cache-Control; 0: not at all.
 * @param {string | undefined} cacheControl
 */
export function sharedMaxAge(cacheControl) {
  const policy = new CachePolicy({ url: '/', method: 'GET', headers: {} }, { status: 200, headers: cacheControl === undefined ? {} : { 'cache-control': cacheControl } }, POLICY_OPTIONS);
  // Rounded: the policy counts the milliseconds since it was made, so 300 s read a moment later is 299.999 s.
  return policy.storable() ? Math.round(policy.timeToLive() / 1000) : 0;
}

/** The request as http-cache-semantics reads it; HEAD may be answered from a stored GET. */
const asPolicyRequest = (req, headers = req.headers) => ({ url: req.url ?? '/', method: req.method === 'HEAD' ? 'GET' : req.method, headers });

/** @param {number} limitBytes */
export function createPageCache(limitBytes) {
  /**
   * @typedef {{ policy: CachePolicy, status: number, body: Buffer, bytes: number }} Entry
   * By host, address and the headers every page reads: that address's answers, one per set of
   * values of the headers their Vary names.
   * @type {LRUCache<string, Entry[]> | null}
   */
  const answers =
    limitBytes > 0
      ? new LRUCache({ maxSize: limitBytes, maxEntrySize: limitBytes, sizeCalculation: (entries) => entries.reduce((sum, entry) => sum + entry.bytes, 0) || 1 })
      : null;

  /** @param {import('node:http').IncomingMessage} req */
  function cacheable(req) {
    if (!answers || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    // The API answers each caller; only pages and files are kept. The path as Next reads it: a
    // request line may carry a whole URL. An address with a query is not kept either: every
    // page and file here has none, and random queries would only crowd out what is worth keeping.
    const url = URL.parse(req.url ?? '/', 'http://page-cache.invalid');
    if (!url || url.search !== '' || url.pathname === '/api' || url.pathname.startsWith('/api/')) return false;
    return !BYPASS.some((name) => req.headers[name] !== undefined);
  }

  // Besides Vary, always what the middleware and the compression read on every page: an answer
  // compressed for one client must not reach one that cannot read it, and a French page loaded by
  // an English browser without a cookie sets the language cookie (that answer is never stored),
  // where the same page for a French browser does not. The origin a page built per request names
  // (a sitemap without SITE_URL) comes from the forwarded headers. A header sent empty is not a
  // header left out (the middleware reads them differently).
  const keyOf = (req, headers = req.headers) =>
    JSON.stringify([
      headers.host ?? '',
      req.url ?? '/',
      ...['sec-fetch-dest', 'accept-encoding', 'accept-language', 'x-forwarded-proto', 'x-forwarded-host'].map((name) =>
        headers[name] === undefined ? null : String(headers[name]),
      ),
    ]);

  return {
    /** Bytes of answers held now. */
    get heldBytes() {
      return answers?.calculatedSize ?? 0;
    },

    /**
     * Answers from the cache when it can; true when it did.
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     */
    serve(req, res) {
      if (!cacheable(req)) return false;
      const entries = answers.get(keyOf(req));
      const request = asPolicyRequest(req);
      const entry = entries?.find((candidate) => candidate.policy.satisfiesWithoutRevalidation(request));
      if (!entry) return false;
      res.writeHead(entry.status, { ...entry.policy.responseHeaders(), 'content-length': String(entry.body.length) });
      res.end(req.method === 'HEAD' ? undefined : entry.body);
      return true;
    },

    /**
     * Watches Next's answer to a GET the cache could not give, and keeps it if it may.
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     */
    capture(req, res) {
      if (req.method !== 'GET' || !cacheable(req)) return;
      // The request as it came: Next adds X-Forwarded-Host, -Proto and -Port to it while answering.
      const asSent = { ...req.headers };
      const key = keyOf(req, asSent);
      /** @type {Buffer[]} */
      const chunks = [];
      let size = 0;
      let headHeaders = {};
      const { writeHead, write, end } = res;
      const keep = (chunk, encoding) => {
        if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_ENTRY_BYTES) return;
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
        size += buffer.length;
        chunks.push(buffer);
      };
      res.writeHead = function (status, ...rest) {
        const headers = rest.find((argument) => argument && typeof argument === 'object');
        if (headers && !Array.isArray(headers)) headHeaders = headers;
        return writeHead.call(this, status, ...rest);
      };
      res.write = function (chunk, encoding, ...rest) {
        keep(chunk, encoding);
        return write.call(this, chunk, encoding, ...rest);
      };
      res.end = function (chunk, encoding, ...rest) {
        keep(chunk, encoding);
        return end.call(this, chunk, encoding, ...rest);
      };
      res.once('finish', () => {
        if (size > MAX_ENTRY_BYTES || (res.statusCode !== 200 && res.statusCode !== 404)) return;
        const headers = {};
        for (const [name, value] of Object.entries({ ...res.getHeaders(), ...headHeaders })) {
          // The body is kept whole: its length is set when it is sent again. A header Node holds as
          // a list (Vary, Link set as arrays) is one comma-separated value, as http-cache-semantics
          // reads every header but Set-Cookie (which is never stored).
          if (value !== undefined && name.toLowerCase() !== 'content-length') headers[name.toLowerCase()] = Array.isArray(value) ? value.map(String).join(', ') : String(value);
        }
        // Only what Next marks for shared caches itself (s-maxage, or public): a bare max-age is
        // left to the browser.
        if (headers['set-cookie'] !== undefined || !/(^|,)\s*(s-maxage\s*=|public\s*(,|$))/i.test(String(headers['cache-control'] ?? ''))) return;
        const policy = new CachePolicy(asPolicyRequest(req, asSent), { status: res.statusCode, headers }, POLICY_OPTIONS);
        // `Vary: *`: the answer depends on more than its request says; never reused.
        if (!policy.storable() || policy.timeToLive() <= 0 || /(^|,)\s*\*\s*(,|$)/.test(String(headers.vary ?? ''))) return;
        const body = Buffer.concat(chunks);
        const bytes = body.length + Buffer.byteLength(key) + Buffer.byteLength(JSON.stringify(policy.toObject())) + ENTRY_OVERHEAD_BYTES;
        // An answer naming other Vary headers, or the same values of them, replaces what it held.
        const request = asPolicyRequest(req, asSent);
        const others = (answers.get(key) ?? []).filter(
          (entry) => entry.policy.toObject().resh.vary === policy.toObject().resh.vary && !entry.policy.satisfiesWithoutRevalidation(request),
        );
        // An entry larger than the whole cache would only push everything out: lru-cache refuses it
        // (maxEntrySize), and the address keeps what it held.
        if (bytes > limitBytes) return;
        answers.set(key, [...others, { policy, status: res.statusCode, body, bytes }]);
      });
    },
  };
}
