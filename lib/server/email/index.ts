import 'server-only';
import { createMailer, type Mailer } from './mailer';
import { emailSettingsFromEnv } from './settings';
import type { EmailMessage, SendEmailOptions, SendResult } from './types';

export { createMailer } from './mailer';
export { readOutbox, type OutboxRecord } from './outbox';
export { DEFAULT_MAIL_FROM, emailSettingsFromEnv } from './settings';
export type { EmailAttachment, EmailLanguage, EmailMessage, SendEmailOptions, SendResult } from './types';
export * from './templates';

// Built on first use, so importing this module never reads the environment or fails start-up.
let defaultMailer: Mailer | undefined;

/** Sends through the transport the environment configures (DESIGN §4.3). */
// async, so a bad SMTP_URL rejects the returned promise instead of throwing at the call site.
export async function sendEmail(message: EmailMessage, options?: SendEmailOptions): Promise<SendResult> {
  defaultMailer ??= createMailer(emailSettingsFromEnv());
  return defaultMailer.send(message, options);
}
