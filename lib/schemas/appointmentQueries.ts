import { z } from 'zod';
import { MIN_PATIENT_SEARCH_LENGTH } from './patientSearch';
import { idSchema, idTextSchema } from './ids';

/**
 * Requests of the appointment-management calls (SPEC §7: booked-appointments, cancel-appointment,
 * selected-patient-info; issue #4: patients search). Messages are Validation keys.
 */

const requiredWhenAbsent = (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : undefined);

/** POST /api/booking/cancel-appointment */
export const cancelAppointmentSchema = z.strictObject({
  appointment_id: idSchema(requiredWhenAbsent),
});

/** GET /api/booking/selected-patient-info?id= (query values arrive as text). */
export const selectedPatientQuerySchema = z.object({
  id: idTextSchema(requiredWhenAbsent),
});

/** GET /api/booking/patients?search= (at least MIN_PATIENT_SEARCH_LENGTH: one letter would match most of the patient list). */
export const patientSearchQuerySchema = z.object({
  search: z
    .string({ error: requiredWhenAbsent })
    .trim()
    .min(MIN_PATIENT_SEARCH_LENGTH)
    .max(100, { error: 'tooLong' }),
});

/** The query string as a plain object, for the schemas above. */
export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}
