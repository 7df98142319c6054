import { addressShape, checkRegion, emailSchema, phoneSchema } from '../contact';
import { choice, text } from './fields';
import { defineStep } from './step';

export const CONTACT_METHODS = ['email', 'phone', 'text'] as const;
export const LANGUAGES = ['en', 'fr'] as const;

/** Step 1: who the patient is and how to reach them (the booking form's contact and address fields). */
export const contactStep = defineStep(
  'contact',
  {
    firstName: text(100),
    lastName: text(100),
    email: emailSchema,
    phone: phoneSchema,
    ...addressShape,
    preferredLanguage: choice(LANGUAGES),
    contactMethod: choice(CONTACT_METHODS),
  },
  [
    { name: 'firstName', kind: 'text', autoComplete: 'given-name' },
    { name: 'lastName', kind: 'text', autoComplete: 'family-name' },
    { name: 'email', kind: 'email', autoComplete: 'email' },
    { name: 'phone', kind: 'tel', autoComplete: 'tel' },
    { name: 'address', kind: 'address' },
    { name: 'preferredLanguage', kind: 'radio', options: LANGUAGES },
    { name: 'contactMethod', kind: 'radio', options: CONTACT_METHODS },
  ],
  {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    streetNumber: '',
    streetName: '',
    unitNumber: '',
    city: '',
    province: 'ON',
    postalCode: '',
    country: 'CA',
    preferredLanguage: '',
    contactMethod: '',
  },
  (values, ctx) => checkRegion(values, ctx),
);

/** The address fields the 'address' field stands for (in the contact step's values). */
export const ADDRESS_FIELDS = Object.keys(addressShape) as Array<keyof typeof addressShape>;

/** Step 3: whom to call in an emergency. */
export const emergencyContactStep = defineStep(
  'emergencyContact',
  { name: text(100), relationship: text(60), phone: phoneSchema },
  [
    { name: 'name', kind: 'text', autoComplete: 'off' },
    { name: 'relationship', kind: 'text', autoComplete: 'off' },
    { name: 'phone', kind: 'tel', autoComplete: 'off' },
  ],
  { name: '', relationship: '', phone: '' },
);
