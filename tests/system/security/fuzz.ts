import { postTranslations } from '@/lib/content/publishedSlugs';
import { allowedMethods, apiRoutes, type ApiPath, type HttpMethod } from '@/lib/http/apiRoutes';
import { localizedPath } from '@/lib/i18n/paths';
import { locales, type AppPathname } from '@/lib/i18n/routing';
import { EVERYONE, type Context, type Who } from './actors';
import {
  ACCEPT_LANGUAGES, BROKEN_JSON, CONTENT_TYPES, JUNK_COOKIES, NOT_OBJECTS, REMOVE, Rng, STRANGE_STRINGS,
  edgeQuery, edgeValues, idValues, junkQuery, junkValue, mapLeaves, oversizedJson, oversizedStream, pathsOf, setAt,
} from './fuzzCases';
import { apiAnswerProblems, cacheProblems, describe, failureShapeProblems, pool, snippet, type Answer, type Req } from './http';
import { idCases } from './idCases';
import { matrixRows, rowRequest, type Bag } from './matrix';
import { Section } from './report';
import { newState, walkTo } from './walk';

/**
 * Section 2: generated malformed requests across every route of lib/http/apiRoutes.ts, as a
 * guest and as the signed-in actor the route serves. Whatever is sent: never a 5xx, every 4xx
 * in the failure shape, every answer no-store; oversized bodies 413, wrong methods 405 + Allow.
 * Then the methods no route serves (issue 18), on every route and on pages: TRACE and TRACK
 * (which the Fetch API cannot carry), tokens Node does not know, WebDAV's PROPFIND, OPTIONS and
 * CONNECT; sent over node:http or a raw socket (http.ts), since fetch refuses some of them.
 */

const BODY_KINDS = [
  'invalid-json', 'non-object', 'wrong-type', 'null-field', 'missing-field', 'extra-field', 'all-null', 'empty-object', 'unicode',
  'huge-string', 'too-large', 'too-large-chunked', 'content-type', 'proto', 'deep-nesting', 'duplicate-keys', 'bom', 'array-of-base', 'number-edge', 'edge-values',
] as const;
const QUERY_KINDS = ['query-junk', 'query-edge', 'query-junk', 'query-huge', 'query-empty-values'] as const;
/** Bodies no route may accept, once the caller is allowed in. */
const ALWAYS_REFUSED = new Set(['invalid-json', 'non-object', 'too-large', 'too-large-chunked', 'bom', 'deep-nesting', 'array-of-base']);
const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const CASES_PER_TARGET = 21;

/**
 * Methods no route serves: TRACE and TRACK (the Fetch API cannot represent them; Next answered
 * TRACE 500), a WebDAV method Node parses, and tokens Node's parser does not know (start.mjs
 * answers those from its clientError handler). OPTIONS is added on its own: the API answers it.
 */
const EDGE_METHODS = ['TRACE', 'TRACK', 'PROPFIND', 'FOO', 'BREW'] as const;
/** Methods Node cannot parse: answered before the request line's address is read. */
const UNPARSED = new Set(['TRACK', 'FOO', 'BREW']);
/**
 * Pages are read, never written to (middleware.ts): everything but GET and HEAD is 405 `Allow: GET, HEAD`,
 * but a plain form posted to a page, which goes back to it with a 303 (issue 27).
 */
