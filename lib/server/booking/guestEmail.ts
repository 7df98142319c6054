import 'server-only';
import { and, isNull, sql, type SQL } from 'drizzle-orm';
import { appointments } from '@/lib/server/db/schema';

/**
 * A guest's appointments, by the e-mail address of the booking, matched as the guest exclusion
 * constraint matches a guest (migration 0003: lower-case address). `patient_id IS NULL` says the
 * same (a row is a patient's or a guest's, never both) and lets PostgreSQL use the partial index
 * on guests' addresses (migration 0017); without it every guest check read the whole table.
 */
export function guestAppointmentsOf(email: string): SQL {
  return and(isNull(appointments.patientId), sql`lower(${appointments.guestContact} ->> 'email') = ${email.toLowerCase()}`)!;
}
