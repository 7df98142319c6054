import type { z } from 'zod';
import { stepSchema } from './fields';
import type { StepLayout, StepValues } from './layout/spec';

/** One step of the intake form: its layout (fields and starting values) and its schema. */
export interface IntakeStep<S extends z.ZodType = z.ZodType> extends StepLayout {
  schema: S;
}

export function defineStep<const Id extends string, Shape extends z.ZodRawShape>(
  layout: StepLayout<Id>,
  shape: Shape,
  refine?: Parameters<typeof stepSchema<Shape>>[3],
  prepare?: (values: StepValues) => StepValues,
) {
  return { ...layout, schema: stepSchema(shape, layout.fields, layout.defaults, refine, prepare) } satisfies IntakeStep;
}
