import { stepLayout } from './spec';

export const SLEEP_QUALITY = ['good', 'fair', 'poor'] as const;
export const MOOD = ['good', 'upAndDown', 'low', 'preferNot'] as const;
export const ALCOHOL = ['never', 'monthly', 'weekly', 'daily'] as const;
export const TOBACCO = ['never', 'former', 'current'] as const;
export const CANNABIS = ['never', 'occasionally', 'regularly'] as const;
export const WHO = ['self', 'partner', 'parent', 'shared', 'other'] as const;
export const FOOD_BUDGET = ['comfortable', 'tight', 'veryTight', 'preferNot'] as const;
export const YES_NO_PREFER_NOT = ['no', 'yes', 'preferNot'] as const;

/** Step 7: stress, sleep, mood and substances. */
export const psychosocial = stepLayout(
  'psychosocial',
  [
    { name: 'stress', kind: 'scale' },
    { name: 'sleepHours', kind: 'number', optional: true },
    { name: 'sleepQuality', kind: 'radio', options: SLEEP_QUALITY },
    { name: 'mood', kind: 'radio', options: MOOD, optional: true },
    { name: 'alcohol', kind: 'select', options: ALCOHOL },
    { name: 'tobacco', kind: 'select', options: TOBACCO },
    { name: 'cannabis', kind: 'select', options: CANNABIS },
  ],
  { stress: '', sleepHours: '', sleepQuality: '', mood: '', alcohol: '', tobacco: '', cannabis: '' },
);

/** Step 8: food at home, budget and security, and (asked gently, never required) eating disorders. */
export const psychosocial2 = stepLayout(
  'psychosocial2',
  [
    { name: 'shopper', kind: 'select', options: WHO },
    { name: 'cook', kind: 'select', options: WHO },
    { name: 'foodBudget', kind: 'radio', options: FOOD_BUDGET },
    { name: 'foodWorry', kind: 'radio', options: YES_NO_PREFER_NOT },
    { name: 'eatingDisorderHistory', kind: 'radio', options: YES_NO_PREFER_NOT, optional: true },
    { name: 'eatingDisorderDetails', kind: 'textarea', optional: true, showWhen: (v) => v.eatingDisorderHistory === 'yes' },
  ],
  { shopper: '', cook: '', foodBudget: '', foodWorry: '', eatingDisorderHistory: '', eatingDisorderDetails: '' },
);
