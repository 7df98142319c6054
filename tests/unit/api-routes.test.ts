import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoutes, matchApiRoute } from '@/lib/http/apiRoutes';

const apiDir = path.join(process.cwd(), 'app/api');

/** Every app/api/**\/route.ts as its address, with the HTTP methods the file exports. */
function routeFiles(): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const entry of readdirSync(apiDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'route.ts') continue;
    const file = path.join(entry.parentPath, entry.name);
    const address = `/api/${path.relative(apiDir, entry.parentPath).split(path.sep).join('/')}`;
    const source = readFileSync(file, 'utf8');
    const methods = [...source.matchAll(/^export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/gm)].map((m) => m[1]!);
    found[address] = methods;
  }
  return found;
}

describe('the API route table', () => {
  it('lists every route file with exactly the methods it exports', () => {
    const files = routeFiles();
    const table = Object.fromEntries(Object.entries(apiRoutes).map(([address, methods]) => [address, [...methods].sort()]));
    const fromFiles = Object.fromEntries(Object.entries(files).map(([address, methods]) => [address, methods.sort()]));
    expect(table).toEqual(fromFiles);
    expect(Object.keys(table).length).toBe(101);
  });

  it('matches addresses to routes, a literal segment before a parameter', () => {
    expect(matchApiRoute('/api/intake/draft')).toBe('/api/intake/draft');
    expect(matchApiRoute('/api/intake/2b1c6f0e-0000-4000-8000-000000000000')).toBe('/api/intake/[id]');
    expect(matchApiRoute('/api/clinic/appointments/12/status')).toBe('/api/clinic/appointments/[id]/status');
    expect(matchApiRoute('/api/auth/me/')).toBe('/api/auth/me');
    expect(matchApiRoute('/api/auth')).toBeUndefined();
    expect(matchApiRoute('/api/clinic/appointments//status')).toBeUndefined();
  });
});
