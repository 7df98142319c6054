import { z, type ZodType } from 'zod';
import { languageSchema } from './auth';
import { addressSchema, contactSchema } from './contact';
import { idSchema } from './ids';

/**
 * Request bodies of the booking steps (SPEC §7), field names exactly as the spec writes them.
 * Messages are keys of the Validation or Server namespace (messages/*.json).
 */

/** The reasons for a visit: 1 to 3 (SPEC §9). */
export const MAX_BOOKING_SKILLS = 3;
/** The patient's note to the dietitian (health data: validated, stored, never logged). */
export const MAX_USER_MESSAGE_LENGTH = 1000;

/**
 * A step token. Optional here on purpose: a missing one is the token check's business, which
 * answers `booking_token_missing` like every other token problem, rather than a field error.
 */
const token = z.string().max(8192, { error: 'tooLong' }).optional();
/** 'required' when absent; zod's own localized text for a wrong type or a value out of range. */
const requiredWhenAbsent = (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : undefined);
// int32: ids are PostgreSQL integers.
const id = idSchema(requiredWhenAbsent);

/** POST /api/booking/check-session */
export const checkSessionSchema = z.strictObject({
  session_language: languageSchema,
  rescheduling_appointment_id: id.nullable().optional(),
  employee_selected_patient_id: id.nullable().optional(),
  /** -1 = automatic choice (SPEC §4). */
  employee_selected_dietitian_id: z.union([z.literal(-1), id], { error: requiredWhenAbsent }).nullable().optional(),
});

/** POST /api/booking/check-service */
export const checkServiceSchema = z.strictObject({
  service_id: id,
  session_language_token: token,
  auth_token: token,
});

const ADDRESS_KEYS: readonly string[] = Object.keys(addressSchema.shape);
const CONTACT_KEYS: readonly string[] = Object.keys(contactSchema.shape);

/**
 * The client sends the whole SPEC §3 contact form to both check-contact and check-address; each
 * step validates its own half (strictly) and leaves the other half, perhaps not filled in yet, alone.
 */
function formHalf<T>(half: ZodType<T>, otherHalfKeys: readonly string[]) {
  return z
    .looseObject({})
    .transform((form): unknown => Object.fromEntries(Object.entries(form).filter(([key]) => !otherHalfKeys.includes(key))))
    .pipe(half);
}

/** POST /api/booking/check-contact */
export const checkContactSchema = z.strictObject({
  contact: formHalf(contactSchema, ADDRESS_KEYS),
  session_language_token: token,
  auth_token: token,
});

/** POST /api/booking/check-address (the same body; the address half of the form). */
export const checkAddressSchema = z.strictObject({
  contact: formHalf(addressSchema, CONTACT_KEYS),
  session_language_token: token,
  auth_token: token,
});

/** POST /api/booking/check-skills */
export const checkSkillsSchema = z.strictObject({
  skills: z
    .array(id, { error: requiredWhenAbsent })
    .min(1, { error: 'skillsCount' })
    .max(MAX_BOOKING_SKILLS, { error: 'skillsCount' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'skillsDistinct' }),
  user_message: z
    .string()
    .trim()
    .max(MAX_USER_MESSAGE_LENGTH, { error: 'tooLong' })
    .nullish()
    .transform((message) => message ?? ''),
  session_language_token: token,
  service_token: token,
  auth_token: token,
  contact_token: token,
  address_token: token,
});

const officeStepTokens = {
  session_language_token: token,
  auth_token: token,
  service_token: token,
  contact_token: token,
  address_token: token,
  skills_token: token,
};

/** POST /api/booking/locations/fetch */
export const fetchLocationsSchema = z.strictObject(officeStepTokens);

/** POST /api/booking/locations/check */
export const checkLocationSchema = z.strictObject({
  ...officeStepTokens,
  office_data_token: token,
  selected_office_id: id,
});

export type CheckSessionInput = z.output<typeof checkSessionSchema>;
export type CheckServiceInput = z.output<typeof checkServiceSchema>;
export type CheckContactInput = z.output<typeof checkContactSchema>;
export type CheckAddressInput = z.output<typeof checkAddressSchema>;
export type CheckSkillsInput = z.output<typeof checkSkillsSchema>;
export type FetchLocationsInput = z.output<typeof fetchLocationsSchema>;
export type CheckLocationInput = z.output<typeof checkLocationSchema>;
