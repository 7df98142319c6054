import { physicalActivity } from './activity';
import { contact, emergencyContact } from './contact';
import { dietaryPatterns, dietaryPatterns2 } from './diet';
import { fluidIntake, foodJournal } from './journal';
import { medicalInfo, medicalTeam } from './medical';
import { objective } from './objective';
import { personalInformation } from './personal';
import { psychosocial, psychosocial2 } from './psychosocial';
import type { StepValues } from './spec';
import { weightHistory, weightHistory2 } from './weight';

export type { FieldSpec, StepValues } from './spec';

/**
 * The fifteen steps in the order the patient fills them (SPEC §2), as drawn: no zod, so the form
 * shows and restores a step before the step schemas (../index.ts) load.
 */
export const intakeLayout = [
  contact,
  personalInformation,
  emergencyContact,
  objective,
  medicalInfo,
  medicalTeam,
  psychosocial,
  psychosocial2,
  weightHistory,
  weightHistory2,
  dietaryPatterns,
  dietaryPatterns2,
  physicalActivity,
  foodJournal,
  fluidIntake,
] as const;

export type IntakeStepId = (typeof intakeLayout)[number]['id'];
export const intakeStepIds = intakeLayout.map((step) => step.id) as IntakeStepId[];
export const INTAKE_STEP_COUNT = intakeLayout.length;

/**
 * The consent text the patient agrees to before submitting (Intake.review.consent). Change the
 * version whenever that text changes: each submission records the version it was given under.
 */
export const INTAKE_CONSENT_VERSION = '2026-11-01';

/** What each step's controls hold, as typed. */
export type IntakeAnswersDraft = Partial<Record<IntakeStepId, StepValues>>;

/** A draft as the server keeps it (GET/PUT /api/intake/draft), as the browser reads it. */
export interface ServerDraft {
  step: number;
  answers: IntakeAnswersDraft;
  updated_at: string;
}
