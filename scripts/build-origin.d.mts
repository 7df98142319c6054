// Types of scripts/build-origin.mjs (plain JavaScript: the production server runs it as is).
type Headers = Record<string, string | string[] | undefined>;
export function readBuildOrigin(dir: string): string | null;
export function requestOrigin(headers: Headers, trustedHops: number): string | null;
export function createOriginCheck(buildOrigin: string | null, trustedHops: number, log?: (line: string) => void): (headers: Headers) => void;
