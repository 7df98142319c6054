import { stepLayout, type FieldSpec } from './spec';

export const JOURNAL_DAYS = ['1', '2', '3'] as const;
export const PLACES = ['home', 'work', 'school', 'restaurant', 'car', 'other'] as const;
export const HUNGER = ['1', '2', '3', '4', '5'] as const;
export const MAX_JOURNAL_ENTRIES = 45;
export const FLUIDS = ['water', 'coffeeTea', 'juice', 'softDrinks', 'alcohol', 'sportsEnergy'] as const;
export const MAX_CUPS = 30;

/** Step 14: a typical day (or up to three), one row per meal, snack or drink. */
export const foodJournal = stepLayout(
  'foodJournal',
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

/** Step 15: fluid cards, cups (250 mL) a day of each drink. */
export const fluidIntake = stepLayout(
  'fluidIntake',
  [...FLUIDS.map((name): FieldSpec => ({ name, kind: 'fluid' })), { name: 'drinksWithMeals', kind: 'toggle' }],
  { ...Object.fromEntries(FLUIDS.map((fluid) => [fluid, 0])), drinksWithMeals: false },
);
