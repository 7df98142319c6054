import 'server-only';
import type { z } from 'zod';
import type { Locale } from '@/lib/i18n/routing';
import type { signupSchema } from '@/lib/schemas/auth';
import type { Database } from '@/lib/server/db/client';
import { patientProfiles, users } from '@/lib/server/db/schema';
import { AppError, fieldInvalid } from '@/lib/server/http/appError';
import { consumeEmailAllowance, sendVerificationEmail } from './accountEmails';
import { hashPassword, isCommonPassword } from './passwords';
import { consume, hashIp, limits } from './rateLimit';
import { findUserByEmail } from './users';

/** Refuses a password of good length that is still easy to guess (field error on `field`). */
export function assertUncommonPassword(password: string, email: string, field: string): void {
  if (isCommonPassword(password, email)) {
    throw fieldInvalid(field, 'passwordCommon');
  }
}

/** PostgreSQL's unique_violation, which drizzle wraps (the code is on the cause). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined);
  return code(error) === '23505' || code((error as { cause?: unknown })?.cause) === '23505';
}

/** Creates a patient account (not yet verified) with its address, and mails the verification link. */
export async function signup(db: Database, input: z.infer<typeof signupSchema>, ip: string) {
  const { contact, address } = input;
  await consume(db, `signup-ip:${hashIp(ip)}`, limits.signupPerIp);
  assertUncommonPassword(input.password, contact.email, 'password');
  if (await findUserByEmail(db, contact.email)) throw new AppError('email_taken', 409, 'emailTaken');
  const passwordHash = await hashPassword(input.password);

  let user;
  try {
    user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: contact.email,
          passwordHash,
          firstName: contact.firstName,
          lastName: contact.lastName,
          phone: contact.phone,
          preferredLanguage: input.preferred_language,
          isPatient: true,
        })
        .returning();
      await tx.insert(patientProfiles).values({
        userId: created!.id,
        streetNumber: address.streetNumber,
        streetName: address.streetName,
        unitNumber: address.unitNumber || null,
        city: address.city,
        provinceCode: address.province,
        countryCode: address.country,
        postalCode: address.postalCode,
      });
      return created!;
    });
  } catch (error) {
    // Two sign-ups with one address at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('email_taken', 409, 'emailTaken');
    throw error;
  }
  // The account exists either way; the link can be asked for again from the prompt page.
  const allowed = await consumeEmailAllowance(db, user.email).then(() => true, () => false);
  if (allowed) await sendVerificationEmail(db, user, input.preferred_language as Locale);
  return user;
}
