import 'server-only';
import { isLinkToken } from '@/lib/schemas/linkToken';
import type { Database } from '@/lib/server/db/client';
import { assertUnderLimit, hashIp, lockLimitKeys, recordEvent, type Limit } from './rateLimit';
import { hashToken } from './tokens';

/**
 * The guessing guard of the e-mailed links that open something without an account (a visit's
 * manage link, a waitlist place or offer). An unknown, expired or malformed token gets one
 * answer, and each such miss counts against the caller's address: 20 in 15 minutes and the
 * address is refused for a while (429), so tokens (256 bits) cannot be guessed, nor a lucky
 * guess told apart from a dead link. Each kind of link counts its own misses.
 */
export const LINK_MISSES: Limit = { max: 20, windowMs: 15 * 60_000 };

export type LinkKind = 'manage' | 'waitlist' | 'data';

/**
 * What `find` answers for the token's hash, or null; a null counts as a miss of the caller's
 * address. Under the address's lock, so simultaneous guesses are counted one after the other.
 */
export async function openGuardedLink<T>(
  db: Database,
  request: { kind: LinkKind; token: string; ip: string; now: Date },
  find: (tx: Database, tokenHash: string) => Promise<T | null>,
): Promise<T | null> {
  const key = `${request.kind}-miss:${hashIp(request.ip)}`;
  return db.transaction(async (tx) => {
    await lockLimitKeys(tx, [key]);
    await assertUnderLimit(tx, key, LINK_MISSES, request.now);
    const found = isLinkToken(request.token) ? await find(tx, hashToken(request.token)) : null;
    if (!found) await recordEvent(tx, key, request.now);
    return found;
  });
}
