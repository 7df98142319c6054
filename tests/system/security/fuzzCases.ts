/**
 * The fuzzer's generators: a seeded PRNG (runs are reproducible from the printed seed) and the
 * ways a request goes wrong: broken JSON, wrong types, nulls, huge and strange strings, missing
 * and extra fields, arrays for objects, wrong content types, query-string junk, bad path ids.
 */

/** mulberry32: small, fast and good enough to pick cases. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

export const STRANGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'nul\u0000byte',
  'émoji 😀🏳️‍🌈👩🏽‍⚕️',
  '\u202Eevil\u202C rtl',
  'مرحبا بالعالم',
  '𝕳𝖊𝖑𝖑𝖔',
  '\uFEFFbom',
  '\uD800',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '1; SELECT pg_sleep(5)',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00%0d%0aSet-Cookie: x=1',
  'a\r\nb',
  '\t\n\v\f',
  'null',
  'undefined',
  'NaN',
  'true',
  '-1',
  '0',
  '2147483648',
  '9'.repeat(40),
  '1e309',
  '2026-02-30',
  '25:61',
  'x@y',
  '@@',
];

const NUMBERS = [0, -1, -0, 0.5, 1.5, 2147483647, 2147483648, -2147483649, 9007199254740991, 9007199254740993, 1e308, -1e308, 1e-308];

/** A value of any JSON type, often the wrong one. */
export function junkValue(rng: Rng): unknown {
  switch (rng.int(0, 9)) {
    case 0:
      return null;
    case 1:
      return rng.pick(NUMBERS);
    case 2:
      return rng.chance(0.5);
    case 3:
      return [];
    case 4:
      return {};
    case 5:
      return 'x'.repeat(rng.int(200, 40_000));
    case 6:
      return [rng.pick(STRANGE_STRINGS), rng.pick(NUMBERS), null];
    case 7:
      return { $gt: '', nested: { deeper: rng.pick(STRANGE_STRINGS) } };
    default:
      return rng.pick(STRANGE_STRINGS);
  }
}

/** Path segments for `[id]`: plausible, wrong, huge, unicode, SQL-ish, malformed percent-encoding. */
export function idValues(real: string[]): string[] {
  return [
    '987654',
    '0',
    '-1',
    '1.5',
    '1e3',
    '2147483648',
    '9'.repeat(30),
    '9'.repeat(400),
    'abc',
    'null',
    '00000000-0000-0000-0000-000000000000',
    encodeURIComponent("1' OR '1'='1"),
    encodeURIComponent('é😀\u202E'),
    encodeURIComponent('../../etc/passwd'),
    '%00',
    '%E0%A4%A',
    '%',
    ...real,
  ];
}

type Json = unknown;
type Path = (string | number)[];

/** The paths of every key and array item of a JSON value (depth-limited). */
export function pathsOf(value: Json, prefix: Path = [], depth = 4): Path[] {
  if (depth === 0 || value === null || typeof value !== 'object') return [];
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value as Record<string, Json>);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key], depth - 1)]);
}

/** A copy of `value` with `path` set (or removed when `replacement` is the REMOVE marker). */
export const REMOVE = Symbol('remove');
export function setAt(value: Json, path: Path, replacement: unknown): Json {
  const copy = structuredClone(value) as Record<string | number, Json>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path.at(-1)!;
  if (replacement === REMOVE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = replacement as Json;
  return copy;
}

/** Every leaf (string, number, boolean, null) passed through `replace`. */
export function mapLeaves(value: Json, replace: (leaf: Json) => Json): Json {
  if (Array.isArray(value)) return value.map((v) => mapLeaves(v, replace));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, replace)]));
  return replace(value);
}

/** Values at the edges of what the database and Date hold: ids past int4, dates far off. */
export const EDGE_NUMBERS = [2147483648, -2147483649, 9007199254740991];
export const EDGE_DATES = ['9999-12-31', '0001-01-01', '1969-12-31', '2026-02-29', '2028-02-29'];

export function edgeValues(rng: Rng, value: Json): Json {
  return mapLeaves(value, (leaf) => {
    if (typeof leaf === 'number') return rng.pick(EDGE_NUMBERS);
    if (typeof leaf === 'string' && /^\d{4}-\d{2}-\d{2}/.test(leaf)) return rng.pick(EDGE_DATES) + leaf.slice(10);
    return leaf;
  });
}

/** A query string of edge values for the parameters the GET routes read. */
export function edgeQuery(rng: Rng): string {
  return `?id=${rng.pick(EDGE_NUMBERS)}&page=${rng.pick([...EDGE_NUMBERS, 100000])}&date=${rng.pick(EDGE_DATES)}&view=${rng.pick(['day', 'week'])}&search=${rng.pick(['de', '%25', '_', '%5C'])}`;
}

export const BROKEN_JSON = [
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":01}',
  '{"a":NaN}',
  '{"a":undefined}',
  '[1,2',
  '"unterminated',
  '\u0000',
  '{"a":"\\x00"}',
  '{"a":"\\ud800"}',
  'nul\u0000l',
  '<xml/>',
  'a=1&b=2',
  '--',
  ' ',
];

export const NOT_OBJECTS = ['null', '[]', '[{}]', '"text"', '0', '-1', '1e999', 'true', 'false', '""'];

export const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/json; charset=iso-8859-1',
  'application/octet-stream',
  '',
];

export const ACCEPT_LANGUAGES = ['zz', '*', 'fr-CA,fr;q=0.9', 'fr;q=abc', ';;;,,', 'en-'.repeat(500), '\u00e9'];

export const JUNK_COOKIES = [
  'session=%E0%A4%A',
  'session=%',
  'session=',
  'session=null',
  `session=${'a'.repeat(4000)}`,
  'session=a;session=b',
  '__Host-session=x',
  'session="quoted"',
  '=session',
  'session=%00',
];

/** A body just over the 100 kB limit (the handler answers 413 before parsing). */
export function oversizedJson(rng: Rng): string {
  return JSON.stringify({ padding: 'p'.repeat(rng.int(101 * 1024, 300 * 1024)) });
}

/** The same, sent in chunks with no Content-Length, so only the streaming count can stop it. */
export function oversizedStream(): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode('{"padding":"'));
      if (sent >= 12) {
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
        return;
      }
      sent += 1;
      controller.enqueue(chunk);
    },
  });
}

export const QUERY_KEYS = ['search', 'page', 'id', 'date', 'view', 'q', 'from', '__proto__', 'constructor', 'a[b]', '', 'search[]'];

/** Percent-encodes like encodeURIComponent, and a lone surrogate as the (invalid UTF-8) bytes it would take. */
export function encodeAny(value: string): string {
  return [...value].map((ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
}

/** A junk query string: random keys (repeated sometimes), strange values, malformed percent signs. */
export function junkQuery(rng: Rng): string {
  const parts: string[] = [];
  for (let i = rng.int(1, 4); i > 0; i--) {
    const key = rng.pick(QUERY_KEYS);
    const value = rng.chance(0.2) ? rng.pick(['%', '%E0%A4%A', '%%', '%zz', '+%2B+']) : encodeAny(rng.pick([...STRANGE_STRINGS, 'x'.repeat(rng.int(100, 6000))]));
    parts.push(`${encodeAny(key)}=${value}`);
  }
  return `?${parts.join('&')}`;
}
