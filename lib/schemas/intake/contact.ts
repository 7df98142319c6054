import { addressShape, checkRegion, emailSchema, phoneSchema } from '../contact';
import { choice, text } from './fields';
import { CONTACT_METHODS, LANGUAGES, contact, emergencyContact } from './layout/contact';
import { defineStep } from './step';

/** Step 1: who the patient is and how to reach them (the booking form's contact and address fields). */
export const contactStep = defineStep(
  contact,
  {
    firstName: text(100),
    lastName: text(100),
    email: emailSchema,
    phone: phoneSchema,
    ...addressShape,
    preferredLanguage: choice(LANGUAGES),
    contactMethod: choice(CONTACT_METHODS),
  },
  (values, ctx) => checkRegion(values, ctx),
);

/** The address fields the 'address' field stands for (in the contact step's values). */
export const ADDRESS_FIELDS = Object.keys(addressShape) as Array<keyof typeof addressShape>;

/** Step 3: whom to call in an emergency. */
export const emergencyContactStep = defineStep(emergencyContact, { name: text(100), relationship: text(60), phone: phoneSchema });
