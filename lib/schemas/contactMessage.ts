import { z } from 'zod';
import { emailSchema, phoneSchema } from './contact';

/**
 * POST /api/contact and the contact page's form (not lib/schemas/contact.ts, which is the
 * booking's contact step). Messages are keys of the Validation namespace (messages/*.json).
 */
const text = (max: number) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });

/** Optional: empty means "not given"; anything typed must be a valid phone number (phoneSchema). */
const optionalPhone = z
  .string({ error: 'phoneInvalid' })
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const parsed = phoneSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: 'phoneInvalid' });
    return z.NEVER;
  });

export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

export const contactMessageSchema = z.strictObject({
  name: text(100),
  email: emailSchema,
  phone: optionalPhone,
  subject: text(150),
  message: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .min(CONTACT_MESSAGE_MIN_LENGTH, { error: 'messageTooShort' })
    .max(CONTACT_MESSAGE_MAX_LENGTH, { error: 'messageTooLong' }),
  // A boolean (not literal true), so a form can start unchecked; only true passes.
  consent: z.boolean({ error: 'consentRequired' }).refine((value) => value, { error: 'consentRequired' }),
  /**
   * The honeypot: hidden from people, filled in by form-filling bots. It must be empty, but a
   * filled one is not a validation error: the server answers as if the message were sent (so a
   * bot learns nothing) and stores and sends nothing (lib/server/contact).
   */
  website: z.string().max(500).optional(),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;