const PAGE_METHODS = [...EDGE_METHODS, 'OPTIONS', 'CONNECT', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const PAGES: [AppPathname, Record<string, string>?][] = [
  ['/'], ['/services/nutrition-evaluation'], ['/blog/[slug]', { slug: 'fibre-and-gut-health' }], ['/contact-us'], ['/login'], ['/manage-appointment'], ['/book-online'],
];
/** Unknown addresses, dotted ones too: the middleware answers them before any 404 page. */
const UNKNOWN_PAGES = ['/nope.js', '/fr/rien.php', '/wp-login.php', '/.env'];

interface Case {
  kind: string;
  who: Who;
  route: string;
  req: Req;
  expect?: { status?: number; refused?: boolean; allow?: readonly string[] };
  /** Replaces the API's general rules (apiAnswerProblems) for answers those rules do not describe. */
  check?: (answer: Answer) => string[];
}

/** Who the fuzzer sends a route as, besides the guest: the actor it serves. Logout only as a guest (it would end the session). */
function ownerOf(route: ApiPath): Who | undefined {
  if (route === '/api/auth/logout') return undefined;
  if (route.startsWith('/api/clinic/') || route === '/api/booking/patients' || route === '/api/booking/selected-patient-info') return 'employee';
  return 'patientA';
}

export async function runFuzz(ctx: Context, seed: number, concurrency: number): Promise<Section> {
  const section = new Section('fuzzer');
  const rng = new Rng(seed);
  // Real tokens for the guest too, so token checks are reached behind the schema.
  const guestWalk = await walkTo(ctx.client, section, '/api/booking/available-appointments/check', newState(7), ctx.fixtures.catalog);
  const bag: Bag = {
    section,
    booking: { guest: guestWalk, patientA: ctx.fixtures.walkA, patientB: newState(), employee: newState() },
    timeOffId: 987654,
  };
  const realIds = [String(ctx.fixtures.appointmentA), ctx.fixtures.intakeA, String(ctx.people.patientA.userId)];

  const cases: Case[] = [];
  for (const row of matrixRows) {
    for (const who of ['guest', ownerOf(row.route)].filter((w): w is Who => w !== undefined)) {
      const base = await rowRequest(row, ctx, who, bag);
      base.cookie = who === 'guest' ? undefined : ctx.fuzzCookies[who as 'patientA' | 'employee'];
      const allowedIn = row.expect[EVERYONE.indexOf(who)]! < 300;
      for (let i = 0; i < CASES_PER_TARGET; i++) {
        const c = row.method === 'GET' ? queryCase(rng, base, i) : bodyCase(rng, base, i, allowedIn);
        if (row.route.includes('[') && rng.chance(0.35)) {
          // A wrong id may be answered (404) before the body is read: only the general rules hold.
          c.req.path = withId(base.path, row.route, rng.pick(idValues(realIds)));
          c.expect = undefined;
        }
        decorate(rng, c.req, who);
        cases.push({ ...c, who, route: row.route });
      }
    }
  }
  for (const [route, methods] of Object.entries(apiRoutes) as [ApiPath, readonly HttpMethod[]][]) {
    for (const method of METHODS.filter((m) => !(methods as readonly string[]).includes(m))) {
      const req: Req = { method, path: route.replace('[id]', '1'), ...(method === 'GET' ? {} : { raw: rng.pick(BROKEN_JSON), headers: { 'content-type': 'application/json' } }) };
      cases.push({ kind: 'wrong-method', who: 'guest', route, req, expect: { status: 405, allow: methods } });
    }
  }
  for (const path of ['/api/nope', '/api', '/api/intake/a/b', '/api/booking', '/api/clinic/employees/1', '/api/auth/login/extra', '/api/%E0%A4%A', `/api/${'x'.repeat(3000)}`]) {
    for (const method of ['GET', 'POST'] as const) cases.push({ kind: 'unknown-path', who: 'guest', route: path.slice(0, 40), req: { method, path }, expect: { status: 404 } });
  }
  // Last, so that the cases above stay those of the seed they were first run with.
  cases.push(...methodCases(rng, ctx));
  cases.push(...(await idCases(ctx, bag, ownerOf)));

  console.log(`fuzzer: ${cases.length} requests, seed ${seed} (SECURITY_SEED=${seed} repeats this run)`);
  await pool(cases, concurrency, async (c) => {
    const answer = await ctx.client.send(section, c.req);
    const problems = c.check ? c.check(answer) : apiAnswerProblems(c.req.path.split('?')[0]!, answer);
    if (c.expect?.status !== undefined && answer.status !== c.expect.status) problems.push(`expected ${c.expect.status}`);
    if (c.expect?.refused && answer.status < 400) problems.push('accepted');
    if (c.expect?.allow) {
      const allow = (answer.headers.get('allow') ?? '').split(',').map((m) => m.trim());
      if (!c.expect.allow.every((m) => allow.includes(m))) problems.push(`Allow "${answer.headers.get('allow') ?? ''}" lacks ${c.expect.allow.join(', ')}`);
    }
    const problem = problems[0]?.replace(/\d+/g, 'N').slice(0, 80);
    const sent = typeof c.req.raw === 'string' ? c.req.raw : c.req.raw ? '<stream>' : JSON.stringify(c.req.body) ?? '';
    section.check(
      problems.length === 0,
      `${c.req.method} ${snippet(c.req.path, 90)} as ${c.who}${c.who === 'guest' && c.req.cookie ? ` (Cookie: ${snippet(c.req.cookie, 30)})` : ''} [${c.kind}] body ${snippet(sent, 90)} -> ${describe(answer)}: ${problems.join('; ')}`,
      `${c.req.method} ${c.route} [${c.kind}] ${problem}`,
    );
  });
  return section;
}

/** The edge methods on every API route (as a guest and as the route's owner) and on pages, English and French. */
function methodCases(rng: Rng, ctx: Context): Case[] {
  const cases: Case[] = [];
  for (const [route, methods] of Object.entries(apiRoutes) as [ApiPath, readonly HttpMethod[]][]) {
    const path = route.replace('[id]', rng.pick(['1', String(ctx.fixtures.appointmentA), 'abc']));
    const owner = ownerOf(route);
    for (const method of [...EDGE_METHODS, 'OPTIONS', 'CONNECT']) {
      const who: Who = owner && rng.chance(0.5) ? owner : 'guest';
      const req: Req = { method, path, cookie: who === 'guest' ? undefined : ctx.fuzzCookies[who as 'patientA' | 'employee'] };
      if (method !== 'OPTIONS' && method !== 'CONNECT' && rng.chance(0.5)) Object.assign(req, { raw: rng.pick(BROKEN_JSON), headers: { 'content-type': 'application/json' } });
      decorate(rng, req, who);
      cases.push({ kind: `method ${method}`, who, route, req, check: (answer) => apiMethodProblems(route, method, methods, answer) });
    }
  }
  // The blog post under its own slug in each language (/fr/blog/fibres-et-sante-intestinale): the English slug under /fr is no page.
  const paramsIn = (params: Record<string, string> | undefined, locale: string) =>
    params?.slug && locale === 'fr' ? { slug: postTranslations.blog.en[params.slug] ?? params.slug } : params;
  const pages = [...PAGES.flatMap(([page, params]) => locales.map((locale) => localizedPath(page, locale, paramsIn(params, locale)))), ...UNKNOWN_PAGES];
  for (const path of pages) {
    for (const method of PAGE_METHODS) {
      const req: Req = { method, path, headers: { 'accept-language': path.startsWith('/fr') ? 'fr-CA,fr;q=0.9' : 'en-CA,en;q=0.9' } };
      // A Server Action is a POST to a page: refused like any other.
      if (method === 'POST' && rng.chance(0.5)) Object.assign(req, { raw: '["x"]', headers: { ...req.headers, 'next-action': 'f'.repeat(42), 'content-type': 'text/plain;charset=UTF-8' } });
      else if (method !== 'CONNECT' && method !== 'OPTIONS' && rng.chance(0.5)) Object.assign(req, { raw: 'a=1&b=%00', headers: { ...req.headers, 'content-type': 'application/x-www-form-urlencoded' } });
      // A form posted to its page before the page's script ran is sent back to it (issue 27).
      const formPost = method === 'POST' && req.headers?.['content-type'] === 'application/x-www-form-urlencoded' && !UNKNOWN_PAGES.includes(path);
      cases.push({ kind: `page ${method}${formPost ? ' (form)' : ''}`, who: 'guest', route: path, req, check: (answer) => (formPost ? formPostProblems(path, answer) : pageMethodProblems(method, answer)) });
    }
  }
  return cases;
}

const listOf = (header: string | null) => (header ?? '').split(',').map((m) => m.trim()).filter(Boolean);

/** What every answer to a method nobody serves must carry: nothing to sniff, nothing to frame. */
function edgeHeaderProblems(answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.headers.get('x-content-type-options') !== 'nosniff') problems.push(`X-Content-Type-Options "${answer.headers.get('x-content-type-options') ?? 'missing'}"`);
  const policy = answer.headers.get('content-security-policy') ?? '';
  if (!/(^|;)\s*frame-ancestors 'none'\s*(;|$)/.test(policy)) problems.push(`Content-Security-Policy "${policy || 'missing'}" lacks frame-ancestors 'none'`);
  if (!answer.headers.get('strict-transport-security')) problems.push('no Strict-Transport-Security');
  return problems;
}

