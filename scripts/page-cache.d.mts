// Types of scripts/page-cache.mjs (plain JavaScript: the production server runs it as is).
import type { IncomingMessage, ServerResponse } from 'node:http';

export function parseCacheMegabytes(value: string | undefined): number | null;
export function sharedMaxAge(cacheControl: string | undefined): number;
export interface PageCache {
  /** Bytes of answers held now. */
  readonly heldBytes: number;
  /** Answers from the cache when it can; true when it did. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Watches Next's answer to a GET the cache could not give, and keeps it if it may. */
  capture(req: IncomingMessage, res: ServerResponse): void;
}
export function createPageCache(limitBytes: number): PageCache;
