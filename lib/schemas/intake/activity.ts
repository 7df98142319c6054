import { checklist, choice, optionalChoice, optionalInt, optionalText } from './fields';
import { ACTIVITY_FREQUENCY, ACTIVITY_TYPES, INTENSITY, physicalActivity } from './layout/activity';
import { defineStep } from './step';

/** Step 13: what activity, how often, how long and how hard, and what limits it. */
export const physicalActivityStep = defineStep(physicalActivity, {
  frequency: choice(ACTIVITY_FREQUENCY),
  types: checklist(ACTIVITY_TYPES),
  minutesPerSession: optionalInt(5, 600, 'minutesRange'),
  intensity: optionalChoice(INTENSITY),
  limitations: optionalText(1000),
});
