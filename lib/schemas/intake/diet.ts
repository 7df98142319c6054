import { checklist, choice, optionalText, requiredInt, toggle } from './fields';
import { APPETITE, EATING_OUT, RESTRICTIONS, dietaryPatterns, dietaryPatterns2 } from './layout/diet';
import { defineStep } from './step';

/** Step 11: how many meals and snacks, when, and how often out. */
export const dietaryPatternsStep = defineStep(dietaryPatterns, {
  mealsPerDay: requiredInt(0, 8),
  snacksPerDay: requiredInt(0, 10),
  mealTimes: optionalText(300),
  skipsBreakfast: toggle(),
  eatingOut: choice(EATING_OUT),
});

/** Step 12: restrictions, aversions, appetite, chewing and swallowing. */
export const dietaryPatterns2Step = defineStep(dietaryPatterns2, {
  restrictions: checklist(RESTRICTIONS),
  otherRestrictions: optionalText(300),
  aversions: optionalText(1000),
  appetite: choice(APPETITE),
  chewingIssues: toggle(),
  swallowingIssues: toggle(),
});
