import { z } from 'zod';
import { MAX_DB_ID } from './ids';
import { emailSchema } from './contact';

/** POST /api/clinic/invitations: who to invite, and the language of the e-mail and its link. */
export const teamInviteSchema = z.object({
  email: emailSchema,
  language: z.enum(['en', 'fr'], { error: 'languageInvalid' }),
});
export type TeamInviteInput = z.output<typeof teamInviteSchema>;

/** The [id] of /api/clinic/employees/[id]/...: a positive whole number (anything else names nobody). */
export const employeeIdSchema = z.coerce.number().int().positive().max(MAX_DB_ID);

export const INVITATION_STATUSES = ['pending', 'used', 'expired', 'voided'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * PUT /api/clinic/employees/<id>/registration: the dietitian's registration number with the
 * College of Dietitians of Ontario, printed on receipts (issue #20). Null or empty clears it.
 */
export const registrationNumberSchema = z.strictObject({
  registration_number: z
    .string()
    .trim()
    .toUpperCase()
    .max(20, 'tooLong')
    .refine((v) => v === '' || /^[A-Z0-9-]{3,20}$/.test(v), 'registrationNumberInvalid')
    .transform((v) => (v === '' ? null : v))
    .nullable(),
});
