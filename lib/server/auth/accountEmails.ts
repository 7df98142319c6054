import 'server-only';
import type { Locale } from '@/lib/i18n/routing';
import type { Database } from '@/lib/server/db/client';
import { passwordResetEmail, verificationEmail, welcomeEmail, type EmailMessage } from '@/lib/server/email';
import { kickMailQueue, queueEmail } from '@/lib/server/email/queue';
import { issueLinkToken } from './emailTokens';
import { pageLink } from './links';
import { consume, limits } from './rateLimit';
import type { User } from './sessions';
import { encodeUid } from './tokens';

/** At most 3 e-mails per address per 5 minutes, whether or not an account exists (no enumeration). */
export function consumeEmailAllowance(db: Database, email: string): Promise<void> {
  return consume(db, `email:${email.toLowerCase()}`, limits.emailPerAddress);
}

/**
 * Into the e-mail queue (issue #15), then a first try in the background: the request never waits
 * on SMTP, and a failed send is retried instead of lost.
 */
async function queueAndKick(db: Database, message: EmailMessage, purpose: string): Promise<void> {
  await queueEmail(db, { purpose, message });
  void kickMailQueue();
}

export async function sendVerificationEmail(db: Database, user: User, locale: Locale): Promise<void> {
  const token = await issueLinkToken(db, user.id, 'verify_email');
  const link = pageLink(locale, '/verify-email', { query: { uid: encodeUid(user.id), token } });
  const content = verificationEmail({ firstName: user.firstName, link, language: locale });
  await queueAndKick(db, { to: user.email, language: locale, ...content }, 'verification');
}

export async function sendPasswordResetEmail(db: Database, user: User, locale: Locale): Promise<void> {
  const token = await issueLinkToken(db, user.id, 'password_reset');
  const link = pageLink(locale, '/reset-password/[uid]/[token]', { params: { uid: encodeUid(user.id), token } });
  const content = passwordResetEmail({ firstName: user.firstName, link, language: locale, expiresInMinutes: 60 });
  await queueAndKick(db, { to: user.email, language: locale, ...content }, 'password reset');
}

export async function sendWelcomeEmail(db: Database, user: User, locale: Locale): Promise<void> {
  const content = welcomeEmail({ firstName: user.firstName, language: locale, loginLink: pageLink(locale, '/login') });
  await queueAndKick(db, { to: user.email, language: locale, ...content }, 'welcome');
}
