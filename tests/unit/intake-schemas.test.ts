import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  INTAKE_CONSENT_VERSION,
  INTAKE_STEP_COUNT,
  intakeDraftSchema,
  intakeLayout,
  intakeStepIds,
  intakeSteps,
  intakeSubmissionSchema,
  type IntakeStepId,
  type StepValues,
} from '@/lib/schemas/intake';
import { ADDRESS_FIELDS } from '@/lib/schemas/intake/contact';
import { completeIntakeAnswers, completeIntakeSubmission } from '@/tests/support/intakeAnswers';

/**
 * The intake form's step schemas (issue 7): what the form holds in, clean values out, and the
 * Validation keys (messages/*.json) at the field paths where the form shows them.
 */

type Errors = Record<string, string[]>;

const stepOf = (id: IntakeStepId) => intakeSteps.find((step) => step.id === id)!;
const schemaOf = (id: IntakeStepId): z.ZodType => stepOf(id).schema;

function errorMap(error: z.ZodError): Errors {
  const map: Errors = {};
  for (const issue of error.issues) (map[issue.path.join('.')] ??= []).push(issue.message);
  return map;
}

/** The fixture's values for a step with some fields replaced. */
const fixture = (id: IntakeStepId, patch: StepValues = {}): StepValues => ({ ...completeIntakeAnswers()[id], ...patch });

/** The clean output; fails the test when the values are refused. */
function accepted(id: IntakeStepId, values: unknown): Record<string, unknown> {
  const result = schemaOf(id).safeParse(values);
  if (!result.success) throw new Error(`${id} refused: ${JSON.stringify(errorMap(result.error))}`);
  return result.data as Record<string, unknown>;
}

/** The errors by path; fails the test when the values are accepted. */
function refused(id: IntakeStepId, values: unknown): Errors {
  const result = schemaOf(id).safeParse(values);
  if (result.success) throw new Error(`${id} accepted ${JSON.stringify(values)}`);
  return errorMap(result.error);
}

const nextYear = new Date().getUTCFullYear() + 1;
const longAgo = new Date().getUTCFullYear() - 121;

describe('the complete fixture, step by step', () => {
  const expected: Record<IntakeStepId, Record<string, unknown>> = {
    contact: {
      firstName: 'Camille',
      lastName: 'Tremblay',
      email: 'camille.tremblay@example.com',
      phone: '16135550199',
      streetNumber: '120',
      streetName: 'Rideau Street',
      unitNumber: '',
      city: 'Ottawa',
      province: 'ON',
      postalCode: 'K1N5X6',
      country: 'CA',
      preferredLanguage: 'fr',
      contactMethod: 'email',
    },
    personalInformation: {
      dateOfBirth: '1988-04-12',
      sex: 'female',
      gender: '',
      occupation: 'Nurse',
      shiftWork: true,
      household: ['partner', 'children'],
      householdSize: 4,
    },
    emergencyContact: { name: 'Julien Tremblay', relationship: 'Partner', phone: '16135550123' },
    objective: { reasons: [1, 3], goals: 'More energy during night shifts.', referralSource: 'physician', readiness: 8 },
    medicalInfo: {
      conditions: ['prediabetes', 'other'],
      otherConditions: 'Migraines',
      surgeries: '',
      allergies: 'Peanuts',
      digestiveSymptoms: ['bloating'],
      pregnancy: 'pregnant',
      pregnancyWeeks: 14,
      medications: [{ name: 'Metformin', dose: '500 mg', frequency: 'Twice a day' }],
    },
    medicalTeam: {
      physicianName: 'Dr. Nadia Roy',
      physicianClinic: 'Clinique Vanier',
      physicianPhone: '16135550150',
      specialists: [],
      shareWithTeam: true,
    },
    psychosocial: { stress: 7, sleepHours: 6, sleepQuality: 'fair', mood: 'good', alcohol: 'monthly', tobacco: 'never', cannabis: 'never' },
    psychosocial2: { shopper: 'shared', cook: 'self', foodBudget: 'tight', foodWorry: 'no', eatingDisorderHistory: 'preferNot', eatingDisorderDetails: '' },
    weightHistory: {
      units: 'metric',
      height: { cm: 165, feet: null, inches: null, preferNot: false },
      currentWeight: { value: 72.5, preferNot: false },
      usualWeight: { value: 68, preferNot: false },
      highestWeight: { value: null, preferNot: true },
      lowestWeight: { value: 60, preferNot: false },
    },
    weightHistory2: { recentChange: 'gained', recentChangeDetails: 'About 4 kg since the spring', pastDiets: '', weightGoal: 'maintain' },
    dietaryPatterns: { mealsPerDay: 3, snacksPerDay: 2, mealTimes: '7:00, 12:30, 19:00', skipsBreakfast: false, eatingOut: 'weekly' },
    dietaryPatterns2: {
      restrictions: ['lactoseFree'],
      otherRestrictions: '',
      aversions: 'Mushrooms',
      appetite: 'good',
      chewingIssues: false,
      swallowingIssues: false,
    },
    physicalActivity: { frequency: 'threeToFour', types: ['walking', 'yoga'], minutesPerSession: 45, intensity: 'moderate', limitations: '' },
    foodJournal: {
      entries: [
        { day: '1', time: '07:00', food: 'Oatmeal with berries', amount: '1 bowl', place: 'home', hungerBefore: '4', hungerAfter: '2' },
        { day: '1', time: '12:30', food: 'Chicken salad', amount: '1 plate', place: 'work', hungerBefore: '3', hungerAfter: '1' },
      ],
    },
    fluidIntake: { water: 6, coffeeTea: 2, juice: 0, softDrinks: 0, alcohol: 0, sportsEnergy: 0, drinksWithMeals: true },
  };

  it('covers the fifteen steps in the SPEC order', () => {
    expect(INTAKE_STEP_COUNT).toBe(15);
    expect(intakeStepIds).toEqual(Object.keys(expected));
  });

  it.each(intakeStepIds)('%s: the fixture passes and gives clean values', (id) => {
    expect(accepted(id, fixture(id))).toEqual(expected[id]);
  });
});

