import { checklist, choice, optionalChoice, optionalInt, optionalText } from './fields';
import { defineStep } from './step';

export const ACTIVITY_TYPES = ['walking', 'running', 'cycling', 'swimming', 'strength', 'yoga', 'teamSports', 'other'] as const;
export const ACTIVITY_FREQUENCY = ['none', 'oneToTwo', 'threeToFour', 'fivePlus'] as const;
export const INTENSITY = ['light', 'moderate', 'vigorous'] as const;

const active = (v: Record<string, unknown>) => v.frequency !== '' && v.frequency !== 'none';

/** Step 13: what activity, how often, how long and how hard, and what limits it. */
export const physicalActivityStep = defineStep(
  'physicalActivity',
  {
    frequency: choice(ACTIVITY_FREQUENCY),
    types: checklist(ACTIVITY_TYPES),
    minutesPerSession: optionalInt(5, 600, 'minutesRange'),
    intensity: optionalChoice(INTENSITY),
    limitations: optionalText(1000),
  },
  [
    { name: 'frequency', kind: 'radio', options: ACTIVITY_FREQUENCY },
    { name: 'types', kind: 'checklist', options: ACTIVITY_TYPES, showWhen: active },
    { name: 'minutesPerSession', kind: 'number', optional: true, showWhen: active },
    { name: 'intensity', kind: 'radio', options: INTENSITY, optional: true, showWhen: active },
    { name: 'limitations', kind: 'textarea', optional: true },
  ],
  { frequency: '', types: [], minutesPerSession: '', intensity: '', limitations: '' },
);
