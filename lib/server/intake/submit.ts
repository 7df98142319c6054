import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { IntakeSubmission } from '@/lib/schemas/intake';
import { pageLink } from '@/lib/server/auth/links';
import { assertUnderLimit, hashIp, lockLimitKeys, recordEvent, type Limit } from '@/lib/server/auth/rateLimit';
import type { User } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/client';
import { intakeDrafts, intakeSubmissions, skills } from '@/lib/server/db/schema';
import { intakeAcknowledgementEmail } from '@/lib/server/email';
import { kickMailQueue, queueEmail } from '@/lib/server/email/queue';
import { AppError } from '@/lib/server/http/appError';
import { encryptJson, submissionContext } from './crypto';

/** Who sends the form: the request's address (for the limits only) and the signed-in user, if any. */
export interface IntakeActor {
  ip: string;
  user: User | null;
}

/** A form takes a while to fill in: a few per hour is plenty for a family on one network. */
export const intakeLimits = {
  perIp: { max: 5, windowMs: 60 * 60_000 },
  perEmail: { max: 3, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/** The reasons for consulting must be reasons the clinic offers (skills). */
async function assertReasonsExist(db: Database, reasons: number[]): Promise<void> {
  const found = await db.select({ id: skills.id }).from(skills).where(inArray(skills.id, reasons));
  if (found.length !== reasons.length) {
    throw new AppError('validation_error', 400, 'validationError', { fieldErrors: { 'answers.objective.reasons': ['skillNotFound'] } });
  }
}

/**
 * POST /api/intake: checks the limits, stores the answers encrypted with the consent given, and
 * clears the sender's server draft, all in one transaction; then, once committed, acknowledges
 * by e-mail without any answer. Returns the new form's public id.
 */
export async function submitIntake(
  db: Database,
  input: IntakeSubmission,
  actor: IntakeActor,
  now: Date = new Date(),
): Promise<{ publicId: string }> {
  const { contact } = input.answers;
  await assertReasonsExist(db, input.answers.objective.reasons);

  const publicId = randomUUID();
  const ipKey = `intake-ip:${hashIp(actor.ip)}`;
  const emailKey = `intake-email:${contact.email}`;
  await db.transaction(async (tx) => {
    // Both checks before either count, so a refused form uses up neither allowance; under the
    // keys' locks, so simultaneous forms are counted one after the other.
    await lockLimitKeys(tx, [ipKey, emailKey]);
    await assertUnderLimit(tx, ipKey, intakeLimits.perIp, now, 'intakeRateLimited');
    await assertUnderLimit(tx, emailKey, intakeLimits.perEmail, now, 'intakeRateLimited');
    await recordEvent(tx, ipKey, now);
    await recordEvent(tx, emailKey, now);
    await tx.insert(intakeSubmissions).values({
      publicId,
      userId: actor.user?.isPatient ? actor.user.id : null,
      email: contact.email,
      firstName: contact.firstName,
      lastName: contact.lastName,
      language: contact.preferredLanguage,
      consentVersion: input.consent.version,
      consentedAt: now,
      encryptedAnswers: encryptJson(input.answers, submissionContext(publicId)),
      createdAt: now,
    });
    if (actor.user) await tx.delete(intakeDrafts).where(eq(intakeDrafts.userId, actor.user.id));
    const language = contact.preferredLanguage;
    const email = intakeAcknowledgementEmail({ language, bookingLink: pageLink(language, '/book-online') });
    await queueEmail(tx, { purpose: 'intake acknowledgement', message: { to: contact.email, language, ...email } });
  });
  void kickMailQueue();
  return { publicId };
}
