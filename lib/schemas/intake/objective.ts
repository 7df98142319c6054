import { z } from 'zod';
import { optionalChoice, scale, text } from './fields';
import { MAX_REASONS, REFERRAL_SOURCES, objective } from './layout/objective';
import { defineStep } from './step';

/** Reasons for consulting: one to three of the booking's reasons for a visit (skill ids). */
const reasons = z
  .array(z
      .union([z.number(), z.string()], { error: 'choiceInvalid' })
      .transform(Number)
      .pipe(z.number({ error: 'choiceInvalid' }).int({ error: 'choiceInvalid' }).positive({ error: 'choiceInvalid' }).max(2_147_483_647, { error: 'choiceInvalid' })), {
    error: 'choiceInvalid',
  })
  .default([])
  .refine((list) => list.length >= 1 && list.length <= MAX_REASONS, { error: 'reasonsCount' })
  .refine((list) => new Set(list).size === list.length, { error: 'choiceInvalid' });

/** Step 4: why the patient comes and how ready they feel. */
export const objectiveStep = defineStep(objective, {
  reasons,
  goals: text(2000),
  referralSource: optionalChoice(REFERRAL_SOURCES),
  readiness: scale(),
});
