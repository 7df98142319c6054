import { z } from 'zod';
import { choice, optionalText, optionalTime, requiredInt, text, toggle } from './fields';
import { FLUIDS, HUNGER, JOURNAL_DAYS, MAX_CUPS, MAX_JOURNAL_ENTRIES, PLACES, fluidIntake, foodJournal } from './layout/journal';
import { defineStep } from './step';

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
export const foodJournalStep = defineStep(foodJournal, {
  entries: z
    .array(entry, { error: 'choiceInvalid' })
    .min(1, { error: 'journalEmpty' })
    .max(MAX_JOURNAL_ENTRIES, { error: 'tooMany' }),
});

/** Step 15: fluid cards, cups (250 mL) a day of each drink. */
export const fluidIntakeStep = defineStep(fluidIntake, {
  ...(Object.fromEntries(FLUIDS.map((fluid) => [fluid, requiredInt(0, MAX_CUPS, 'cupsRange')])) as Record<
    (typeof FLUIDS)[number],
    ReturnType<typeof requiredInt>
  >),
  drinksWithMeals: toggle(),
});
