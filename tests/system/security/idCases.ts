import type { ApiPath } from '@/lib/http/apiRoutes';
import type { Context, Who } from './actors';
import type { Req } from './http';
import { matrixRows, rowRequest, type Bag } from './matrix';
import { pathsOf, setAt } from './fuzzCases';

/**
 * Every id a client can send, each with every value outside an id's range (issue #38, item 1):
 * the `[id]` of every path, the id filters of the queries, and the ids of every body (`id`, `*_id`),
 * sent as the actor the route serves (a guest would be refused before the id is read). Whatever
 * the value, the answer is never a 5xx (a value past the database's `integer` once answered 500),
 * and an id in a path or a body is refused.
 * Deterministic, unlike the fuzzer's random picks: a new route's id is tried with each of them.
 */
export const ID_EDGES = ['2147483648', '9007199254740993', '-1', '0', '1.5', '1e309', '9'.repeat(30)];

/** The ids the API reads from a query string, by route (lib/schemas: idTextSchema); a new one adds its line. */
const QUERY_IDS: Partial<Record<ApiPath, string[]>> = {
  '/api/booking/selected-patient-info': ['id'],
  '/api/clinic/data-export': ['patient_id'],
  '/api/clinic/waitlist': ['service_id', 'employee_id', 'office_id'],
};

/** The body with the id at `path` written as the JSON number `edge`, digit for digit (1e309 and 30 digits included). */
function bodyWith(body: Record<string, unknown>, path: (string | number)[], edge: string): string {
  return JSON.stringify(setAt(body, path, '__ID__')).replace('"__ID__"', edge);
}

export interface IdCase {
  kind: string;
  who: Who;
  route: string;
  req: Req;
  /** A path's or a body's id out of range is refused; a query may carry names its route ignores. */
  expect?: { refused: true };
}

export async function idCases(ctx: Context, bag: Bag, ownerOf: (route: ApiPath) => Who | undefined): Promise<IdCase[]> {
  const cases: IdCase[] = [];
  for (const row of matrixRows) {
    const who = ownerOf(row.route);
    if (!who) continue;
    const base = await rowRequest(row, ctx, who, bag);
    base.cookie = ctx.fuzzCookies[who as 'patientA' | 'employee'];
    const [pathname, query = ''] = base.path.split('?');
    const at = row.route.split('/').indexOf('[id]');
    for (const edge of ID_EDGES) {
      if (at >= 0) {
        const path = pathname!.split('/').map((part, i) => (i === at ? edge : part)).join('/');
        cases.push({ kind: 'id-edge path', who, route: row.route, req: { ...base, path: query ? `${path}?${query}` : path }, expect: { refused: true } });
      }
      if (row.method === 'GET') {
        for (const name of QUERY_IDS[row.route] ?? []) {
          const params = new URLSearchParams(query);
          params.set(name, edge);
          cases.push({ kind: `id-edge ?${name}`, who, route: row.route, req: { ...base, path: `${pathname}?${params}` } });
        }
      }
      const body = base.body as Record<string, unknown> | undefined;
      for (const idPath of body ? pathsOf(body).filter((p) => /(^|_)id$/.test(String(p.at(-1)))) : []) {
        const raw = bodyWith(body!, idPath, edge);
        cases.push({ kind: `id-edge body ${idPath.join('.')}`, who, route: row.route, req: { ...base, body: undefined, raw, headers: { ...base.headers, 'content-type': 'application/json' } }, expect: { refused: true } });
      }
    }
  }
  return cases;
}