describe("each step's starting values", () => {
  const PHONE = [expect.any(String)];
  const expected: Record<IntakeStepId, Errors | 'valid'> = {
    contact: {
      firstName: ['required'],
      lastName: ['required'],
      email: ['required'],
      phone: PHONE,
      streetNumber: ['required'],
      streetName: ['required'],
      city: ['required'],
      postalCode: ['required'],
      preferredLanguage: ['required'],
      contactMethod: ['required'],
    },
    personalInformation: { dateOfBirth: ['required'], sex: ['required'] },
    emergencyContact: { name: ['required'], relationship: ['required'], phone: PHONE },
    objective: { reasons: ['reasonsCount'], goals: ['required'], readiness: ['required'] },
    medicalInfo: { pregnancy: ['required'] },
    // Nothing on these two steps is required: a patient with no physician, or drinking none of a drink, goes on.
    medicalTeam: 'valid',
    psychosocial: { stress: ['required'], sleepQuality: ['required'], alcohol: ['required'], tobacco: ['required'], cannabis: ['required'] },
    psychosocial2: { shopper: ['required'], cook: ['required'], foodBudget: ['required'], foodWorry: ['required'] },
    weightHistory: {
      'height.cm': ['heightRequired'],
      'currentWeight.value': ['weightRequired'],
      'usualWeight.value': ['weightRequired'],
      'highestWeight.value': ['weightRequired'],
      'lowestWeight.value': ['weightRequired'],
    },
    weightHistory2: { recentChange: ['required'] },
    dietaryPatterns: { mealsPerDay: ['required'], snacksPerDay: ['required'], eatingOut: ['required'] },
    dietaryPatterns2: { appetite: ['required'] },
    physicalActivity: { frequency: ['required'] },
    foodJournal: { entries: ['journalEmpty'] },
    fluidIntake: 'valid',
  };

  it.each(intakeStepIds)('%s', (id) => {
    const want = expected[id];
    if (want === 'valid') expect(() => accepted(id, stepOf(id).defaults)).not.toThrow();
    else expect(refused(id, stepOf(id).defaults)).toEqual(want);
  });

  it('an empty step object is treated like the defaults (missing keys are unanswered, never a crash)', () => {
    expect(refused('contact', {})).toHaveProperty('firstName', ['required']);
    expect(refused('foodJournal', {})).toEqual({ entries: ['choiceInvalid'] });
    expect(accepted('fluidIntake', { water: 0, coffeeTea: 0, juice: 0, softDrinks: 0, alcohol: 0, sportsEnergy: 0 })).toHaveProperty('drinksWithMeals', false);
  });
});

