import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOriginCheck, readBuildOrigin, requestOrigin } from '../../scripts/build-origin.mjs';

/** Issue #38: a server reached under another origin than its prerendered pages name says so, once. */
describe('the build origin check (scripts/build-origin.mjs)', () => {
  it('reads the origin post-build wrote beside the pages’ hashes', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'build-origin-'));
    expect(readBuildOrigin(dir)).toBeNull();
    mkdirSync(path.join(dir, '.next'));
    writeFileSync(path.join(dir, '.next', 'csp-hashes.json'), JSON.stringify({ origin: 'http://localhost:3000', pages: {} }));
    expect(readBuildOrigin(dir)).toBe('http://localhost:3000');
  });

  it('believes X-Forwarded-Host and -Proto only behind trusted proxies', () => {
    const headers = { host: 'internal:3000', 'x-forwarded-host': 'www.clinic.ca', 'x-forwarded-proto': 'https' };
    expect(requestOrigin(headers, 0)).toBe('http://internal:3000');
    expect(requestOrigin(headers, 1)).toBe('https://www.clinic.ca');
    expect(requestOrigin({}, 0)).toBeNull();
    expect(requestOrigin({ host: 'bad host' }, 0)).toBeNull();
  });

  it('logs the first request for another public origin, naming both and the fix, and only that one', () => {
    const said: string[] = [];
    const check = createOriginCheck('http://localhost:3000', 1, (line: string) => said.push(line));
    check({ host: 'localhost:3000' });
    check({ host: '127.0.0.1:3210' }); // a developer or a test on this machine
    check({ host: '[::1]:3000' });
    expect(said).toEqual([]);
    check({ host: '10.0.0.5:3000', 'x-forwarded-host': 'www.clinic.ca', 'x-forwarded-proto': 'https' });
    check({ host: 'other.example' });
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('a request came for https://www.clinic.ca, but the prerendered pages were built for http://localhost:3000');
    expect(said[0]).toContain('Rebuild with SITE_URL=https://www.clinic.ca');
  });

  it('says nothing when the build’s origin is the request’s, or unknown', () => {
    const said: string[] = [];
    createOriginCheck('https://www.clinic.ca', 0, (line: string) => said.push(line))({ host: 'www.clinic.ca' });
    createOriginCheck(null, 0, (line: string) => said.push(line))({ host: 'www.clinic.ca' });
    expect(said).toEqual([]);
  });
});