/**
 * CONNECT: Node hands it to the server's 'connect' event, not to the request handler, and
 * scripts/start.mjs listens to no 'connect', so Node closes the connection without a word (its
 * header comment promises a 405). Nothing leaks and nothing runs. Accepted: that silence, or the
 * answer TRACE must get; a 5xx or anything else is not.
 */
function connectProblems(answer: Answer, pageOrApi: () => string[]): string[] {
  if (answer.status === 0 && /closed without an answer|ECONNRESET|socket hang up/.test(answer.text)) return [];
  return pageOrApi();
}

/** An API route and a method it does not serve (or OPTIONS). */
function apiMethodProblems(route: ApiPath, method: string, methods: readonly string[], answer: Answer): string[] {
  if (method === 'CONNECT') return connectProblems(answer, () => apiMethodProblems(route, 'TRACE', methods, answer));
  if (answer.status === 0) return [answer.text];
  if (answer.status >= 500) return [`${answer.status}: ${snippet(answer.text)}`];
  const allow = listOf(answer.headers.get('allow'));
  const problems = edgeHeaderProblems(answer);
  if (method === 'OPTIONS') {
    // The gate lets OPTIONS through (lib/http/apiGate.ts: allowedMethods) and Next answers 204 with
    // the route's methods. No body, and an OPTIONS answer is not cacheable: no-store is not asked.
    if (answer.status !== 204 && answer.status !== 405) problems.push(`expected 204 (or 405), got ${answer.status}`);
    if (answer.status >= 400) problems.push(...cacheProblems(route, answer), ...failureShapeProblems(answer));
    if (!methods.every((m) => allow.includes(m))) problems.push(`Allow "${allow.join(', ')}" lacks ${methods.join(', ')}`);
    return problems;
  }
  if (answer.status !== 405) problems.push(`expected 405, got ${answer.status}`);
  if (allow.length === 0) problems.push('405 without Allow');
  problems.push(...cacheProblems(route, answer));
  // A method Node cannot parse is answered from scripts/start.mjs's clientError handler, which
  // does not read the address (methodNotAllowed('/')): 405 `Allow: GET, HEAD` in plain text, even
  // on an API route, not the route's methods in the failure shape. Only the rules above hold.
  if (UNPARSED.has(method)) return problems;
  problems.push(...failureShapeProblems(answer));
  const expected = allowedMethods(route);
  if (!expected.every((m) => allow.includes(m)) || allow.length !== expected.length) problems.push(`Allow "${allow.join(', ')}", expected ${expected.join(', ')}`);
  return problems;
}

