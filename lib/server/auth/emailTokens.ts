import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/client';
import { emailTokens } from '@/lib/server/db/schema';
import { decodeUid, hashToken, randomToken } from './tokens';

export type LinkPurpose = 'verify_email' | 'password_reset';

/** How long an e-mailed link works: a reset link 1 hour (DESIGN §4.5), a verification link 2 days. */
export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  verify_email: 48 * 3_600_000,
  password_reset: 3_600_000,
};

/** A new single-use link token for the user; every older unused link of the same purpose stops working. */
export async function issueLinkToken(db: Database, userId: number, purpose: LinkPurpose, now = new Date()): Promise<string> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ voidedAt: now })
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), isNull(emailTokens.voidedAt)));
    await tx.insert(emailTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + LINK_TTL_MS[purpose]),
      createdAt: now,
    });
  });
  return token;
}

/**
 * Uses a link once: returns the user id when the token is the user's, of that purpose, unused,
 * not superseded and not expired; null otherwise. The check and the marking are one statement,
 * so two simultaneous uses cannot both succeed.
 */
export async function redeemLinkToken(db: Database, uid: string, token: string, purpose: LinkPurpose, now = new Date()): Promise<number | null> {
  const userId = decodeUid(uid);
  if (userId === null) return null;
  const [used] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        isNull(emailTokens.voidedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return used?.userId ?? null;
}
