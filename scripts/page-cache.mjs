// A small shared cache in front of Next, used by scripts/start.mjs: it keeps the answers Next
// itself marks as storable by a shared cache, as a CDN or nginx's proxy_cache would, so a
// prerendered page (issue 14: `s-maxage` of a year; issue 27: the 404 page a minute) is answered from
// memory instead of through Next's router, the middleware and the page handler each time.
//
// It stores an answer only when all of these hold (RFC 9111 §3 for a shared cache):
// - a GET, answered 200 or 404, with `Cache-Control: s-maxage=N` (or `public, max-age=N`) and
//   neither `private`, `no-store` nor `no-cache`; no Set-Cookie; a body under a megabyte;
// - a request with no cookie, no credentials, no conditional or range header and none of Next's
//   router headers: a signed-in visitor, a revalidation or a client navigation goes to Next;
//   and an address with no query, outside /api.
// Everything an entry holds (body, keys, headers) counts against the limit.
// A stored answer is used for the same address and host whose request carries the same values of
// every header the answer names in `Vary` (RSC, Next's router headers...), and the same
// Accept-Language, Accept-Encoding and Sec-Fetch-Dest (the middleware and the compression read
// them on every page, Vary or not), until it is as old as its s-maxage says. Pages
// rendered per request carry a nonce and `no-store`: they are never stored.
//
//   PAGE_CACHE_MB   the memory it may hold (default 16; 0 turns it off)

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
/** Headers that belong to one connection or one moment, never stored. */
const UNSTORED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'age']);
const MAX_ENTRY_BYTES = 1024 * 1024;
/** What an entry costs beside its body and its keys: the objects that hold it. */
const ENTRY_OVERHEAD_BYTES = 512;

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
  const directives = new Map(
    String(cacheControl ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split('='))
      .filter(([name]) => name)
      .map(([name, value]) => [name, value?.replace(/^"|"$/g, '')]),
  );
  if (directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return 0;
  const seconds = Number(directives.get('s-maxage') ?? (directives.has('public') ? directives.get('max-age') : undefined));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

/** @param {number} limitBytes */
export function createPageCache(limitBytes) {
  /** @type {Map<string, {vary: string[], variants: Map<string, Entry>}>} by host and address */
  const addresses = new Map();
  /** @type {Map<Entry, string>} every entry, least recently used first -> its address key */
  const recency = new Map();
  let heldBytes = 0;

  /**
   * @typedef {{ status: number, headers: Record<string, string | string[]>, body: Buffer, storedAt: number, expiresAt: number, variant: string, bytes: number }} Entry
   */

  /** @param {import('node:http').IncomingMessage} req */
  function cacheable(req) {
    if (limitBytes === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    // The API answers each caller; only pages and files are kept. The path as Next reads it: a
    // request line may carry a whole URL. An address with a query is not kept either: every
    // page and file here has none, and random queries would only crowd out what is worth keeping.
    const url = URL.parse(req.url ?? '/', 'http://page-cache.invalid');
    if (!url || url.search !== '' || url.pathname === '/api' || url.pathname.startsWith('/api/')) return false;
    if (BYPASS.some((name) => req.headers[name] !== undefined)) return false;
    return !/no-cache|no-store/i.test(String(req.headers['cache-control'] ?? '') + String(req.headers.pragma ?? ''));
  }

  const addressKey = (req) => `${req.headers.host ?? ''} ${req.url ?? '/'}`;
  // Besides Vary, always what the middleware and the compression read on every page: an answer
  // compressed for one client must not reach one that cannot read it, and a French page loaded by
  // an English browser without a cookie sets the language cookie (that answer is never stored),
  // where the same page for a French browser does not.
  const variantKey = (headers, vary) =>
    JSON.stringify(
      [
        headers['sec-fetch-dest'],
        headers['accept-encoding'],
        headers['accept-language'],
        // The origin a page built per request names (a sitemap without SITE_URL) comes from these.
        headers['x-forwarded-proto'],
        headers['x-forwarded-host'],
        ...vary.map((name) => headers[name]),
      ]
        // A header sent empty is not a header left out (the middleware reads them differently).
        .map((value) => (value === undefined ? null : String(value))),
    );

  function forget(entry) {
    const key = recency.get(entry);
    if (key === undefined) return;
    recency.delete(entry);
    heldBytes -= entry.bytes;
    const address = addresses.get(key);
    address?.variants.delete(entry.variant);
    if (address && address.variants.size === 0) addresses.delete(key);
  }

  function store(key, vary, entry) {
    let address = addresses.get(key);
    // A new answer naming other Vary headers replaces what the address held.
    if (address && address.vary.join() !== vary.join()) {
      for (const old of [...address.variants.values()]) forget(old);
      address = undefined;
    }
    if (!address) addresses.set(key, (address = { vary, variants: new Map() }));
    const previous = address.variants.get(entry.variant);
    if (previous) forget(previous);
    if (!addresses.has(key)) addresses.set(key, address); // forget() drops an address it emptied
    address.variants.set(entry.variant, entry);
    recency.set(entry, key);
    heldBytes += entry.bytes;
    for (const [oldest] of recency) {
      if (heldBytes <= limitBytes) break;
      forget(oldest);
    }
  }

  return {
    /** Bytes of answers held now. */
    get heldBytes() {
      return heldBytes;
    },

    /**
     * Answers from the cache when it can; true when it did.
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     */
    serve(req, res) {
      if (!cacheable(req)) return false;
      const address = addresses.get(addressKey(req));
      const entry = address?.variants.get(variantKey(req.headers, address.vary));
      if (!entry) return false;
      const now = Date.now();
      if (now >= entry.expiresAt) {
        forget(entry);
        return false;
      }
      recency.delete(entry);
      recency.set(entry, addressKey(req));
      res.writeHead(entry.status, {
        ...entry.headers,
        'content-length': String(entry.body.length),
        age: String(Math.floor((now - entry.storedAt) / 1000)),
      });
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
      const key = addressKey(req);
      // The request as it came: Next adds X-Forwarded-Host, -Proto and -Port to it while answering.
      const asSent = { ...req.headers };
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
          if (value !== undefined && !UNSTORED.has(name.toLowerCase())) headers[name.toLowerCase()] = Array.isArray(value) ? value.map(String) : String(value);
        }
        if (headers['set-cookie'] !== undefined) return;
        const maxAge = sharedMaxAge(headers['cache-control']);
        if (maxAge === 0) return;
        const vary = String(headers.vary ?? '')
          .split(',')
          .map((name) => name.trim().toLowerCase())
          .filter(Boolean)
          .sort();
        // `Vary: *`: the answer depends on more than its request says; never reused.
        if (vary.includes('*')) return;
        const now = Date.now();
        const body = Buffer.concat(chunks);
        const variant = variantKey(asSent, vary);
        // Everything the entry holds counts against the limit, not the body alone: long header
        // values sent with small answers must not grow the heap past it.
        const bytes = body.length + Buffer.byteLength(key) + Buffer.byteLength(variant) + Buffer.byteLength(JSON.stringify(headers)) + ENTRY_OVERHEAD_BYTES;
        // An entry larger than the whole cache would only push everything out, itself included.
        if (bytes > limitBytes) return;
        store(key, vary, { status: res.statusCode, headers, body, storedAt: now, expiresAt: now + maxAge * 1000, variant, bytes });
      });
    },
  };
}
