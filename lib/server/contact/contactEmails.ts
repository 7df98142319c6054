import 'server-only';
import { pageLink } from '@/lib/server/auth/links';
import { getConfig } from '@/lib/server/config';
import type { ContactMessageRow } from '@/lib/server/db/schema';
import { contactAcknowledgementEmail, contactClinicCopyEmail, sendEmail } from '@/lib/server/email';

/** A failed send never undoes the stored message (the clinic still sees it); logged without content. */
async function deliver(send: () => Promise<unknown>, what: string): Promise<void> {
  try {
    await send();
  } catch (error) {
    console.error(`[email] ${what} could not be sent: ${error instanceof Error ? error.name : 'error'}`);
  }
}

/**
 * The two e-mails of a contact-page message, called after it is committed: the clinic's copy
 * (with the message: it goes to the clinic's own mailbox, see contactClinicCopy.ts), Reply-To
 * the sender, and the sender's acknowledgement in their language (without the message).
 */
export async function sendContactEmails(message: ContactMessageRow): Promise<void> {
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
  await deliver(() => sendEmail({ to: clinicEmail, language, ...copy }, { replyTo: message.email }), 'contact message');

  const acknowledgement = contactAcknowledgementEmail({ language, bookingLink: pageLink(language, '/book-online') });
  await deliver(() => sendEmail({ to: message.email, language, ...acknowledgement }), 'contact acknowledgement');
}