/** A page (or an unknown address) and anything but GET or HEAD. */
function pageMethodProblems(method: string, answer: Answer): string[] {
  if (method === 'CONNECT') return connectProblems(answer, () => pageMethodProblems('TRACE', answer));
  if (answer.status === 0) return [answer.text];
  if (answer.status >= 500) return [`${answer.status}: ${snippet(answer.text)}`];
  const problems = edgeHeaderProblems(answer);
  if (answer.status !== 405) problems.push(`expected 405, got ${answer.status}`);
  const allow = listOf(answer.headers.get('allow'));
  if (allow.join(', ') !== 'GET, HEAD') problems.push(`Allow "${allow.join(', ')}", expected GET, HEAD`);
  return problems;
}

/**
 * A plain form posted to a page (middleware.ts, issue 27): 303 back to the same address, nothing
 * from the body in it, never cached, nothing to run or frame.
 */
function formPostProblems(path: string, answer: Answer): string[] {
  if (answer.status === 0) return [answer.text];
  const problems = edgeHeaderProblems(answer);
  if (answer.status !== 303) problems.push(`expected 303, got ${answer.status}`);
  const location = answer.headers.get('location');
  const target = location ? new URL(location, 'http://localhost') : null;
  if (!target || target.pathname + target.search !== path) problems.push(`Location "${location ?? 'missing'}", expected ${path}`);
  if (!/(^|[,\s])no-store($|[,\s])/.test(answer.headers.get('cache-control') ?? '')) problems.push(`Cache-Control "${answer.headers.get('cache-control') ?? 'missing'}" lacks no-store`);
  return problems;
}

function withId(path: string, route: string, id: string): string {
  const at = route.split('/').indexOf('[id]');
  return path.split('/').map((part, i) => (i === at ? id : part)).join('/');
}

