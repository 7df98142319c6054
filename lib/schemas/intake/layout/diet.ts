import { stepLayout } from './spec';

export const EATING_OUT = ['rarely', 'monthly', 'weekly', 'severalWeekly', 'daily'] as const;
export const RESTRICTIONS = [
  'vegetarian',
  'vegan',
  'pescatarian',
  'halal',
  'kosher',
  'glutenFree',
  'lactoseFree',
  'lowFodmap',
  'other',
] as const;
export const APPETITE = ['good', 'increased', 'decreased', 'variable'] as const;

/** Step 11: how many meals and snacks, when, and how often out. */
export const dietaryPatterns = stepLayout(
  'dietaryPatterns',
  [
    { name: 'mealsPerDay', kind: 'number' },
    { name: 'snacksPerDay', kind: 'number' },
    { name: 'mealTimes', kind: 'text', optional: true },
    { name: 'skipsBreakfast', kind: 'toggle' },
    { name: 'eatingOut', kind: 'select', options: EATING_OUT },
  ],
  { mealsPerDay: '', snacksPerDay: '', mealTimes: '', skipsBreakfast: false, eatingOut: '' },
);

/** Step 12: restrictions, aversions, appetite, chewing and swallowing. */
export const dietaryPatterns2 = stepLayout(
  'dietaryPatterns2',
  [
    { name: 'restrictions', kind: 'checklist', options: RESTRICTIONS, optional: true },
    { name: 'otherRestrictions', kind: 'text', showWhen: (v) => Array.isArray(v.restrictions) && v.restrictions.includes('other') },
    { name: 'aversions', kind: 'textarea', optional: true },
    { name: 'appetite', kind: 'radio', options: APPETITE },
    { name: 'chewingIssues', kind: 'toggle' },
    { name: 'swallowingIssues', kind: 'toggle' },
  ],
  { restrictions: [], otherRestrictions: '', aversions: '', appetite: '', chewingIssues: false, swallowingIssues: false },
);
