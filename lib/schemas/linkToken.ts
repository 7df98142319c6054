/**
 * An e-mailed link's token (a visit's manage link, a waitlist place or offer): base64url of 32
 * random bytes (lib/server/auth/tokens.ts). Anything else is a link cut short: the page says so
 * without asking the server, and the server answers it like an unknown token. No zod here, so
 * the link pages' bundles stay small.
 */
export const isLinkToken = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);