describe('the form and the schema cannot drift', () => {
  type Shaped = { shape: Record<string, z.ZodType> };
  const shapeOf = (id: IntakeStepId): Record<string, z.ZodType> => (schemaOf(id) as unknown as { out: Shaped }).out.shape;
  const fieldKeys = (id: IntakeStepId) => stepOf(id).fields.flatMap((field) => (field.kind === 'address' ? [...ADDRESS_FIELDS] : [field.name]));

  /** A rows field's element object (unwrapping its default). */
  function rowKeys(schema: z.ZodType): string[] {
    let inner: z.ZodType = schema;
    while (inner instanceof z.ZodDefault) inner = inner.unwrap() as z.ZodType;
    expect(inner).toBeInstanceOf(z.ZodArray);
    return Object.keys(((inner as z.ZodArray<z.ZodType>).element as unknown as Shaped).shape).sort();
  }

  it('the schemas follow the layout the browser draws from, step for step', () => {
    expect(intakeSteps.map((step) => step.id)).toEqual(intakeStepIds);
    intakeSteps.forEach((step, index) => {
      expect(step.fields).toBe(intakeLayout[index]!.fields);
      expect(step.defaults).toBe(intakeLayout[index]!.defaults);
    });
  });

  it.each(intakeStepIds)('%s: fields, schema keys and defaults match', (id) => {
    const keys = Object.keys(shapeOf(id)).sort();
    expect([...fieldKeys(id)].sort()).toEqual(keys);
    expect(new Set(fieldKeys(id)).size).toBe(fieldKeys(id).length);
    expect(Object.keys(stepOf(id).defaults).sort()).toEqual(keys);
    for (const field of stepOf(id).fields.filter((f) => f.kind === 'rows')) {
      expect(field.columns!.map((column) => column.name).sort()).toEqual(rowKeys(shapeOf(id)[field.name]!));
    }
  });

  it.each(intakeStepIds)('%s: every offered option is accepted', (id) => {
    for (const field of stepOf(id).fields) {
      for (const option of field.options ?? []) {
        const value = field.kind === 'checklist' ? [option] : option;
        const result = schemaOf(id).safeParse(fixture(id, { [field.name]: value }));
        const paths = result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
        expect(paths, `${field.name}=${option}`).not.toContain(field.name);
      }
      for (const column of field.columns ?? []) {
        for (const option of column.options ?? []) {
          const entries = fixture(id).entries as StepValues[];
          const row = { ...entries[0], [column.name]: option };
          expect(() => accepted(id, { entries: [row] }), `${column.name}=${option}`).not.toThrow();
        }
      }
    }
  });
});

describe('contact and emergency contact', () => {
  it('normalizes e-mail, phone, postal code and province', () => {
    const out = accepted('contact', fixture('contact', { email: '  Camille@Example.COM ', phone: '+1 (613) 555-0199', postalCode: 'k1n-5x6', province: 'qc' }));
    expect(out).toMatchObject({ email: 'camille@example.com', phone: '16135550199', postalCode: 'K1N5X6', province: 'QC' });
  });

  it.each([
    [{ email: 'camille@' }, { email: ['emailInvalid'] }],
    [{ phone: '555-0199' }, { phone: ['phoneInvalid'] }],
    [{ postalCode: 'D1N 5X6' }, { postalCode: ['postalCodeInvalid'] }],
    [{ province: 'ZZ' }, { province: ['provinceInvalid'] }],
    [{ firstName: '   ' }, { firstName: ['required'] }],
    [{ firstName: 'x'.repeat(101) }, { firstName: ['tooLong'] }],
    [{ preferredLanguage: 'de' }, { preferredLanguage: ['choiceInvalid'] }],
    [{ contactMethod: 'fax' }, { contactMethod: ['choiceInvalid'] }],
    [{ firstName: 42 }, { firstName: ['required'] }],
    [{ lastName: null }, { lastName: ['required'] }],
  ])('contact %j -> %j', (patch, errors) => {
    expect(refused('contact', fixture('contact', patch))).toEqual(errors);
  });

  it('accepts a US address with a ZIP code', () => {
    expect(accepted('contact', fixture('contact', { country: 'US', province: 'NY', postalCode: '10001' }))).toMatchObject({ postalCode: '10001' });
  });

  it('emergency contact needs a real phone number', () => {
    expect(refused('emergencyContact', fixture('emergencyContact', { phone: '12345' }))).toEqual({ phone: ['phoneInvalid'] });
    expect(refused('emergencyContact', fixture('emergencyContact', { relationship: '' }))).toEqual({ relationship: ['required'] });
  });
});

