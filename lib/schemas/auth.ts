import { z } from 'zod';
import { addressSchema, contactSchema, emailSchema, phoneSchema } from './contact';
import { passwordSchema } from './password';

export const languageSchema = z.enum(['en', 'fr'], { error: 'languageInvalid' });

/** POST /api/auth/login */
export const loginSchema = z.strictObject({
  email: emailSchema,
  // Any length is accepted here: the account's real password decides.
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(1024, { error: 'tooLong' }),
});

/** POST /api/auth/signup: the wizard's three steps in one body. */
export const signupSchema = z.strictObject({
  password: passwordSchema,
  preferred_language: languageSchema,
  contact: contactSchema,
  address: addressSchema,
});

/** POST /api/auth/signup/employee: the invitation proves the e-mail address. */
export const employeeSignupSchema = z.strictObject({
  invite_token: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'tooLong' }),
  password: passwordSchema,
  preferred_language: languageSchema,
  first_name: contactSchema.shape.firstName,
  last_name: contactSchema.shape.lastName,
  phone: phoneSchema.optional(),
});

/** A link sent by e-mail: the user id (base64url) and the single-use token. */
const linkShape = {
  uid: z.string({ error: 'required' }).min(1, { error: 'required' }).max(40, { error: 'tooLong' }),
  token: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'tooLong' }),
};

/** POST /api/auth/verify-email */
export const verifyEmailSchema = z.strictObject(linkShape);

/** POST /api/auth/resend-verification and POST /api/auth/password-reset */
export const emailOnlySchema = z.strictObject({ email: emailSchema });

/** POST /api/auth/password-reset/confirm */
export const passwordResetConfirmSchema = z.strictObject({ ...linkShape, new_password: passwordSchema });

/** POST /api/auth/change-password */
export const changePasswordSchema = z.strictObject({
  current_password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(1024, { error: 'tooLong' }),
  new_password: passwordSchema,
});
