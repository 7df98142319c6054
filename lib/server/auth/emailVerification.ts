import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { Database } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { consumeEmailAllowance, sendVerificationEmail, sendWelcomeEmail } from './accountEmails';
import { redeemLinkToken } from './emailTokens';
import { findUserByEmail } from './users';

/** Confirms the address from an e-mailed link (single use); welcomes the user the first time. */
export async function verifyEmail(db: Database, uid: string, token: string, locale: Locale): Promise<void> {
  const userId = await redeemLinkToken(db, uid, token, 'verify_email');
  if (userId === null) throw new AppError('invalid_link', 400, 'invalidLink');
  const [updated] = await db
    .update(users)
    .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (updated) await sendWelcomeEmail(db, updated, locale);
}

/** Sends a new link if the address has an unverified account; the answer is the same either way. */
export async function resendVerification(db: Database, email: string, locale: Locale): Promise<void> {
  await consumeEmailAllowance(db, email);
  const user = await findUserByEmail(db, email);
  if (user && user.isActive && !user.emailVerifiedAt) await sendVerificationEmail(db, user, locale);
}

