import type { z } from 'zod';
import type { addressStepSchema, contactStepSchema, credentialsStepSchema } from '../schemas';

export const SIGNUP_STEPS = ['credentials', 'contact', 'address'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

/** What the visitor typed in each step (kept when going back). */
export interface SignupRaw {
  credentials: z.input<typeof credentialsStepSchema>;
  contact: z.input<typeof contactStepSchema>;
  address: z.input<typeof addressStepSchema>;
}

/** Each step's values once its schema accepted them. */
export interface SignupParsed {
  credentials: z.output<typeof credentialsStepSchema>;
  contact: z.output<typeof contactStepSchema>;
  address: z.output<typeof addressStepSchema>;
}

/** Server field errors for one step: form field -> message, in form order. */
export type StepErrors = Record<string, string>;

export interface StepProps<S extends SignupStep> {
  values: SignupRaw[S];
  serverErrors?: StepErrors;
  onNext: (values: SignupRaw[S], parsed: SignupParsed[S]) => void | Promise<void>;
  onBack?: (values: SignupRaw[S]) => void;
}

/** Where each `field_errors` path of POST /api/auth/signup belongs: [step, form field]. */
export const SIGNUP_FIELD_PATHS: ReadonlyArray<readonly [string, SignupStep, string]> = [
  ['contact.email', 'credentials', 'email'],
  ['password', 'credentials', 'password'],
  ['preferred_language', 'credentials', 'preferred_language'],
  ['contact.firstName', 'contact', 'firstName'],
  ['contact.lastName', 'contact', 'lastName'],
  ['contact.phone', 'contact', 'phone'],
  ['address.streetNumber', 'address', 'streetNumber'],
  ['address.streetName', 'address', 'streetName'],
  ['address.unitNumber', 'address', 'unitNumber'],
  ['address.city', 'address', 'city'],
  ['address.province', 'address', 'province'],
  ['address.postalCode', 'address', 'postalCode'],
  ['address.country', 'address', 'country'],
];
