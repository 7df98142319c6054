import 'server-only';
import type { Locale } from '@/lib/i18n/routing';
import type { ContactMessage } from '@/lib/schemas/contactMessage';
import { assertUnderLimit, hashIp, lockLimitKeys, recordEvent, type Limit } from '@/lib/server/auth/rateLimit';
import type { Database } from '@/lib/server/db/client';
import { contactMessages } from '@/lib/server/db/schema';
import { kickMailQueue } from '@/lib/server/email/queue';
import { queueContactEmails } from './contactEmails';

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
  await db.transaction(async (tx) => {
    // Both checks before either count, so a refused message uses up neither allowance; under the
    // keys' locks, so simultaneous messages are counted one after the other.
    // The contact page's text: call us instead.
    await lockLimitKeys(tx, [ipKey, emailKey]);
    await assertUnderLimit(tx, ipKey, contactLimits.perIp, now, 'contactRateLimited');
    await assertUnderLimit(tx, emailKey, contactLimits.perEmail, now, 'contactRateLimited');
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
    await queueContactEmails(tx, row!);
  });

  void kickMailQueue();
  return { accepted: true };
}