describe('personal information', () => {
  it.each([
    [`${nextYear}-01-01`, 'birthDateRange'],
    [`${longAgo}-01-01`, 'birthDateRange'],
    ['2023-02-30', 'dateInvalid'],
    ['12/04/1988', 'dateInvalid'],
  ])('date of birth %s -> %s', (dateOfBirth, key) => {
    expect(refused('personalInformation', fixture('personalInformation', { dateOfBirth }))).toEqual({ dateOfBirth: [key] });
  });

  it('refuses a household given as text rather than a list', () => {
    expect(refused('personalInformation', fixture('personalInformation', { household: 'partner' })).household).toContain('choiceInvalid');
  });

  it('takes a leap day and an empty household size', () => {
    expect(accepted('personalInformation', fixture('personalInformation', { dateOfBirth: '2000-02-29', householdSize: '' }))).toMatchObject({
      dateOfBirth: '2000-02-29',
      householdSize: undefined,
    });
  });

  it.each([
    [{ household: ['pets'] }, { 'household.0': ['choiceInvalid'] }],
    [{ household: ['partner', 'partner'] }, { household: ['choiceInvalid'] }],
    [{ householdSize: '21' }, { householdSize: ['numberRange'] }],
    [{ householdSize: 'four' }, { householdSize: ['numberInvalid'] }],
    [{ shiftWork: 'yes' }, { shiftWork: ['choiceInvalid'] }],
    [{ sex: 'other' }, { sex: ['choiceInvalid'] }],
  ])('%j -> %j', (patch, errors) => {
    expect(refused('personalInformation', fixture('personalInformation', patch))).toEqual(errors);
  });
});

describe('objective', () => {
  it('reads reasons and readiness as numbers', () => {
    expect(accepted('objective', fixture('objective', { reasons: [2, '5', '7'], readiness: 10 }))).toMatchObject({ reasons: [2, 5, 7], readiness: 10 });
  });

  it.each([
    [{ reasons: ['1', '2', '3', '4'] }, { reasons: ['reasonsCount'] }],
    [{ reasons: [] }, { reasons: ['reasonsCount'] }],
    [{ reasons: ['2', 2] }, { reasons: ['choiceInvalid'] }],
    [{ reasons: ['0'] }, { 'reasons.0': ['choiceInvalid'] }],
    [{ readiness: '11' }, { readiness: ['scaleRange'] }],
    [{ readiness: '0' }, { readiness: ['scaleRange'] }],
    [{ readiness: '7.5' }, { readiness: ['numberInvalid'] }],
    [{ readiness: null }, { readiness: ['numberInvalid'] }],
    [{ goals: '' }, { goals: ['required'] }],
    [{ referralSource: 'radio' }, { referralSource: ['choiceInvalid'] }],
  ])('%j -> %j', (patch, errors) => {
    expect(refused('objective', fixture('objective', patch))).toEqual(errors);
  });
});

describe('medical information and team', () => {
  it('asks the other conditions only when "other" is ticked, and drops them otherwise', () => {
    expect(refused('medicalInfo', fixture('medicalInfo', { conditions: ['other'], otherConditions: ' ' }))).toEqual({ otherConditions: ['required'] });
    expect(accepted('medicalInfo', fixture('medicalInfo', { conditions: ['thyroid'], otherConditions: 'Migraines' }))).toMatchObject({
      conditions: ['thyroid'],
      otherConditions: '',
    });
  });

  it('asks the weeks of pregnancy only when pregnant', () => {
    expect(refused('medicalInfo', fixture('medicalInfo', { pregnancy: 'pregnant', pregnancyWeeks: '' }))).toEqual({ pregnancyWeeks: ['required'] });
    expect(refused('medicalInfo', fixture('medicalInfo', { pregnancyWeeks: '50' }))).toEqual({ pregnancyWeeks: ['weeksRange'] });
    expect(refused('medicalInfo', fixture('medicalInfo', { pregnancyWeeks: 'abc' }))).toEqual({ pregnancyWeeks: ['numberInvalid'] });
    const out = accepted('medicalInfo', fixture('medicalInfo', { pregnancy: 'notApplicable', pregnancyWeeks: 'abc' }));
    expect(out.pregnancy).toBe('notApplicable');
    expect(out.pregnancyWeeks).toBeUndefined();
    expect(accepted('medicalInfo', fixture('medicalInfo', { pregnancy: 'breastfeeding', pregnancyWeeks: '20' })).pregnancyWeeks).toBeUndefined();
  });

  it.each([
    [{ conditions: ['gout'] }, { 'conditions.0': ['choiceInvalid'] }],
    [{ digestiveSymptoms: ['gas', 'gas'] }, { digestiveSymptoms: ['choiceInvalid'] }],
    [{ medications: [{ name: '', dose: '', frequency: '' }] }, { 'medications.0.name': ['required'] }],
    [{ medications: Array.from({ length: 21 }, () => ({ name: 'Iron' })) }, { medications: ['tooMany'] }],
    [{ medications: [{ name: 'Iron', colour: 'red' }] }, { 'medications.0': [expect.any(String)] }],
    [{ medications: null }, { medications: ['choiceInvalid'] }],
  ])('%j -> %j', (patch, errors) => {
    expect(refused('medicalInfo', fixture('medicalInfo', patch))).toEqual(errors);
  });

  it('keeps optional medication columns empty', () => {
    expect(accepted('medicalInfo', fixture('medicalInfo', { medications: [{ name: ' Iron ' }] })).medications).toEqual([
      { name: 'Iron', dose: '', frequency: '' },
    ]);
  });

  it('medical team: phones optional but real, specialists need a name and specialty', () => {
    const out = accepted('medicalTeam', fixture('medicalTeam', { physicianPhone: '', specialists: [{ name: 'Dr. Lee', specialty: 'Cardiology', phone: '613-555-0111' }] }));
    expect(out).toMatchObject({ physicianPhone: '', specialists: [{ name: 'Dr. Lee', specialty: 'Cardiology', phone: '16135550111' }] });
    expect(refused('medicalTeam', fixture('medicalTeam', { physicianPhone: '123' }))).toEqual({ physicianPhone: ['phoneInvalid'] });
    expect(refused('medicalTeam', fixture('medicalTeam', { specialists: [{ name: 'Dr. Lee', specialty: '', phone: 'call me' }] }))).toEqual({
      'specialists.0.specialty': ['required'],
      'specialists.0.phone': ['phoneInvalid'],
    });
    expect(refused('medicalTeam', fixture('medicalTeam', { shareWithTeam: 'true' }))).toEqual({ shareWithTeam: ['choiceInvalid'] });
  });
});

