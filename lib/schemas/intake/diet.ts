import { checklist, choice, optionalText, requiredInt, toggle } from './fields';
import { defineStep } from './step';

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
export const dietaryPatternsStep = defineStep(
  'dietaryPatterns',
  {
    mealsPerDay: requiredInt(0, 8),
    snacksPerDay: requiredInt(0, 10),
    mealTimes: optionalText(300),
    skipsBreakfast: toggle(),
    eatingOut: choice(EATING_OUT),
  },
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
export const dietaryPatterns2Step = defineStep(
  'dietaryPatterns2',
  {
    restrictions: checklist(RESTRICTIONS),
    otherRestrictions: optionalText(300),
    aversions: optionalText(1000),
    appetite: choice(APPETITE),
    chewingIssues: toggle(),
    swallowingIssues: toggle(),
  },
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
