import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { User } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { exportResponse } from './exportZip';

/**
 * An employee produces a person's export: a patient account (open or closed) by its id, or a
 * guest by the address of their bookings. Audited with the employee's name as for any export. The
 * summary is in the patient's own language (the one their account prefers), as they would get it.
 */
export async function exportForClinic(db: Database, employee: User, query: { patient_id: number } | { email: string }, locale: Locale): Promise<Response> {
  if ('email' in query) return exportResponse(db, { kind: 'guest', email: query.email }, { locale, actorUserId: employee.id, via: 'clinic' });
  const [patient] = await db
    .select({ id: users.id, language: users.preferredLanguage })
    .from(users)
    .where(and(eq(users.id, query.patient_id), eq(users.isPatient, true)));
  if (!patient) throw new AppError('patient_not_found', 404, 'patientNotFound');
  return exportResponse(db, { kind: 'patient', patientId: patient.id }, { locale: patient.language, actorUserId: employee.id, via: 'clinic' });
}
