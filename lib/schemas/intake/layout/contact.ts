import { EMPTY_ADDRESS } from '@/lib/schemas/emptyAddress';
import { stepLayout } from './spec';

export const CONTACT_METHODS = ['email', 'phone', 'text'] as const;
export const LANGUAGES = ['en', 'fr'] as const;

/** Step 1: who the patient is and how to reach them (the booking form's contact and address fields). */
export const contact = stepLayout(
  'contact',
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
    ...EMPTY_ADDRESS,
    preferredLanguage: '',
    contactMethod: '',
  },
);

/** Step 3: whom to call in an emergency. */
export const emergencyContact = stepLayout(
  'emergencyContact',
  [
    { name: 'name', kind: 'text', autoComplete: 'off' },
    { name: 'relationship', kind: 'text', autoComplete: 'off' },
    { name: 'phone', kind: 'tel', autoComplete: 'off' },
  ],
  { name: '', relationship: '', phone: '' },
);
