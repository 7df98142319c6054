import { z } from 'zod';

/** NIST SP 800-63B-4 for a password-only login: 15 to 128 characters, no composition rules. */
export const PASSWORD_MIN = 15;
export const PASSWORD_MAX = 128;

/** Length only; the common-password check needs the server's list (lib/server/auth/passwords.ts). */
export const passwordSchema = z
  .string({ error: 'passwordRequired' })
  .min(PASSWORD_MIN, { error: 'passwordTooShort' })
  .max(PASSWORD_MAX, { error: 'passwordTooLong' });
