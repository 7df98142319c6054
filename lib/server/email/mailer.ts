import 'server-only';
import nodemailer from 'nodemailer';
import { toMailOptions } from './compose';
import { nextOutboxDate, writeToOutbox } from './outbox';
import type { MailerSettings } from './settings';
import { emailMessageSchema, type EmailMessage, type SendEmailOptions, type SendResult } from './types';

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: EmailMessage, options?: SendEmailOptions): Promise<SendResult>;
}

// A request that sends mail must not hang on an unreachable server.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

function smtpTransport(url: string) {
  // The messages never echo the URL: it carries the SMTP password.
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error('SMTP_URL is not a valid URL (expected smtp://user:pass@host:port or smtps://...)');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${protocol}//)`);
  }
  return nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
}

// CRLF line ends: the .eml is then byte for byte what goes over SMTP (before dot-stuffing).
const streamTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/** A mailer for the given settings: SMTP when `smtpUrl` is set, otherwise the file outbox. */
export function createMailer(settings: MailerSettings): Mailer {
  const { smtpUrl, outboxDir, from, log } = settings;
  if (smtpUrl) {
    const transporter = smtpTransport(smtpUrl);
    return {
      transport: 'smtp',
      async send(input, options = {}) {
        const message = emailMessageSchema.parse(input);
        const info = await transporter.sendMail(toMailOptions(message, from, options, new Date()));
        log?.(`[email] to ${message.to}: ${message.subject} -> SMTP`);
        return { transport: 'smtp', messageId: info.messageId };
      },
    };
  }
  if (!outboxDir) throw new Error('createMailer needs smtpUrl or outboxDir');
  return {
    transport: 'outbox',
    async send(input, options = {}) {
      const message = emailMessageSchema.parse(input);
      const date = nextOutboxDate();
      const info = await streamTransport.sendMail(toMailOptions(message, from, options, date));
      if (!Buffer.isBuffer(info.message)) throw new Error('stream transport returned no buffer');
      const file = await writeToOutbox(
        outboxDir,
        {
          messageId: info.messageId,
          from,
          to: message.to,
          ...(options.replyTo ? { replyTo: options.replyTo } : {}),
          subject: message.subject,
          language: message.language,
          text: message.text,
          html: message.html,
          attachments: (message.attachments ?? []).map(({ filename, contentType, content }) => ({
            filename,
            contentType,
            size: Buffer.byteLength(content),
          })),
        },
        date,
        info.message,
      );
      // In development the link is what a developer needs to go on (issue #3); never in production.
      const links = [...new Set(message.text.match(/https?:\/\/\S+/g) ?? [])].slice(0, 3);
      log?.(`[email] to ${message.to}: ${message.subject} -> ${file}${links.map((link) => `\n        link: ${link}`).join('')}`);
      return { transport: 'outbox', messageId: info.messageId, path: file };
    },
  };
}
