import 'server-only';
import type { z } from 'zod';
import type { Locale } from '@/lib/i18n/routing';
import type { loginSchema } from '@/lib/schemas/auth';
import type { Database } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/appError';
import { sendPasswordResetEmail } from './accountEmails';
import { timingSafeDummyVerify, verifyPassword } from './passwords';
import { clearEvents, consume, limits } from './rateLimit';
import { createSession } from './sessions';
import { findUserByEmail } from './users';

/** SPEC §7: every login failure says whether verification or a reset is what is missing. */
const flags = (verify: boolean, reset: boolean) => ({ require_email_verification: verify, password_reset_required: reset });

/**
 * Checks the credentials and opens a new session (a new token at every login).
 * At most 10 failures per account per 15 minutes; an unknown address costs the same time.
 */
export async function login(db: Database, input: z.infer<typeof loginSchema>, locale: Locale) {
  const failuresKey = `login-failed:${input.email}`;
  // Counted before the password is checked, and forgotten once it is right: simultaneous guesses
  // cannot all pass the check before any of them is counted.
  await consume(db, failuresKey, limits.failedLoginPerAccount);
  const user = await findUserByEmail(db, input.email);
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await timingSafeDummyVerify(input.password).then(() => false);
  if (!user || !valid || !user.isActive) {
    throw new AppError('invalid_credentials', 401, 'invalidCredentials', { extra: flags(false, false) });
  }
  await clearEvents(db, failuresKey);
  if (!user.emailVerifiedAt) {
    throw new AppError('email_not_verified', 403, 'emailNotVerified', { extra: flags(true, false) });
  }
  if (user.passwordResetRequired) {
    await sendPasswordResetEmail(db, user, locale);
    throw new AppError('password_reset_required', 403, 'passwordResetRequired', { extra: flags(false, true) });
  }
  const session = await createSession(db, user);
  return { user, session };
}
