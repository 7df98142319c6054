import { z } from 'zod';
import { phoneSchema } from '../contact';
import { checklist, choice, optionalInt, optionalText, text, toggle } from './fields';
import { defineStep } from './step';

export const CONDITIONS = [
  'diabetes',
  'prediabetes',
  'highBloodPressure',
  'highCholesterol',
  'heartDisease',
  'kidneyDisease',
  'thyroid',
  'ibs',
  'inflammatoryBowel',
  'celiac',
  'reflux',
  'pcos',
  'cancer',
  'osteoporosis',
  'anemia',
  'other',
] as const;
export const DIGESTIVE_SYMPTOMS = ['bloating', 'gas', 'constipation', 'diarrhea', 'heartburn', 'nausea', 'abdominalPain'] as const;
export const PREGNANCY = ['notApplicable', 'pregnant', 'breastfeeding', 'planning'] as const;
export const MAX_MEDICATIONS = 20;
export const MAX_SPECIALISTS = 5;

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
export const medicalInfoStep = defineStep(
  'medicalInfo',
  {
    conditions: checklist(CONDITIONS),
    otherConditions: optionalText(300),
    surgeries: optionalText(1000),
    allergies: optionalText(1000),
    digestiveSymptoms: checklist(DIGESTIVE_SYMPTOMS),
    pregnancy: choice(PREGNANCY),
    pregnancyWeeks: optionalInt(1, 42, 'weeksRange'),
    medications: z.array(medication, { error: 'choiceInvalid' }).max(MAX_MEDICATIONS, { error: 'tooMany' }).default([]),
  },
  [
    { name: 'conditions', kind: 'checklist', options: CONDITIONS, optional: true },
    { name: 'otherConditions', kind: 'text', showWhen: (v) => Array.isArray(v.conditions) && v.conditions.includes('other') },
    { name: 'surgeries', kind: 'textarea', optional: true },
    { name: 'allergies', kind: 'textarea', optional: true },
    { name: 'digestiveSymptoms', kind: 'checklist', options: DIGESTIVE_SYMPTOMS, optional: true },
    { name: 'pregnancy', kind: 'radio', options: PREGNANCY },
    { name: 'pregnancyWeeks', kind: 'number', showWhen: (v) => v.pregnancy === 'pregnant' },
    {
      name: 'medications',
      kind: 'rows',
      optional: true,
      maxRows: MAX_MEDICATIONS,
      columns: [
        { name: 'name', kind: 'text' },
        { name: 'dose', kind: 'text', optional: true },
        { name: 'frequency', kind: 'text', optional: true },
      ],
    },
  ],
  {
    conditions: [],
    otherConditions: '',
    surgeries: '',
    allergies: '',
    digestiveSymptoms: [],
    pregnancy: '',
    pregnancyWeeks: '',
    medications: [],
  },
);

const specialist = z.strictObject({ name: text(100), specialty: text(100), phone: optionalPhone });

/** Step 6: the patient's family physician and specialists, and consent to share with them. */
export const medicalTeamStep = defineStep(
  'medicalTeam',
  {
    physicianName: optionalText(100),
    physicianClinic: optionalText(150),
    physicianPhone: optionalPhone,
    specialists: z.array(specialist, { error: 'choiceInvalid' }).max(MAX_SPECIALISTS, { error: 'tooMany' }).default([]),
    shareWithTeam: toggle(),
  },
  [
    { name: 'physicianName', kind: 'text', optional: true, autoComplete: 'off' },
    { name: 'physicianClinic', kind: 'text', optional: true, autoComplete: 'off' },
    { name: 'physicianPhone', kind: 'tel', optional: true, autoComplete: 'off' },
    {
      name: 'specialists',
      kind: 'rows',
      optional: true,
      maxRows: MAX_SPECIALISTS,
      columns: [
        { name: 'name', kind: 'text' },
        { name: 'specialty', kind: 'text' },
        { name: 'phone', kind: 'tel', optional: true },
      ],
    },
    { name: 'shareWithTeam', kind: 'toggle' },
  ],
  { physicianName: '', physicianClinic: '', physicianPhone: '', specialists: [], shareWithTeam: false },
);
