import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { Database } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { consumeEmailAllowance, sendPasswordResetEmail } from './accountEmails';
import { redeemLinkToken } from './emailTokens';
import { hashPassword, verifyPassword } from './passwords';
import { clearEvents, consume, hashIp, limits } from './rateLimit';
import { deleteUserSessions, type User } from './sessions';
import { decodeUid } from './tokens';
import { assertUncommonPassword } from './signup';
import { findUserByEmail, findUserById } from './users';
import { endFeeds } from '@/lib/server/calendarFeed/feeds';

/** Mails a reset link when the address has an active account. Same answer, same work, either way. */
export async function requestPasswordReset(db: Database, email: string, locale: Locale, ip: string): Promise<void> {
  await consume(db, `reset-ip:${hashIp(ip)}`, limits.passwordResetPerIp);
  await consumeEmailAllowance(db, email);
  const user = await findUserByEmail(db, email);
  if (user?.isActive) await sendPasswordResetEmail(db, user, locale);
}

async function setPassword(db: Database, user: User, password: string, keepSessionHash?: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({
      passwordHash,
      passwordResetRequired: false,
      // Following a mailed link proves the address as well as a verification link does.
      emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id));
  // A new password ends every other session (DESIGN §4.5), and every calendar link (issue #41).
  await deleteUserSessions(db, user.id, keepSessionHash);
  await endFeeds(db, { userId: user.id, reason: 'password_changed', actorUserId: user.id });
}

/** Sets a new password from a reset link (1 hour, single use, only the newest link works). */
export async function confirmPasswordReset(db: Database, input: { uid: string; token: string; new_password: string }): Promise<void> {
  const invalid = () => new AppError('invalid_link', 400, 'invalidLink');
  const claimed = decodeUid(input.uid);
  const user = claimed === null ? undefined : await findUserById(db, claimed);
  if (!user || !user.isActive) throw invalid();
  // Judge the new password before using the link, so a refused password does not cost the link.
  assertUncommonPassword(input.new_password, user.email, 'new_password');
  if ((await redeemLinkToken(db, input.uid, input.token, 'password_reset')) !== user.id) throw invalid();
  await setPassword(db, user, input.new_password);
}

/** Changes the password of the signed-in user, who proves the current one; this session stays. */
export async function changePassword(
  db: Database,
  user: User,
  sessionHash: string,
  input: { current_password: string; new_password: string },
): Promise<void> {
  const failuresKey = `login-failed:${user.email}`;
  // As at login: counted first, forgotten when the password is right.
  await consume(db, failuresKey, limits.failedLoginPerAccount);
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw new AppError('wrong_current_password', 400, 'wrongCurrentPassword', {
      fieldErrors: { current_password: ['wrongCurrentPassword'] },
    });
  }
  await clearEvents(db, failuresKey);
  assertUncommonPassword(input.new_password, user.email, 'new_password');
  await setPassword(db, user, input.new_password, sessionHash);
}
