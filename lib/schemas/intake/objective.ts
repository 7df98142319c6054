import { z } from 'zod';
import { optionalChoice, scale, text } from './fields';
import { defineStep } from './step';

export const REFERRAL_SOURCES = ['physician', 'friend', 'search', 'socialMedia', 'insurance', 'other'] as const;
export const MAX_REASONS = 3;

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
export const objectiveStep = defineStep(
  'objective',
  { reasons, goals: text(2000), referralSource: optionalChoice(REFERRAL_SOURCES), readiness: scale() },
  [
    { name: 'reasons', kind: 'skills' },
    { name: 'goals', kind: 'textarea' },
    { name: 'referralSource', kind: 'select', options: REFERRAL_SOURCES, optional: true },
    { name: 'readiness', kind: 'scale' },
  ],
  { reasons: [], goals: '', referralSource: '', readiness: '' },
);
