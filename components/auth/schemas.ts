import { z } from 'zod';
import { employeeSignupSchema, languageSchema, changePasswordSchema } from '@/lib/schemas/auth';
import { addressSchema, contactSchema, emailSchema, phoneSchema } from '@/lib/schemas/contact';
import { passwordSchema } from '@/lib/schemas/password';

/**
 * Browser-side form schemas, built from the shared pieces the server also checks. The only
 * additions are what the server never receives: the password confirmation.
 */
const confirmation = z.string({ error: 'required' }).min(1, { error: 'required' });

/** The confirmation is compared once both password fields are themselves valid. */
function matches(password: string, confirm: string) {
  return {
    path: [confirm],
    error: 'passwordsDoNotMatch',
    when: (payload: z.core.ParsePayload) =>
      !payload.issues.some((issue) => issue.path?.[0] === password || issue.path?.[0] === confirm),
  };
}

/** Sign-up step 1: credentials. */
export const credentialsStepSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: confirmation,
    preferred_language: languageSchema,
  })
  .refine((v) => v.password === v.confirmPassword, matches('password', 'confirmPassword'));

/** Sign-up step 2: contact details (the e-mail was given in step 1). */
export const contactStepSchema = contactSchema.pick({ firstName: true, lastName: true, phone: true });

/** Sign-up step 3: the shared address schema as is (province and postal code fit the country). */
export const addressStepSchema = addressSchema;

export const employeeFormSchema = z
  .object({
    first_name: employeeSignupSchema.shape.first_name,
    last_name: employeeSignupSchema.shape.last_name,
    // Optional: an empty field is no phone number.
    phone: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(phoneSchema.optional()),
    password: passwordSchema,
    confirmPassword: confirmation,
    preferred_language: languageSchema,
  })
  .refine((v) => v.password === v.confirmPassword, matches('password', 'confirmPassword'));

export const resetPasswordFormSchema = z
  .object({ new_password: passwordSchema, confirmPassword: confirmation })
  .refine((v) => v.new_password === v.confirmPassword, matches('new_password', 'confirmPassword'));

export const changePasswordFormSchema = z
  .object({
    current_password: changePasswordSchema.shape.current_password,
    new_password: passwordSchema,
    confirmPassword: confirmation,
  })
  .refine((v) => v.new_password === v.confirmPassword, matches('new_password', 'confirmPassword'));
