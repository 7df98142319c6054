import 'server-only';
import { createHmac } from 'node:crypto';
import type { Locale } from '@/lib/i18n/routing';
import type { ContactMessage } from '@/lib/schemas/contactMessage';
import { assertUnderLimit, recordEvent, type Limit } from '@/lib/server/auth/rateLimit';
import type { Database } from '@/lib/server/db/client';
import { contactMessages } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { getSecret } from '@/lib/server/secrets';
import { sendContactEmails } from './contactEmails';

/** Who sent the message: the request's address (for the limits only) and language. */
export interface ContactActor {
  ip: string;
  locale: Locale;
}

/** Enough for a person who writes again; few enough that a bot cannot flood the clinic's inbox. */
export const contactLimits = {
  perIp: { max: 5, windowMs: 60 * 60_000 },
  perEmail: { max: 3, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * A keyed hash of the address: the same sender gives the same value (for the limits and for
 * spotting abuse later), but without the app secret nobody can recover the address from it,
 * which a plain SHA-256 of the small IPv4 space would allow.
 */
export function hashIp(ip: string): string {
  return createHmac('sha256', getSecret('app-secret')).update(`contact-ip:${ip}`).digest('hex');
}

/** Re-labels the limiter's 429 so the visitor reads a contact-page text (call us instead). */
async function underLimit(db: Database, key: string, limit: Limit, now: Date): Promise<void> {
  try {
    await assertUnderLimit(db, key, limit, now);
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') {
      throw new AppError(error.code, error.status, 'contactRateLimited', error.options);
    }
    throw error;
  }
}

/**
 * POST /api/contact: stores the message and counts it against the limits in one transaction,
 * then, once committed, e-mails the clinic and acknowledges to the sender. A filled honeypot is
 * a bot: it gets the same success answer, and nothing is stored, counted or sent.
 * Returns whether the message was accepted (false for the honeypot, for tests and logs only).
 */
export async function submitContactMessage(
  db: Database,
  input: ContactMessage,
  actor: ContactActor,
  now: Date = new Date(),
): Promise<{ accepted: boolean }> {
  if (input.website) return { accepted: false };

  const ipKey = `contact-ip:${hashIp(actor.ip)}`;
  const emailKey = `contact-email:${input.email}`;
  const saved = await db.transaction(async (tx) => {
    // Both checks before either count, so a refused message uses up neither allowance.
    await underLimit(tx, ipKey, contactLimits.perIp, now);
    await underLimit(tx, emailKey, contactLimits.perEmail, now);
    await recordEvent(tx, ipKey, now);
    await recordEvent(tx, emailKey, now);
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        subject: input.subject,
        message: input.message,
        language: actor.locale,
        ipHash: ipKey.slice('contact-ip:'.length),
        createdAt: now,
      })
      .returning();
    return row!;
  });

  await sendContactEmails(saved);
  return { accepted: true };
}
