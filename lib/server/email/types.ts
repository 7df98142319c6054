import 'server-only';
import { z } from 'zod';

export const EMAIL_LANGUAGES = ['en', 'fr'] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];

// A header value must be one line: a CR or LF in it would let a caller inject headers.
const oneLine = z.string().min(1).refine((value) => !/[\r\n]/.test(value), 'must be a single line');

/**
 * What callers hand to sendEmail. Validated before anything is sent or written: a bad message
 * is a programming error, so it throws rather than producing a half-formed e-mail.
 */
export const emailMessageSchema = z.object({
  to: z.email(),
  subject: oneLine,
  text: z.string().min(1),
  html: z.string().min(1),
  language: z.enum(EMAIL_LANGUAGES),
  attachments: z
    // Text (an .ics) as is; binary (a receipt's PDF) as base64.
    .array(z.object({ filename: oneLine, content: z.string(), contentType: oneLine, encoding: z.literal('base64').optional() }))
    .optional(),
});

export type EmailMessage = z.infer<typeof emailMessageSchema>;
export type EmailAttachment = NonNullable<EmailMessage['attachments']>[number];

export interface SendEmailOptions {
  /** Where replies go, e.g. the visitor's address on a contact-form message sent to the clinic. */
  replyTo?: string;
}

export interface SendResult {
  transport: 'smtp' | 'outbox';
  messageId: string;
  /** The outbox .json file, when the message went to the outbox. */
  path?: string;
}
