import 'server-only';
import { pageLink } from '@/lib/server/auth/links';
import { getConfig } from '@/lib/server/config';
import type { ContactMessageRow } from '@/lib/server/db/schema';
import type { Database } from '@/lib/server/db/client';
import { contactAcknowledgementEmail, contactClinicCopyEmail } from '@/lib/server/email';
import { queueEmail } from '@/lib/server/email/queue';

/**
 * The two e-mails of a contact-page message, queued in the transaction that stores it: the clinic's copy
 * (with the message: it goes to the clinic's own mailbox, see contactClinicCopy.ts), Reply-To
 * the sender, and the sender's acknowledgement in their language (without the message).
 */
export async function queueContactEmails(tx: Database, message: ContactMessageRow): Promise<void> {
  const { clinicEmail, clinicTimezone } = getConfig();
  const language = message.language;
  const copy = contactClinicCopyEmail({
    language,
    name: message.name,
    email: message.email,
    phone: message.phone,
    subject: message.subject,
    message: message.message,
    receivedAt: message.createdAt,
    timeZone: clinicTimezone,
  });
  await queueEmail(tx, { purpose: 'contact message', message: { to: clinicEmail, language, ...copy }, options: { replyTo: message.email } });

  const acknowledgement = contactAcknowledgementEmail({ language, bookingLink: pageLink(language, '/book-online') });
  await queueEmail(tx, { purpose: 'contact acknowledgement', message: { to: message.email, language, ...acknowledgement } });
}
