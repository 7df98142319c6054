import type { z } from 'zod';
import { stepSchema, type FieldSpec, type StepValues } from './fields';

/** One step of the intake form: its fields in order, their starting values and its schema. */
export interface IntakeStep<S extends z.ZodType = z.ZodType> {
  id: string;
  fields: readonly FieldSpec[];
  /** What the form's controls start with (and what a hidden field is put back to). */
  defaults: StepValues;
  schema: S;
}

export function defineStep<const Id extends string, Shape extends z.ZodRawShape>(
  id: Id,
  shape: Shape,
  fields: readonly FieldSpec[],
  defaults: StepValues,
  refine?: Parameters<typeof stepSchema<Shape>>[3],
  prepare?: Parameters<typeof stepSchema<Shape>>[4],
) {
  return { id, fields, defaults, schema: stepSchema(shape, fields, defaults, refine, prepare) } satisfies IntakeStep;
}