function queryCase(rng: Rng, base: Req, i: number): Omit<Case, 'who' | 'route'> {
  const kind = QUERY_KINDS[i % QUERY_KINDS.length]!;
  const path = base.path.split('?')[0]!;
  const query =
    kind === 'query-huge' ? `?search=${'s'.repeat(rng.int(1000, 7000))}&page=${'9'.repeat(rng.int(10, 400))}` :
    kind === 'query-empty-values' ? '?search=&page=&id=&date=&view=' :
    kind === 'query-edge' ? edgeQuery(rng) : junkQuery(rng);
  return { kind, req: { ...base, path: path + query } };
}

function bodyCase(rng: Rng, base: Req, i: number, allowedIn: boolean): Omit<Case, 'who' | 'route'> {
  const kind = BODY_KINDS[i % BODY_KINDS.length]!;
  const body = (base.body ?? {}) as Record<string, unknown>;
  const paths = pathsOf(body);
  const somePath = () => (paths.length ? rng.pick(paths) : ['field']);
  const numberPaths = paths.filter((p) => typeof p.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], body) === 'number');
  const json = (value: unknown): Req => ({ ...base, body: value });
  const raw = (text: string | ReadableStream<Uint8Array>, type = 'application/json'): Req => ({ ...base, body: undefined, raw: text, headers: { ...base.headers, 'content-type': type } });
  const readsBody = base.body !== undefined;
  const expect = readsBody && allowedIn ? (kind === 'too-large' || kind === 'too-large-chunked' ? { status: 413 } : ALWAYS_REFUSED.has(kind) ? { refused: true } : undefined) : undefined;
  const req = ((): Req => {
    switch (kind) {
      case 'invalid-json': return raw(rng.pick(BROKEN_JSON));
      case 'non-object': return raw(rng.pick(NOT_OBJECTS));
      case 'wrong-type': return json(setAt(body, somePath(), junkValue(rng)));
      case 'null-field': return json(setAt(body, somePath(), null));
      case 'missing-field': return json(paths.length ? setAt(body, somePath(), REMOVE) : body);
      case 'extra-field': return json(setAt(body, [...(paths.length && rng.chance(0.4) ? somePath().slice(0, -1) : []), `extra_${rng.int(0, 99)}`], junkValue(rng)));
      case 'all-null': return json(Object.fromEntries(Object.keys(body).map((k) => [k, null])));
      case 'empty-object': return json({});
      case 'unicode': return json(mapLeaves(body, (leaf) => (typeof leaf === 'string' ? rng.pick(STRANGE_STRINGS) : leaf)));
      case 'huge-string': return json(setAt(body, somePath(), 'h'.repeat(rng.int(20_000, 95_000))));
      case 'too-large': return raw(oversizedJson(rng));
      case 'too-large-chunked': return raw(oversizedStream());
      case 'content-type': return raw(rng.chance(0.5) ? JSON.stringify(body) : 'a=1&b=%00', rng.pick(CONTENT_TYPES));
      case 'proto': return raw(`{"__proto__":{"isAdmin":true,"is_employee":true},"constructor":{"prototype":{"polluted":1}},${JSON.stringify(body).slice(1)}`.replace(/,}$/, '}'));
      case 'deep-nesting': return raw(rng.chance(0.5) ? `${'['.repeat(20_000)}${']'.repeat(20_000)}` : `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`);
      case 'duplicate-keys': return raw(`{"${Object.keys(body)[0] ?? 'a'}":${JSON.stringify(junkValue(rng))},${JSON.stringify(body).slice(1)}`.replace(/,}$/, '}'));
      case 'bom': return raw(`\uFEFF${JSON.stringify(body)}`);
      case 'array-of-base': return json([body]);
      case 'number-edge': return json(setAt(body, numberPaths.length ? rng.pick(numberPaths) : somePath(), rng.pick([2147483648, 9007199254740993, -1, 0, 1.5, 1e308, '1', '２'])));
      case 'edge-values': return json(edgeValues(rng, body));
    }
  })();
  return { kind, req, expect };
}

/** Sometimes a strange language or a broken cookie on top (a guest's only: the owner keeps their session). */
function decorate(rng: Rng, req: Req, who: Who): void {
  if (rng.chance(0.2)) req.headers = { ...req.headers, 'accept-language': rng.pick(ACCEPT_LANGUAGES) };
  if (who === 'guest' && rng.chance(0.2)) req.cookie = rng.pick(JUNK_COOKIES);
}