describe('psychosocial', () => {
  it.each([
    [{ stress: '11' }, { stress: ['scaleRange'] }],
    [{ sleepHours: '25' }, { sleepHours: ['hoursRange'] }],
    [{ mood: 'great' }, { mood: ['choiceInvalid'] }],
    [{ alcohol: '' }, { alcohol: ['required'] }],
  ])('%j -> %j', (patch, errors) => {
    expect(refused('psychosocial', fixture('psychosocial', patch))).toEqual(errors);
  });

  it('keeps eating-disorder details only after "yes", and never requires them', () => {
    expect(accepted('psychosocial2', fixture('psychosocial2', { eatingDisorderHistory: 'yes', eatingDisorderDetails: ' In my teens ' })).eatingDisorderDetails).toBe(
      'In my teens',
    );
    expect(accepted('psychosocial2', fixture('psychosocial2', { eatingDisorderHistory: 'yes', eatingDisorderDetails: '' })).eatingDisorderDetails).toBe('');
    for (const eatingDisorderHistory of ['no', 'preferNot', '']) {
      const out = accepted('psychosocial2', fixture('psychosocial2', { eatingDisorderHistory, eatingDisorderDetails: 'In my teens' }));
      expect(out).toMatchObject({ eatingDisorderHistory, eatingDisorderDetails: '' });
    }
  });

  it('refuses an unknown budget answer', () => {
    expect(refused('psychosocial2', fixture('psychosocial2', { foodBudget: 'rich' }))).toEqual({ foodBudget: ['choiceInvalid'] });
  });
});

