import { stepLayout, type StepValues } from './spec';

export const ACTIVITY_TYPES = ['walking', 'running', 'cycling', 'swimming', 'strength', 'yoga', 'teamSports', 'other'] as const;
export const ACTIVITY_FREQUENCY = ['none', 'oneToTwo', 'threeToFour', 'fivePlus'] as const;
export const INTENSITY = ['light', 'moderate', 'vigorous'] as const;

const active = (v: StepValues) => v.frequency !== '' && v.frequency !== 'none';

/** Step 13: what activity, how often, how long and how hard, and what limits it. */
export const physicalActivity = stepLayout(
  'physicalActivity',
  [
    { name: 'frequency', kind: 'radio', options: ACTIVITY_FREQUENCY },
    { name: 'types', kind: 'checklist', options: ACTIVITY_TYPES, showWhen: active },
    { name: 'minutesPerSession', kind: 'number', optional: true, showWhen: active },
    { name: 'intensity', kind: 'radio', options: INTENSITY, optional: true, showWhen: active },
    { name: 'limitations', kind: 'textarea', optional: true },
  ],
  { frequency: '', types: [], minutesPerSession: '', intensity: '', limitations: '' },
);
