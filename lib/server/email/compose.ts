import 'server-only';
import type { SendMailOptions } from 'nodemailer';
import type { EmailMessage, SendEmailOptions } from './types';

/**
 * The nodemailer message for both transports, so the outbox .eml is built from exactly the
 * options SMTP would be given.
 */
export function toMailOptions(message: EmailMessage, from: string, options: SendEmailOptions, date: Date): SendMailOptions {
  return {
    from,
    to: message.to,
    replyTo: options.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    date,
    headers: { 'Content-Language': message.language },
    attachments: message.attachments?.map(({ filename, content, contentType, encoding }) => ({ filename, content, contentType, encoding })),
    // Our content is always inline strings: never let a value be read as a file path or URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
