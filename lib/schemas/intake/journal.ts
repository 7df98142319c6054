import { z } from 'zod';
import { choice, optionalText, optionalTime, requiredInt, text, toggle, type FieldSpec } from './fields';
import { defineStep } from './step';

export const JOURNAL_DAYS = ['1', '2', '3'] as const;
export const PLACES = ['home', 'work', 'school', 'restaurant', 'car', 'other'] as const;
export const HUNGER = ['1', '2', '3', '4', '5'] as const;
export const MAX_JOURNAL_ENTRIES = 45;

const entry = z.strictObject({
  day: choice(JOURNAL_DAYS),
  time: optionalTime(),
  food: text(300),
  amount: optionalText(100),
  place: choice(PLACES),
  hungerBefore: choice(HUNGER),
  hungerAfter: choice(HUNGER),
});

/** Step 14: a typical day (or up to three), one row per meal, snack or drink. */
export const foodJournalStep = defineStep(
  'foodJournal',
  {
    entries: z
      .array(entry, { error: 'choiceInvalid' })
      .min(1, { error: 'journalEmpty' })
      .max(MAX_JOURNAL_ENTRIES, { error: 'tooMany' }),
  },
  [
    {
      name: 'entries',
      kind: 'rows',
      maxRows: MAX_JOURNAL_ENTRIES,
      columns: [
        { name: 'day', kind: 'select', options: JOURNAL_DAYS },
        { name: 'time', kind: 'time', optional: true },
        { name: 'food', kind: 'text' },
        { name: 'amount', kind: 'text', optional: true },
        { name: 'place', kind: 'select', options: PLACES },
        { name: 'hungerBefore', kind: 'select', options: HUNGER },
        { name: 'hungerAfter', kind: 'select', options: HUNGER },
      ],
    },
  ],
  { entries: [] },
);

export const FLUIDS = ['water', 'coffeeTea', 'juice', 'softDrinks', 'alcohol', 'sportsEnergy'] as const;
export const MAX_CUPS = 30;

/** Step 15: fluid cards, cups (250 mL) a day of each drink. */
export const fluidIntakeStep = defineStep(
  'fluidIntake',
  {
    ...Object.fromEntries(FLUIDS.map((fluid) => [fluid, requiredInt(0, MAX_CUPS, 'cupsRange')])) as Record<
      (typeof FLUIDS)[number],
      ReturnType<typeof requiredInt>
    >,
    drinksWithMeals: toggle(),
  },
  [...FLUIDS.map((name): FieldSpec => ({ name, kind: 'fluid' })), { name: 'drinksWithMeals', kind: 'toggle' }],
  { ...Object.fromEntries(FLUIDS.map((fluid) => [fluid, 0])), drinksWithMeals: false },
);
