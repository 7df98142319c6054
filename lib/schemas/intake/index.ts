import { z } from 'zod';
import { physicalActivityStep } from './activity';
import { contactStep, emergencyContactStep } from './contact';
import { dietaryPatterns2Step, dietaryPatternsStep } from './diet';
import { fluidIntakeStep, foodJournalStep } from './journal';
import { medicalInfoStep, medicalTeamStep } from './medical';
import { objectiveStep } from './objective';
import { personalInformationStep } from './personal';
import { psychosocial2Step, psychosocialStep } from './psychosocial';
import { weightHistory2Step, weightHistoryStep } from './weight';
import { INTAKE_CONSENT_VERSION, INTAKE_STEP_COUNT, intakeStepIds, type IntakeStepId } from './layout';

export { INTAKE_CONSENT_VERSION, INTAKE_STEP_COUNT, intakeLayout, intakeStepIds } from './layout';
export type { FieldSpec, IntakeStepId, ServerDraft, StepValues } from './layout';
export type { IntakeStep } from './step';

/**
 * The fifteen steps in the order the patient fills them (SPEC §2), each with its schema. The
 * browser draws the form from ./layout and loads these on the patient's first use (issue #42).
 */
export const intakeSteps = [
  contactStep,
  personalInformationStep,
  emergencyContactStep,
  objectiveStep,
  medicalInfoStep,
  medicalTeamStep,
  psychosocialStep,
  psychosocial2Step,
  weightHistoryStep,
  weightHistory2Step,
  dietaryPatternsStep,
  dietaryPatterns2Step,
  physicalActivityStep,
  foodJournalStep,
  fluidIntakeStep,
] as const;

type AnswersShape = { [S in (typeof intakeSteps)[number] as S['id']]: S['schema'] };
const answersShape = Object.fromEntries(intakeSteps.map((step) => [step.id, step.schema])) as AnswersShape;

/** Every step's answers, each validated by its own step schema. */
export const intakeAnswersSchema = z.strictObject(answersShape, { error: 'required' });

/** POST /api/intake. */
export const intakeSubmissionSchema = z.strictObject({
  answers: intakeAnswersSchema,
  consent: z.strictObject(
    {
      accepted: z.boolean({ error: 'intakeConsentRequired' }).refine((value) => value, { error: 'intakeConsentRequired' }),
      version: z.string({ error: 'consentOutdated' }).refine((value) => value === INTAKE_CONSENT_VERSION, { error: 'consentOutdated' }),
    },
    { error: 'intakeConsentRequired' },
  ),
});

/**
 * PUT /api/intake/draft: what the form holds so far, as typed (so not validated step by step:
 * a draft is unfinished by nature). Bounded in shape here and in size by the API's body limit.
 */
export const intakeDraftSchema = z.strictObject({
  step: z.int().min(0).max(INTAKE_STEP_COUNT),
  answers: z.partialRecord(z.enum(intakeStepIds as [IntakeStepId, ...IntakeStepId[]]), z.record(z.string().max(60), z.unknown())),
  updated_at: z.iso.datetime({ offset: true }),
});

export type IntakeSubmissionInput = z.input<typeof intakeSubmissionSchema>;
export type IntakeSubmission = z.output<typeof intakeSubmissionSchema>;
export type IntakeAnswers = z.output<typeof intakeAnswersSchema>;
export type IntakeDraft = z.output<typeof intakeDraftSchema>;
