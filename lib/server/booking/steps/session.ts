import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { CheckSessionInput } from '@/lib/schemas/booking';
import type { Database } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { bookingTokenContext, startBooking, type Actor, type KeyContext, type RequestActor } from '../stepTokens';
import { assertGuestAddressUnderLimit } from '../guestLimits';
import { checkReschedulingTarget } from './rescheduling';

/** The API's "automatic choice" of dietitian (SPEC §4). */
const AUTOMATIC_DIETITIAN = -1;

const fieldError = (code: string, field: string, key: string) =>
  new AppError(code, 400, key, { fieldErrors: { [field]: [key] } });

/**
 * check-session: the booking's language and who books, signed into the first two tokens.
 * Only an employee chooses a patient (an active patient account) or a dietitian (an active
 * employee; -1 or null = automatic). From anyone else a choice is refused, not ignored, so a
 * client bug cannot silently book under the wrong person.
 */
export async function checkSessionStep(
  db: Database,
  input: CheckSessionInput,
  caller: RequestActor,
  key: KeyContext = bookingTokenContext(),
  /** The client's address: a guest whose address has booked its hour's worth hears it now (guestLimits.ts). */
  ip?: string,
): Promise<{ session_language_token: string; auth_token: string }> {
  if (ip !== undefined && caller.kind === 'guest') await assertGuestAddressUnderLimit(db, ip, key.now);
  const patientChoice = input.employee_selected_patient_id ?? null;
  const dietitianChoice = input.employee_selected_dietitian_id === AUTOMATIC_DIETITIAN ? null : (input.employee_selected_dietitian_id ?? null);
  if (caller.kind !== 'employee' && (patientChoice !== null || dietitianChoice !== null)) {
    throw new AppError('forbidden', 403, 'forbidden');
  }

  let actor: Actor;
  if (caller.kind === 'employee') {
    if (patientChoice !== null && !(await isActiveUser(db, patientChoice, 'patient'))) {
      throw fieldError('patient_not_found', 'employee_selected_patient_id', 'patientNotFound');
    }
    if (dietitianChoice !== null && !(await isActiveUser(db, dietitianChoice, 'employee'))) {
      throw fieldError('dietitian_not_found', 'employee_selected_dietitian_id', 'dietitianNotFound');
    }
    actor = { kind: 'employee', userId: caller.userId, patientId: patientChoice, dietitianId: dietitianChoice };
  } else {
    actor = caller.kind === 'guest' ? caller : { kind: 'patient', userId: caller.userId };
  }

  const reschedulingId = input.rescheduling_appointment_id ?? null;
  if (reschedulingId !== null) {
    const target = await checkReschedulingTarget(db, reschedulingId, caller, key.now ?? new Date());
    if (actor.kind === 'employee') {
      // Moving a visit keeps it the same patient's: the employee's choice defaults to them and may not differ.
      if (actor.patientId !== null && actor.patientId !== target.patientId) {
        throw fieldError('rescheduling_patient_mismatch', 'employee_selected_patient_id', 'reschedulingPatientMismatch');
      }
      actor = { ...actor, patientId: target.patientId };
    }
  }

  return startBooking(
    actor,
    { sessionLanguage: input.session_language, ...(reschedulingId !== null && { reschedulingAppointmentId: reschedulingId }) },
    key,
  );
}

async function isActiveUser(db: Database, userId: number, role: 'patient' | 'employee'): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true), eq(role === 'patient' ? users.isPatient : users.isEmployee, true)))
    .limit(1);
  return row !== undefined;
}