describe('weight history', () => {
  const card = (value: string, preferNot = false) => ({ value, preferNot });
  const imperial = { units: 'imperial', height: { cm: '', feet: '5', inches: '6', preferNot: false } };

  it('reads weights with a decimal comma and keeps no number behind "prefer not to say"', () => {
    const out = accepted('weightHistory', fixture('weightHistory', { currentWeight: card('72,5'), usualWeight: card('70', true) }));
    expect(out).toMatchObject({ currentWeight: { value: 72.5, preferNot: false }, usualWeight: { value: null, preferNot: true } });
  });

  it('checks weights against the chosen units', () => {
    expect(refused('weightHistory', fixture('weightHistory', { currentWeight: card('500') }))).toEqual({ 'currentWeight.value': ['weightRangeKg'] });
    expect(refused('weightHistory', fixture('weightHistory', { lowestWeight: card('19') }))).toEqual({ 'lowestWeight.value': ['weightRangeKg'] });
    expect(accepted('weightHistory', fixture('weightHistory', { ...imperial, currentWeight: card('500'), lowestWeight: card('150') }))).toMatchObject({
      currentWeight: { value: 500 },
      height: { feet: 5, inches: 6 },
    });
    expect(refused('weightHistory', fixture('weightHistory', { ...imperial, currentWeight: card('800'), lowestWeight: card('44') }))).toEqual({
      'currentWeight.value': ['weightRangeLb'],
      'lowestWeight.value': ['weightRangeLb'],
    });
  });

  it.each([
    [{ currentWeight: card('abc') }, { 'currentWeight.value': ['numberInvalid'] }],
    [{ currentWeight: card('') }, { 'currentWeight.value': ['weightRequired'] }],
    [{ currentWeight: null }, { currentWeight: ['required'] }],
    [{ height: { cm: '300', feet: '', inches: '', preferNot: false } }, { 'height.cm': ['heightRange'] }],
    [{ ...imperial, height: { cm: '', feet: '5', inches: '12', preferNot: false } }, { 'height.inches': ['inchesRange'] }],
    [{ ...imperial, height: { cm: '', feet: '', inches: '4', preferNot: false } }, { 'height.feet': ['heightRequired'] }],
    [{ ...imperial, height: { cm: '', feet: '9', inches: '', preferNot: false } }, { 'height.feet': ['heightRange'] }],
    [{ units: 'stone' }, { units: ['choiceInvalid'] }],
  ])('%j -> %j', (patch, errors) => {
    expect(refused('weightHistory', fixture('weightHistory', { lowestWeight: card('60'), ...patch }))).toEqual(errors);
  });

  it('a height behind "prefer not to say" is neither checked nor kept', () => {
    expect(accepted('weightHistory', fixture('weightHistory', { height: { cm: '999', feet: '', inches: '', preferNot: true } })).height).toEqual({
      cm: null,
      feet: null,
      inches: null,
      preferNot: true,
    });
  });

  it('asks for details of a recent change only after a loss or a gain', () => {
    expect(accepted('weightHistory2', fixture('weightHistory2', { recentChange: 'lost', recentChangeDetails: '' })).recentChangeDetails).toBe('');
    expect(accepted('weightHistory2', fixture('weightHistory2', { recentChange: 'lost' })).recentChangeDetails).toBe('About 4 kg since the spring');
    expect(accepted('weightHistory2', fixture('weightHistory2', { recentChange: 'stable' })).recentChangeDetails).toBe('');
    expect(refused('weightHistory2', fixture('weightHistory2', { weightGoal: 'bulk' }))).toEqual({ weightGoal: ['choiceInvalid'] });
  });
});

describe('dietary patterns', () => {
  it.each([
    [{ mealsPerDay: '9' }, { mealsPerDay: ['numberRange'] }],
    [{ snacksPerDay: '' }, { snacksPerDay: ['required'] }],
    [{ snacksPerDay: '-1' }, { snacksPerDay: ['numberInvalid'] }],
    [{ eatingOut: 'never' }, { eatingOut: ['choiceInvalid'] }],
  ])('%j -> %j', (patch, errors) => {
    expect(refused('dietaryPatterns', fixture('dietaryPatterns', patch))).toEqual(errors);
  });

  it('takes counts typed with spaces or as numbers', () => {
    expect(accepted('dietaryPatterns', fixture('dietaryPatterns', { mealsPerDay: ' 0 ', snacksPerDay: 10 }))).toMatchObject({ mealsPerDay: 0, snacksPerDay: 10 });
  });

  it('asks the other restrictions only when "other" is ticked, and drops them otherwise', () => {
    expect(refused('dietaryPatterns2', fixture('dietaryPatterns2', { restrictions: ['other'], otherRestrictions: '' }))).toEqual({
      otherRestrictions: ['required'],
    });
    expect(accepted('dietaryPatterns2', fixture('dietaryPatterns2', { restrictions: ['other', 'halal'], otherRestrictions: 'No pork' }))).toMatchObject({
      otherRestrictions: 'No pork',
    });
    expect(accepted('dietaryPatterns2', fixture('dietaryPatterns2', { restrictions: ['halal'], otherRestrictions: 'No pork' })).otherRestrictions).toBe('');
    expect(refused('dietaryPatterns2', fixture('dietaryPatterns2', { restrictions: ['keto'] }))).toEqual({ 'restrictions.0': ['choiceInvalid'] });
  });
});

describe('physical activity', () => {
  it('asks the kinds of activity unless the patient does none', () => {
    expect(refused('physicalActivity', fixture('physicalActivity', { frequency: 'oneToTwo', types: [] }))).toEqual({ types: ['required'] });
    expect(refused('physicalActivity', fixture('physicalActivity', { minutesPerSession: '601' }))).toEqual({ minutesPerSession: ['minutesRange'] });
    expect(refused('physicalActivity', fixture('physicalActivity', { types: ['walking', 'walking'] }))).toEqual({ types: ['choiceInvalid'] });
  });

  it('clears the activity details when the frequency is "none"', () => {
    const out = accepted('physicalActivity', { frequency: 'none', types: ['walking'], minutesPerSession: '9999', intensity: 'extreme', limitations: 'Knee' });
    expect(out).toEqual({ frequency: 'none', types: [], minutesPerSession: undefined, intensity: '', limitations: 'Knee' });
  });
});

