import { stepLayout } from './spec';

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

/** Step 5: conditions, surgeries, allergies, digestion, pregnancy, medications and supplements. */
export const medicalInfo = stepLayout(
  'medicalInfo',
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

/** Step 6: the patient's family physician and specialists, and consent to share with them. */
export const medicalTeam = stepLayout(
  'medicalTeam',
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
