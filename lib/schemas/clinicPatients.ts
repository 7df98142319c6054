import { z } from 'zod';

/** Patients per page of the clinic's patient list. */
export const CLINIC_PATIENTS_PAGE_SIZE = 20;

/**
 * GET /api/clinic/patients?search=&page= (query values arrive as text). An empty search lists
 * every patient. Messages are Validation keys.
 */
export const clinicPatientsQuerySchema = z.object({
  search: z.string().trim().max(100, { error: 'tooLong' }).default(''),
  page: z.coerce
    .number({ error: 'numberInvalid' })
    .int({ error: 'numberInvalid' })
    .min(1, { error: 'numberInvalid' })
    .max(100_000, { error: 'numberInvalid' })
    .default(1),
});

export type ClinicPatientsQuery = z.output<typeof clinicPatientsQuerySchema>;
