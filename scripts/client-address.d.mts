// Types of scripts/client-address.mjs (plain JavaScript: the production server runs it as is).
export function clientAddress(forwardedFor: string | string[] | undefined, peer: string | undefined, trustedHops: number): string;
export function parseTrustedHops(value: string | undefined): number | null;
