// The client's address for per-address limits (issue 18), used by scripts/start.mjs. With no
// proxy in front (trustedHops 0) it is the TCP peer: a client cannot choose it. Behind N proxies,
// each appends the address it got the request from to X-Forwarded-For, so the client is the N-th
// entry from the right; anything further left was written by the client and is ignored.

/**
 * @param {string | string[] | undefined} forwardedFor the incoming X-Forwarded-For header
 * @param {string | undefined} peer the TCP peer's address
 * @param {number} trustedHops the number of proxies in front (TRUST_PROXY_HOPS)
 * @returns {string}
 */
export function clientAddress(forwardedFor, peer, trustedHops) {
  const nearest = peer || 'unknown';
  if (trustedHops === 0) return nearest;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const chain = [...header.split(','), nearest].map((entry) => entry.trim()).filter(Boolean);
  // chain = [what the client sent..., client, proxy 1, ..., proxy N-1, peer = proxy N]
  return chain[Math.max(0, chain.length - 1 - trustedHops)];
}

/** TRUST_PROXY_HOPS: a whole number from 0 to 10 (default 0), or null when it is not one. */
export function parseTrustedHops(value) {
  const hops = Number(value ?? '0');
  return Number.isInteger(hops) && hops >= 0 && hops <= 10 ? hops : null;
}
