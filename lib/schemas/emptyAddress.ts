/**
 * What the address fields start with wherever they are asked (sign-up, booking, the intake
 * form): empty, in Ontario, Canada, where the clinic is. No zod here: the forms' first load
 * takes it without the address schema (lib/schemas/contact.ts).
 */
export const EMPTY_ADDRESS = {
  streetNumber: '',
  streetName: '',
  unitNumber: '',
  city: '',
  province: 'ON',
  postalCode: '',
  country: 'CA',
};
