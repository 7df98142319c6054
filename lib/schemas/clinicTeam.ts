import { z } from 'zod';
import { emailSchema } from './contact';

/** POST /api/clinic/invitations: who to invite, and the language of the e-mail and its link. */
export const teamInviteSchema = z.object({
  email: emailSchema,
  language: z.enum(['en', 'fr'], { error: 'languageInvalid' }),
});
export type TeamInviteInput = z.output<typeof teamInviteSchema>;

/** The [id] of /api/clinic/employees/[id]/...: a positive whole number (anything else names nobody). */

export const INVITATION_STATUSES = ['pending', 'used', 'expired', 'voided'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** A College registration number, once trimmed and in capitals: 3 to 20 letters, digits or hyphens. */
const isRegistrationNumber = (v: string) => /^[A-Z0-9-]{3,20}$/.test(v);

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
    .refine((v) => v === '' || isRegistrationNumber(v), 'registrationNumberInvalid')
    .transform((v) => (v === '' ? null : v))
    .nullable(),
});

/**
 * The team page's form for that number: the same rule, and one message for any miss, the form's
 * own text (ClinicTeam.employees.registrationInvalid, not a Validation key). Empty clears it.
 */
export const REGISTRATION_FORM_INVALID = 'registrationInvalid';
export const registrationFormSchema = z.object({
  registration_number: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isRegistrationNumber(v), REGISTRATION_FORM_INVALID)
    .transform((v) => (v === '' ? null : v)),
});
