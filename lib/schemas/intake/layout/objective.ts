import { stepLayout } from './spec';

export const REFERRAL_SOURCES = ['physician', 'friend', 'search', 'socialMedia', 'insurance', 'other'] as const;
export const MAX_REASONS = 3;

/** Step 4: why the patient comes and how ready they feel. */
export const objective = stepLayout(
  'objective',
  [
    { name: 'reasons', kind: 'skills' },
    { name: 'goals', kind: 'textarea' },
    { name: 'referralSource', kind: 'select', options: REFERRAL_SOURCES, optional: true },
    { name: 'readiness', kind: 'scale' },
  ],
  { reasons: [], goals: '', referralSource: '', readiness: '' },
);
