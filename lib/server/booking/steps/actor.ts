import 'server-only';
import { currentSession } from '@/lib/server/auth/currentUser';
import type { Database } from '@/lib/server/db/client';
import type { Actor, KeyContext, RequestActor, VerifyContext } from '../stepTokens';

/**
 * Who is calling, from the session cookie. Signed-in people who are not employees book for
 * themselves, so they are patients here; an employee who is also a patient acts as an employee
 * (booking for a chosen patient is what the employee side of the flow is for).
 */
export async function requestActor(db: Database, request: Request): Promise<RequestActor> {
  const session = await currentSession(db, request);
  if (!session) return { kind: 'guest' };
  return { kind: session.user.isEmployee ? 'employee' : 'patient', userId: session.user.id };
}

/** What token verification needs: the caller, the key and (in tests) the clock. */
export function verifyContextOf(actor: RequestActor, key: KeyContext): VerifyContext {
  return { actor, secret: key.secret, now: key.now };
}

/** The patient the booking is for, when known: the patient themself, or an employee's chosen patient. */
export function bookingPatientId(actor: Actor): number | null {
  if (actor.kind === 'patient') return actor.userId;
  return actor.kind === 'employee' ? actor.patientId : null;
}
