import { stepLayout } from './spec';

export const SEXES = ['female', 'male', 'intersex', 'preferNot'] as const;
export const HOUSEHOLD = ['alone', 'partner', 'children', 'parents', 'roommates', 'other'] as const;

/** Step 2: age, sex and gender, work and home. */
export const personalInformation = stepLayout(
  'personalInformation',
  [
    { name: 'dateOfBirth', kind: 'date', autoComplete: 'bday' },
    { name: 'sex', kind: 'radio', options: SEXES },
    { name: 'gender', kind: 'text', optional: true },
    { name: 'occupation', kind: 'text', optional: true, autoComplete: 'organization-title' },
    { name: 'shiftWork', kind: 'toggle' },
    { name: 'household', kind: 'checklist', options: HOUSEHOLD, optional: true },
    { name: 'householdSize', kind: 'number', optional: true },
  ],
  { dateOfBirth: '', sex: '', gender: '', occupation: '', shiftWork: false, household: [], householdSize: '' },
);