describe('food journal and fluids', () => {
  const entry = { day: '2', time: '', food: 'Apple', amount: '', place: 'car', hungerBefore: '3', hungerAfter: '2' };

  it('takes an entry without a time', () => {
    expect(accepted('foodJournal', { entries: [entry] })).toEqual({ entries: [entry] });
  });

  it.each([
    [{ entries: [] }, { entries: ['journalEmpty'] }],
    [{ entries: [{ ...entry, time: '25:00' }] }, { 'entries.0.time': ['timeInvalid'] }],
    [{ entries: [{ ...entry, time: '7:00' }] }, { 'entries.0.time': ['timeInvalid'] }],
    [{ entries: [entry, { ...entry, food: ' ' }] }, { 'entries.1.food': ['required'] }],
    [{ entries: [{ ...entry, day: '4' }] }, { 'entries.0.day': ['choiceInvalid'] }],
    [{ entries: [{ ...entry, hungerBefore: 6 }] }, { 'entries.0.hungerBefore': ['choiceInvalid'] }],
    [{ entries: Array.from({ length: 46 }, () => entry) }, { entries: ['tooMany'] }],
    [{ entries: null }, { entries: ['choiceInvalid'] }],
  ])('%j -> %j', (values, errors) => {
    expect(refused('foodJournal', values)).toEqual(errors);
  });

  it.each([
    [{ water: '31' }, { water: ['cupsRange'] }],
    [{ juice: '' }, { juice: ['required'] }],
    [{ alcohol: '1.5' }, { alcohol: ['numberInvalid'] }],
    [{ softDrinks: true }, { softDrinks: ['numberInvalid'] }],
  ])('fluids %j -> %j', (patch, errors) => {
    expect(refused('fluidIntake', fixture('fluidIntake', patch))).toEqual(errors);
  });

  it('takes 0 to 30 cups', () => {
    expect(accepted('fluidIntake', fixture('fluidIntake', { water: 30, juice: '0' }))).toMatchObject({ water: 30, juice: 0 });
  });
});

describe('any step: unknown keys and wrong shapes', () => {
  it.each(intakeStepIds)('%s refuses an unknown key', (id) => {
    const result = schemaOf(id).safeParse({ ...fixture(id), injected: 'x' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.code)).toContain('unrecognized_keys');
  });

  it.each(intakeStepIds)('%s refuses a non-object without throwing', (id) => {
    for (const value of [null, undefined, 5, 'text', [fixture(id)]]) {
      expect(schemaOf(id).safeParse(value).success).toBe(false);
    }
  });
});

describe('the whole submission', () => {
  const issuesOf = (input: unknown) => {
    const result = intakeSubmissionSchema.safeParse(input);
    return result.success ? {} : errorMap(result.error);
  };

  it('accepts the complete intake with current consent, with every step cleaned', () => {
    const result = intakeSubmissionSchema.safeParse(completeIntakeSubmission());
    expect(result.success).toBe(true);
    expect(result.data!.answers.contact.phone).toBe('16135550199');
    expect(result.data!.answers.weightHistory.highestWeight).toEqual({ value: null, preferNot: true });
    expect(result.data!.consent).toEqual({ accepted: true, version: INTAKE_CONSENT_VERSION });
  });

  it('requires consent, given under the current text', () => {
    const body = completeIntakeSubmission();
    expect(issuesOf({ ...body, consent: { accepted: false, version: INTAKE_CONSENT_VERSION } })).toEqual({ 'consent.accepted': ['intakeConsentRequired'] });
    expect(issuesOf({ ...body, consent: { accepted: 'yes', version: INTAKE_CONSENT_VERSION } })).toEqual({ 'consent.accepted': ['intakeConsentRequired'] });
    expect(issuesOf({ ...body, consent: { accepted: true, version: '2020-01-01' } })).toEqual({ 'consent.version': ['consentOutdated'] });
    expect(issuesOf({ ...body, consent: undefined })).toEqual({ consent: ['intakeConsentRequired'] });
  });

  it('names the missing or invalid step', () => {
    const body = completeIntakeSubmission();
    const { fluidIntake: _dropped, ...partial } = body.answers as Record<string, unknown>;
    expect(Object.keys(issuesOf({ ...body, answers: partial }))).toEqual(['answers.fluidIntake']);
    expect(issuesOf(completeIntakeSubmission({ contact: { email: 'nope' } }))).toEqual({ 'answers.contact.email': ['emailInvalid'] });
    expect(issuesOf(completeIntakeSubmission({ objective: { readiness: '11' } }))).toEqual({ 'answers.objective.readiness': ['scaleRange'] });
    expect(issuesOf({ ...body, answers: undefined })).toEqual({ answers: ['required'] });
  });

  it('refuses unknown steps and keys', () => {
    const body = completeIntakeSubmission();
    expect(intakeSubmissionSchema.safeParse({ ...body, answers: { ...body.answers, extra: {} } }).success).toBe(false);
    expect(intakeSubmissionSchema.safeParse({ ...body, patientId: 3 }).success).toBe(false);
    expect(intakeSubmissionSchema.safeParse({ ...body, consent: { ...body.consent, at: 'now' } }).success).toBe(false);
  });
});

