import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Locale } from '@/lib/i18n/routing';
import type { employeeSignupSchema } from '@/lib/schemas/auth';
import type { Database } from '@/lib/server/db/client';
import { employeeInvites, users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { pageLink } from './links';
import { hashPassword } from './passwords';
import { assertUncommonPassword, isUniqueViolation } from './signup';
import { hashToken, randomToken } from './tokens';

export const INVITE_TTL_DAYS = 7;

/**
 * A single-use invitation to employee sign-up, valid 7 days; returns the link to send. A newer
 * invitation to the same address voids the older ones still open (their link stops working), and
 * an address that already has an account is refused (409): sign-up could never use the link.
 */
export async function createInvite(db: Database, email: string, locale: Locale, invitedBy: number | null = null) {
  const address = email.trim().toLowerCase();
  const token = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000);
  const invite = await db.transaction(async (tx) => {
    const [account] = await tx.select({ isActive: users.isActive, isEmployee: users.isEmployee }).from(users).where(and(eq(users.email, address), isNull(users.closedAt)));
    if (account) {
      const deactivatedColleague = account.isEmployee && !account.isActive;
      throw new AppError('account_exists', 409, deactivatedColleague ? 'teamAccountInactive' : 'teamAccountExists');
    }
    await tx
      .update(employeeInvites)
      .set({ expiresAt: now })
      .where(and(eq(employeeInvites.email, address), isNull(employeeInvites.usedAt), gt(employeeInvites.expiresAt, now)));
    const [row] = await tx.insert(employeeInvites).values({ email: address, tokenHash: hashToken(token), invitedBy, expiresAt }).returning();
    return row!;
  });
  return { id: invite.id, link: pageLink(locale, '/signup/employee', { query: { invite: token } }), expiresAt };
}

/**
 * Creates an employee account from an invitation. Claiming the invitation and creating the
 * account happen in one transaction, so an invitation can never make two accounts.
 */
export async function employeeSignup(db: Database, input: z.infer<typeof employeeSignupSchema>) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [invite] = await tx
        .update(employeeInvites)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(employeeInvites.tokenHash, hashToken(input.invite_token)),
            isNull(employeeInvites.usedAt),
            gt(employeeInvites.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!invite) throw new AppError('invite_invalid', 400, 'inviteInvalid');
      assertUncommonPassword(input.password, invite.email, 'password');
      const [user] = await tx
        .insert(users)
        .values({
          email: invite.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.phone ?? null,
          preferredLanguage: input.preferred_language,
          isEmployee: true,
          // The invitation went to this address: it is proven.
          emailVerifiedAt: new Date(),
        })
        .returning();
      return user!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('email_taken', 409, 'emailTaken');
    throw error;
  }
}
