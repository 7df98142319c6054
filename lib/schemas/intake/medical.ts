import { z } from 'zod';
import { phoneSchema } from '../contact';
import { checklist, choice, optionalInt, optionalText, text, toggle } from './fields';
import { CONDITIONS, DIGESTIVE_SYMPTOMS, MAX_MEDICATIONS, MAX_SPECIALISTS, PREGNANCY, medicalInfo, medicalTeam } from './layout/medical';
import { defineStep } from './step';

/** Optional: empty means "not given"; anything typed must be a phone number. */
export const optionalPhone = z
  .string({ error: 'phoneInvalid' })
  .trim()
  .default('')
  .transform((value, ctx) => {
    if (!value) return '';
    const parsed = phoneSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: 'phoneInvalid' });
    return z.NEVER;
  });

const medication = z.strictObject({ name: text(100), dose: optionalText(60), frequency: optionalText(60) });

/** Step 5: conditions, surgeries, allergies, digestion, pregnancy, medications and supplements. */
export const medicalInfoStep = defineStep(medicalInfo, {
  conditions: checklist(CONDITIONS),
  otherConditions: optionalText(300),
  surgeries: optionalText(1000),
  allergies: optionalText(1000),
  digestiveSymptoms: checklist(DIGESTIVE_SYMPTOMS),
  pregnancy: choice(PREGNANCY),
  pregnancyWeeks: optionalInt(1, 42, 'weeksRange'),
  medications: z.array(medication, { error: 'choiceInvalid' }).max(MAX_MEDICATIONS, { error: 'tooMany' }).default([]),
});

const specialist = z.strictObject({ name: text(100), specialty: text(100), phone: optionalPhone });

/** Step 6: the patient's family physician and specialists, and consent to share with them. */
export const medicalTeamStep = defineStep(medicalTeam, {
  physicianName: optionalText(100),
  physicianClinic: optionalText(150),
  physicianPhone: optionalPhone,
  specialists: z.array(specialist, { error: 'choiceInvalid' }).max(MAX_SPECIALISTS, { error: 'tooMany' }).default([]),
  shareWithTeam: toggle(),
});
