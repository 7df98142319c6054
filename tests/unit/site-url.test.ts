import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteOrigin, unreachableLinkOrigin } from '@/lib/seo/siteUrl';

/** Issue 27: the origin of e-mail links, and when the server must say that they lead nowhere. */
afterEach(() => {
  vi.unstubAllEnvs();
});

function environment(env: { SITE_URL?: string; PORT?: string; HOSTNAME?: string }) {
  for (const name of ['SITE_URL', 'PORT', 'HOSTNAME'] as const) vi.stubEnv(name, env[name] ?? '');
}

describe('siteOrigin', () => {
  it('is SITE_URL without its trailing slashes, else the request’s origin, else localhost on the port the server binds', () => {
    environment({ SITE_URL: ' https://www.example.ca// ', PORT: '4100' });
    expect(siteOrigin('http://10.0.0.5:4100/fr')).toBe('https://www.example.ca');
    environment({ PORT: '4100' });
    expect(siteOrigin('http://10.0.0.5:4100/fr')).toBe('http://10.0.0.5:4100');
    expect(siteOrigin()).toBe('http://localhost:4100');
    // As scripts/start.mjs reads PORT: anything but a number is the default.
    environment({ PORT: 'eighty' });
    expect(siteOrigin()).toBe('http://localhost:3000');
    environment({});
    expect(siteOrigin()).toBe('http://localhost:3000');
  });
});

describe('unreachableLinkOrigin', () => {
  it('names the localhost origin while SITE_URL is unset on a server bound to every interface or a public address', () => {
    environment({ PORT: '4100' });
    expect(unreachableLinkOrigin()).toBe('http://localhost:4100');
    environment({ HOSTNAME: '0.0.0.0' });
    expect(unreachableLinkOrigin()).toBe('http://localhost:3000');
    environment({ HOSTNAME: '192.168.1.20' });
    expect(unreachableLinkOrigin()).toBe('http://localhost:3000');
  });

  /** A request as Next hands it to a route on a loopback server: its url names localhost, whatever the Host was. */
  const requestFor = (headers: Record<string, string>) => new Request('http://localhost:3000/api/clinic/team', { headers });

  it('is null once SITE_URL is set, and on a loopback server reached from this machine', () => {
    environment({ SITE_URL: 'https://www.example.ca', HOSTNAME: '0.0.0.0' });
    expect(unreachableLinkOrigin({ request: requestFor({ host: 'www.example.ca' }) })).toBeNull();
    for (const bound of ['127.0.0.1', 'localhost', '::1']) {
      environment({ HOSTNAME: bound });
      for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) expect(unreachableLinkOrigin({ request: requestFor({ host }) }), `${bound} ${host}`).toBeNull();
      expect(unreachableLinkOrigin(), bound).toBeNull();
    }
  });

  it('names it on a loopback server reached under another name, through a proxy (Host or X-Forwarded-Host)', () => {
    environment({ HOSTNAME: '127.0.0.1' });
    expect(unreachableLinkOrigin({ request: requestFor({ host: 'clinic.example.ca' }) })).toBe('http://localhost:3000');
    expect(unreachableLinkOrigin({ request: requestFor({ host: '127.0.0.1:3000', 'x-forwarded-host': 'clinic.example.ca' }) })).toBe('http://localhost:3000');
  });
});
