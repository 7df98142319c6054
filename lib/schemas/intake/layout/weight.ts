import { stepLayout, type FieldSpec } from './spec';

export const UNITS = ['metric', 'imperial'] as const;
export const RECENT_CHANGE = ['stable', 'lost', 'gained', 'unsure', 'preferNot'] as const;
export const WEIGHT_GOAL = ['lose', 'gain', 'maintain', 'noGoal', 'preferNot'] as const;
export const WEIGHTS = ['currentWeight', 'usualWeight', 'highestWeight', 'lowestWeight'] as const;

const emptyWeight = { value: '', preferNot: false };

/** Step 9: height and weights, each answerable or "prefer not to say". */
export const weightHistory = stepLayout(
  'weightHistory',
  [
    { name: 'units', kind: 'radio', options: UNITS },
    { name: 'height', kind: 'height' },
    ...WEIGHTS.map((name): FieldSpec => ({ name, kind: 'weight' })),
  ],
  {
    units: 'metric',
    height: { cm: '', feet: '', inches: '', preferNot: false },
    currentWeight: emptyWeight,
    usualWeight: emptyWeight,
    highestWeight: emptyWeight,
    lowestWeight: emptyWeight,
  },
);

/** Step 10: recent change, past diets and the patient's own goal. */
export const weightHistory2 = stepLayout(
  'weightHistory2',
  [
    { name: 'recentChange', kind: 'radio', options: RECENT_CHANGE },
    { name: 'recentChangeDetails', kind: 'text', optional: true, showWhen: (v) => v.recentChange === 'lost' || v.recentChange === 'gained' },
    { name: 'pastDiets', kind: 'textarea', optional: true },
    { name: 'weightGoal', kind: 'radio', options: WEIGHT_GOAL, optional: true },
  ],
  { recentChange: '', recentChangeDetails: '', pastDiets: '', weightGoal: '' },
);
