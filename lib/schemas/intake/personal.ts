import { z } from 'zod';
import { checklist, choice, optionalInt, optionalText, toggle } from './fields';
import { HOUSEHOLD, SEXES, personalInformation } from './layout/personal';
import { defineStep } from './step';

/** A date of birth: a real calendar date, not in the future, at most 120 years ago. */
export const dateOfBirth = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .refine((value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, { error: 'dateInvalid', abort: true })
  .refine((value) => {
    const today = new Date().toISOString().slice(0, 10);
    const oldest = `${Number(today.slice(0, 4)) - 120}${today.slice(4)}`;
    return value <= today && value >= oldest;
  }, { error: 'birthDateRange' });

/** Step 2: age, sex and gender, work and home. */
export const personalInformationStep = defineStep(personalInformation, {
  dateOfBirth,
  sex: choice(SEXES),
  gender: optionalText(60),
  occupation: optionalText(100),
  shiftWork: toggle(),
  household: checklist(HOUSEHOLD),
  householdSize: optionalInt(1, 20),
});
