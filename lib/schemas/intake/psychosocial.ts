import { choice, optionalChoice, optionalInt, optionalText, scale } from './fields';
import { ALCOHOL, CANNABIS, FOOD_BUDGET, MOOD, SLEEP_QUALITY, TOBACCO, WHO, YES_NO_PREFER_NOT, psychosocial, psychosocial2 } from './layout/psychosocial';
import { defineStep } from './step';

/** Step 7: stress, sleep, mood and substances. */
export const psychosocialStep = defineStep(psychosocial, {
  stress: scale(),
  sleepHours: optionalInt(0, 24, 'hoursRange'),
  sleepQuality: choice(SLEEP_QUALITY),
  mood: optionalChoice(MOOD),
  alcohol: choice(ALCOHOL),
  tobacco: choice(TOBACCO),
  cannabis: choice(CANNABIS),
});

/** Step 8: food at home, budget and security, and (asked gently, never required) eating disorders. */
export const psychosocial2Step = defineStep(psychosocial2, {
  shopper: choice(WHO),
  cook: choice(WHO),
  foodBudget: choice(FOOD_BUDGET),
  foodWorry: choice(YES_NO_PREFER_NOT),
  eatingDisorderHistory: optionalChoice(YES_NO_PREFER_NOT),
  eatingDisorderDetails: optionalText(1000),
});
