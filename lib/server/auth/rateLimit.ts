import 'server-only';
import { createHmac } from 'node:crypto';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/client';
import { rateLimitEvents } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { getSecret } from '@/lib/server/secrets';

export interface Limit {
  /** How many events the window allows. */
  max: number;
  windowMs: number;
}

/** DESIGN §4.5 / issue #3 limits. Kept in the database so they hold across instances. */
export const limits = {
  failedLoginPerAccount: { max: 10, windowMs: 15 * 60_000 },
  emailPerAddress: { max: 3, windowMs: 5 * 60_000 },
  signupPerIp: { max: 10, windowMs: 60 * 60_000 },
  passwordResetPerIp: { max: 20, windowMs: 60 * 60_000 },
  pageViewPerIp: { max: 600, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * A keyed hash of a client address, for limit keys and stored records: the same sender gives
 * the same value, but without the app secret nobody can recover the address from it, which a
 * plain SHA-256 of the small IPv4 space would allow. (The 'contact-ip:' label predates the
 * other callers; it stays so that hashes already stored keep matching.)
 */
export function hashIp(ip: string): string {
  return createHmac('sha256', getSecret('app-secret')).update(`contact-ip:${ip}`).digest('hex');
}

/**
 * Throws 429 (with Retry-After) when `key` already used up its window; counts nothing.
 * `messageKey` (a Server text taking {minutes}) lets a form say what to do instead.
 */
export async function assertUnderLimit(
  db: Database,
  key: string,
  limit: Limit,
  now = new Date(),
  messageKey = 'rateLimited',
): Promise<void> {
  const since = new Date(now.getTime() - limit.windowMs);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${rateLimitEvents.createdAt})` })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, key), gte(rateLimitEvents.createdAt, since)));
  if (!row || row.count < limit.max) return;
  const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + limit.windowMs - now.getTime()) / 1000));
  throw new AppError('rate_limited', 429, messageKey, {
    headers: { 'Retry-After': String(retryAfterSeconds) },
    values: { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
  });
}

/** Counts one event for `key`. */
export async function recordEvent(db: Database, key: string, now = new Date()): Promise<void> {
  await db.insert(rateLimitEvents).values({ key, createdAt: now });
}

/**
 * Makes the check and the count of these keys one step for everybody else (issue 18): a
 * transaction-scoped advisory lock per key, taken in a fixed order, held until the caller's
 * transaction ends. Without it, N simultaneous requests could all count below the limit before
 * any of them recorded its event (30 password resets let 24 through a limit of 20 on PostgreSQL).
 */
export async function lockLimitKeys(tx: Database, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`rate-limit:${key}`}))`);
}

/**
 * Checks, then counts, as one step under the key's lock: for actions limited whether or not they
 * succeed (e-mails, sign-ups). N simultaneous calls let exactly the limit through.
 */
export async function consume(db: Database, key: string, limit: Limit, now = new Date(), messageKey?: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLimitKeys(tx, [key]);
    await assertUnderLimit(tx, key, limit, now, messageKey);
    await recordEvent(tx, key, now);
  });
}

/** Forgets a key's events (a successful login clears its failures). */
export async function clearEvents(db: Database, key: string): Promise<void> {
  await db.delete(rateLimitEvents).where(eq(rateLimitEvents.key, key));
}

/** Drops events older than a day; called now and then so the table stays small. */
export async function pruneEvents(db: Database, now = new Date()): Promise<void> {
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(now.getTime() - 86_400_000)));
}
