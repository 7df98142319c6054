import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustedHops } from '../../scripts/client-address.mjs';

/** Which address per-address limits count (issue 18): the TCP peer, or what trusted proxies recorded. */
describe('clientAddress', () => {
  it('is the TCP peer when no proxy is trusted, whatever the client writes in X-Forwarded-For', () => {
    expect(clientAddress(undefined, '203.0.113.7', 0)).toBe('203.0.113.7');
    expect(clientAddress('198.51.100.1', '203.0.113.7', 0)).toBe('203.0.113.7');
    expect(clientAddress('1.1.1.1, 2.2.2.2', '::ffff:203.0.113.7', 0)).toBe('::ffff:203.0.113.7');
  });

  it('behind N proxies, is the N-th entry from the right of the header they appended to', () => {
    // One proxy (the peer) appended the client's address; the client wrote the first entry.
    expect(clientAddress('6.6.6.6, 198.51.100.1', '10.0.0.2', 1)).toBe('198.51.100.1');
    // Two proxies: the client, then the first proxy's address, appended in turn.
    expect(clientAddress('6.6.6.6, 198.51.100.1, 10.0.0.1', '10.0.0.2', 2)).toBe('198.51.100.1');
    // An array of header lines counts as one list.
    expect(clientAddress(['6.6.6.6', '198.51.100.1'], '10.0.0.2', 1)).toBe('198.51.100.1');
  });

  it('never reads further left than the header goes, and never returns nothing', () => {
    expect(clientAddress(undefined, '10.0.0.2', 1)).toBe('10.0.0.2');
    expect(clientAddress('198.51.100.1', '10.0.0.2', 3)).toBe('198.51.100.1');
    expect(clientAddress(undefined, undefined, 0)).toBe('unknown');
  });
});

describe('parseTrustedHops', () => {
  it('takes 0 to 10 and refuses anything else', () => {
    expect(parseTrustedHops(undefined)).toBe(0);
    expect(parseTrustedHops('2')).toBe(2);
    for (const bad of ['-1', '11', '1.5', 'two']) expect(parseTrustedHops(bad)).toBeNull();
  });
});
