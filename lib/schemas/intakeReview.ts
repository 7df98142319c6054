import { z } from 'zod';

/** Intake forms per page of the clinic's list. */
export const INTAKE_PAGE_SIZE = 20;

/** GET /api/intake?search=&page= (query values arrive as text). Messages are Validation keys. */
export const intakeListQuerySchema = z.object({
  search: z.string().trim().max(100, { error: 'tooLong' }).default(''),
  page: z.coerce.number({ error: 'numberInvalid' }).int({ error: 'numberInvalid' }).min(1, { error: 'numberInvalid' }).max(100_000, { error: 'numberInvalid' }).default(1),
});

export type IntakeListQuery = z.output<typeof intakeListQuerySchema>;
