import { z } from 'zod';

/**
 * SPEC §3 contact form, shared by sign-up, booking (check-contact/check-address) and the
 * browser's forms. Messages are keys of the Validation namespace (messages/*.json).
 */
const text = (max: number) => z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });

/** Canadian postal codes (no D, F, I, O, Q, U; no W or Z first). */
const CA_POSTAL = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/;
const US_ZIP = /^\d{5}(\d{4})?$/;
export const CANADIAN_PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;

export const emailSchema = z
  .string({ error: 'required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'required' })
  .max(254, { error: 'tooLong' })
  .pipe(z.email({ error: 'emailInvalid' }));

/** 10 digits, or 11 starting with 1; stored as the 11 digits (shown +1 (xxx) xxx-xxxx). */
export const phoneSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(30, { error: 'phoneInvalid' })
  .transform((value) => value.replace(/[\s().+-]/g, ''))
  .pipe(z.string().regex(/^1?\d{10}$/, { error: 'phoneInvalid' }))
  .transform((digits) => (digits.length === 10 ? `1${digits}` : digits));

const contactShape = {
  firstName: text(100),
  lastName: text(100),
  email: emailSchema,
  phone: phoneSchema,
  createAccount: z.boolean().default(true),
};

export const addressShape = {
    streetNumber: text(10),
    streetName: text(100),
    unitNumber: z.string().trim().max(10, { error: 'tooLong' }).optional().default(''),
    city: text(100),
    province: z.string({ error: 'required' }).trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: 'provinceInvalid' }).default('ON'),
    postalCode: z
      .string({ error: 'required' })
      .trim()
      .toUpperCase()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().min(1, { error: 'required' }).max(10, { error: 'postalCodeInvalid' })),
    country: z.string({ error: 'required' }).trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: 'countryInvalid' }).default('CA'),
};

/** Postal code and province must fit the country (Canada and the United States are checked). */
export function checkRegion(address: { province: string; postalCode: string; country: string }, ctx: z.RefinementCtx) {
    if (address.country === 'CA') {
      if (!(CANADIAN_PROVINCES as readonly string[]).includes(address.province)) {
        ctx.addIssue({ code: 'custom', path: ['province'], message: 'provinceInvalid' });
      }
      if (!CA_POSTAL.test(address.postalCode)) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'postalCodeInvalid' });
    } else if (address.country === 'US' && !US_ZIP.test(address.postalCode)) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'postalCodeInvalid' });
    }
}

export const contactSchema = z.strictObject(contactShape);
export const addressSchema = z.strictObject(addressShape).superRefine(checkRegion);

export type Contact = z.infer<typeof contactSchema>;
export type Address = z.infer<typeof addressSchema>;
export type ContactFormInput = z.input<typeof contactSchema> & z.input<typeof addressSchema>;