describe('the draft schema', () => {
  const draft = { step: 3, answers: { contact: { firstName: 'Cam' }, objective: { reasons: ['1'] } }, updated_at: '2026-11-02T14:05:00.000Z' };
  const ok = (input: unknown) => intakeDraftSchema.safeParse(input).success;

  it('takes partial, unvalidated answers', () => {
    expect(ok(draft)).toBe(true);
    expect(ok({ ...draft, answers: {} })).toBe(true);
    expect(ok({ ...draft, answers: { contact: { email: 'not yet an e-mail' } } })).toBe(true);
    expect(ok({ ...draft, step: 0 })).toBe(true);
    expect(ok({ ...draft, step: INTAKE_STEP_COUNT })).toBe(true);
    expect(ok({ ...draft, updated_at: '2026-11-02T09:05:00-05:00' })).toBe(true);
  });

  it.each([
    ['an unknown step id', { ...draft, answers: { ...draft.answers, billing: {} } }],
    ['a step that is not an object', { ...draft, answers: { contact: 'Cam' } }],
    ['a step past the review', { ...draft, step: INTAKE_STEP_COUNT + 1 }],
    ['a negative step', { ...draft, step: -1 }],
    ['a fractional step', { ...draft, step: 1.5 }],
    ['a step as text', { ...draft, step: '3' }],
    ['a date without time', { ...draft, updated_at: '2026-11-02' }],
    ['a date that is not ISO', { ...draft, updated_at: 'yesterday' }],
    ['a field name too long', { ...draft, answers: { contact: { ['x'.repeat(61)]: 1 } } }],
    ['an unknown key', { ...draft, owner: 5 }],
  ])('refuses %s', (_label, input) => {
    expect(ok(input)).toBe(false);
  });
});

describe('answers the form hides or the API can be sent', () => {
  it.each(['1988-13-01', '1988-00-10', '1988-01-32'])('calls %s an invalid date (no crash)', (date) => {
    expect(refused('personalInformation', fixture('personalInformation', { dateOfBirth: date })).dateOfBirth).toEqual(['dateInvalid']);
  });

  it('ignores what a weight box held once "prefer not to say" is ticked, and the height boxes of the other units', () => {
    const output = accepted(
      'weightHistory',
      fixture('weightHistory', {
        currentWeight: { value: '80kg', preferNot: true },
        height: { cm: '165', feet: 'five', inches: '', preferNot: false },
      }),
    );
    expect(output.currentWeight).toEqual({ value: null, preferNot: true });
    expect(output.height).toEqual({ cm: 165, feet: null, inches: null, preferNot: false });
    const imperial = accepted('weightHistory', {
      ...fixture('weightHistory', { units: 'imperial' }),
      height: { cm: '165', feet: '5', inches: '6', preferNot: false },
      currentWeight: { value: '160', preferNot: false },
      usualWeight: { value: '150', preferNot: false },
      lowestWeight: { value: '140', preferNot: false },
    });
    expect(imperial.height).toEqual({ cm: null, feet: 5, inches: 6, preferNot: false });
  });

  it('refuses a reason id beyond the database integer range as an invalid choice', () => {
    expect(refused('objective', fixture('objective', { reasons: [10_000_000_000] }))['reasons.0']).toEqual(['choiceInvalid']);
    expect(refused('objective', fixture('objective', { reasons: ['abc'] }))['reasons.0']).toEqual(['choiceInvalid']);
  });

  it('reports a missing conditional answer together with the other errors, not after them', () => {
    const errors = refused('medicalInfo', fixture('medicalInfo', { conditions: ['other'], otherConditions: '', pregnancy: '' }));
    expect(errors.pregnancy).toEqual(['required']);
    expect(errors.otherConditions).toEqual(['required']);
  });

  it('says "required" for a missing step', () => {
    const result = intakeSubmissionSchema.safeParse({ ...completeIntakeSubmission(), answers: { ...completeIntakeAnswers(), fluidIntake: undefined } });
    expect(result.success).toBe(false);
    expect(errorMap(result.error!)['answers.fluidIntake']).toEqual(['required']);
  });
});
