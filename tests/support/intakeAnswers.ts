import { INTAKE_CONSENT_VERSION, type IntakeStepId, type IntakeSubmissionInput, type StepValues } from '@/lib/schemas/intake';

type Answers = Record<IntakeStepId, StepValues>;

/**
 * A complete intake, as the form's controls hold it (strings from inputs), that every step
 * schema accepts. Skill ids are the seeded clinic's first reasons for a visit.
 */
export function completeIntakeAnswers(overrides: Partial<Answers> = {}): Answers {
  const answers: Answers = {
    contact: {
      firstName: 'Camille',
      lastName: 'Tremblay',
      email: 'camille.tremblay@example.com',
      phone: '613 555 0199',
      streetNumber: '120',
      streetName: 'Rideau Street',
      unitNumber: '',
      city: 'Ottawa',
      province: 'ON',
      postalCode: 'K1N 5X6',
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
      householdSize: '4',
    },
    emergencyContact: { name: 'Julien Tremblay', relationship: 'Partner', phone: '613-555-0123' },
    objective: { reasons: ['1', '3'], goals: 'More energy during night shifts.', referralSource: 'physician', readiness: '8' },
    medicalInfo: {
      conditions: ['prediabetes', 'other'],
      otherConditions: 'Migraines',
      surgeries: '',
      allergies: 'Peanuts',
      digestiveSymptoms: ['bloating'],
      pregnancy: 'pregnant',
      pregnancyWeeks: '14',
      medications: [{ name: 'Metformin', dose: '500 mg', frequency: 'Twice a day' }],
    },
    medicalTeam: {
      physicianName: 'Dr. Nadia Roy',
      physicianClinic: 'Clinique Vanier',
      physicianPhone: '613 555 0150',
      specialists: [],
      shareWithTeam: true,
    },
    psychosocial: { stress: '7', sleepHours: '6', sleepQuality: 'fair', mood: 'good', alcohol: 'monthly', tobacco: 'never', cannabis: 'never' },
    psychosocial2: { shopper: 'shared', cook: 'self', foodBudget: 'tight', foodWorry: 'no', eatingDisorderHistory: 'preferNot', eatingDisorderDetails: '' },
    weightHistory: {
      units: 'metric',
      height: { cm: '165', feet: '', inches: '', preferNot: false },
      currentWeight: { value: '72.5', preferNot: false },
      usualWeight: { value: '68', preferNot: false },
      highestWeight: { value: '', preferNot: true },
      lowestWeight: { value: '60', preferNot: false },
    },
    weightHistory2: { recentChange: 'gained', recentChangeDetails: 'About 4 kg since the spring', pastDiets: '', weightGoal: 'maintain' },
    dietaryPatterns: { mealsPerDay: '3', snacksPerDay: '2', mealTimes: '7:00, 12:30, 19:00', skipsBreakfast: false, eatingOut: 'weekly' },
    dietaryPatterns2: {
      restrictions: ['lactoseFree'],
      otherRestrictions: '',
      aversions: 'Mushrooms',
      appetite: 'good',
      chewingIssues: false,
      swallowingIssues: false,
    },
    physicalActivity: { frequency: 'threeToFour', types: ['walking', 'yoga'], minutesPerSession: '45', intensity: 'moderate', limitations: '' },
    foodJournal: {
      entries: [
        { day: '1', time: '07:00', food: 'Oatmeal with berries', amount: '1 bowl', place: 'home', hungerBefore: '4', hungerAfter: '2' },
        { day: '1', time: '12:30', food: 'Chicken salad', amount: '1 plate', place: 'work', hungerBefore: '3', hungerAfter: '1' },
      ],
    },
    fluidIntake: { water: '6', coffeeTea: '2', juice: '0', softDrinks: '0', alcohol: '0', sportsEnergy: '0', drinksWithMeals: true },
  };
  for (const [step, values] of Object.entries(overrides)) {
    Object.assign(answers[step as keyof Answers], values);
  }
  return answers;
}

/** A whole POST /api/intake body. */
export function completeIntakeSubmission(overrides: Parameters<typeof completeIntakeAnswers>[0] = {}): IntakeSubmissionInput {
  return { answers: completeIntakeAnswers(overrides), consent: { accepted: true, version: INTAKE_CONSENT_VERSION } };
}
