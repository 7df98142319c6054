import { z } from 'zod';
import { choice, optionalChoice, optionalDecimal, optionalText, toggle } from './fields';
import { RECENT_CHANGE, UNITS, WEIGHT_GOAL, WEIGHTS, weightHistory, weightHistory2 } from './layout/weight';
import type { StepValues } from './layout/spec';
import { defineStep } from './step';

/** Plausible adult weights: kg or lb, by the step's units. */
export const WEIGHT_RANGE = { metric: [20, 350], imperial: [45, 770] } as const;
export const HEIGHT_CM_RANGE = [50, 250] as const;

/** A weight card: a number in the chosen unit, or "prefer not to say" (then no number is kept). */
const weightCard = z
  .strictObject({ value: optionalDecimal(), preferNot: toggle() }, { error: 'required' })
  .prefault({ value: '', preferNot: false })
  .transform((card) => ({ value: card.preferNot ? null : (card.value ?? null), preferNot: card.preferNot }));

const heightCard = z
  .strictObject({ cm: optionalDecimal(), feet: optionalDecimal(), inches: optionalDecimal(), preferNot: toggle() }, { error: 'required' })
  .prefault({ cm: '', feet: '', inches: '', preferNot: false })
  .transform((card) =>
    card.preferNot
      ? { cm: null, feet: null, inches: null, preferNot: true }
      : { cm: card.cm ?? null, feet: card.feet ?? null, inches: card.inches ?? null, preferNot: false },
  );

type Card = { value: number | null; preferNot: boolean };

const isCard = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The cards hide a number once "prefer not to say" is ticked, and the height boxes of the other
 * units: what those boxes still hold is dropped, so it can neither block the step nor be kept.
 */
function clearHiddenCardAnswers(values: StepValues): StepValues {
  const cleared = { ...values };
  const height = cleared.height;
  if (isCard(height)) {
    const keep = height.preferNot === true ? [] : cleared.units === 'imperial' ? ['feet', 'inches'] : ['cm'];
    cleared.height = { ...height, ...Object.fromEntries(['cm', 'feet', 'inches'].filter((key) => !keep.includes(key)).map((key) => [key, ''])) };
  }
  for (const name of WEIGHTS) {
    const card = cleared[name];
    if (isCard(card) && card.preferNot === true) cleared[name] = { ...card, value: '' };
  }
  return cleared;
}

/** Step 9: height and weights, each answerable or "prefer not to say". */
export const weightHistoryStep = defineStep(
  weightHistory,
  {
    units: choice(UNITS),
    height: heightCard,
    currentWeight: weightCard,
    usualWeight: weightCard,
    highestWeight: weightCard,
    lowestWeight: weightCard,
  },
  (values, ctx) => {
    const units = values.units;
    const { height } = values;
    if (!height.preferNot) {
      if (units === 'metric') {
        if (height.cm === null) ctx.addIssue({ code: 'custom', path: ['height', 'cm'], message: 'heightRequired' });
        else if (height.cm < HEIGHT_CM_RANGE[0] || height.cm > HEIGHT_CM_RANGE[1]) {
          ctx.addIssue({ code: 'custom', path: ['height', 'cm'], message: 'heightRange' });
        }
      } else {
        if (height.feet === null) ctx.addIssue({ code: 'custom', path: ['height', 'feet'], message: 'heightRequired' });
        else if (height.feet < 1 || height.feet > 8 || !Number.isInteger(height.feet)) {
          ctx.addIssue({ code: 'custom', path: ['height', 'feet'], message: 'heightRange' });
        }
        if (height.inches !== null && (height.inches < 0 || height.inches >= 12)) {
          ctx.addIssue({ code: 'custom', path: ['height', 'inches'], message: 'inchesRange' });
        }
      }
    }
    const [min, max] = WEIGHT_RANGE[units];
    for (const name of WEIGHTS) {
      const card: Card = values[name];
      if (card.preferNot) continue;
      if (card.value === null) ctx.addIssue({ code: 'custom', path: [name, 'value'], message: 'weightRequired' });
      else if (card.value < min || card.value > max) {
        ctx.addIssue({ code: 'custom', path: [name, 'value'], message: units === 'metric' ? 'weightRangeKg' : 'weightRangeLb' });
      }
    }
  },
  clearHiddenCardAnswers,
);

/** Step 10: recent change, past diets and the patient's own goal. */
export const weightHistory2Step = defineStep(weightHistory2, {
  recentChange: choice(RECENT_CHANGE),
  recentChangeDetails: optionalText(300),
  pastDiets: optionalText(1000),
  weightGoal: optionalChoice(WEIGHT_GOAL),
});
