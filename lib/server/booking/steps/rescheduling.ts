import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/client';
import { appointments, services } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { canCancelOrReschedule } from '../rules';
import type { RequestActor } from '../stepTokens';

/** The code book-appointment answers too, for a visit that is over or cancelled. */
const notActive = () => new AppError('appointment_not_active', 409, 'appointmentNotActive');

/**
 * check-session's early answer to "may this caller move this appointment?", so a refused
 * reschedule fails at the first step rather than at the last. It is not the guarantee: the
 * appointment can change while the booking goes on, so book-appointment checks it again, in the
 * transaction that moves it. Returns whose appointment it is (null for a guest's booking).
 */
/**
 * A seat in a group session (issue #28) is not moved like a visit: the booking flow would make it
 * a visit of one's own. Until a seat moves to another session of its topic, it is cancelled and
 * another booked.
 */
export const seatNotMoved = () => new AppError('group_seat_move', 409, 'groupSeatMove');

export async function checkReschedulingTarget(
  db: Database,
  appointmentId: number,
  actor: RequestActor,
  now: Date,
): Promise<{ patientId: number | null }> {
  // A guest cannot prove a booking is theirs: they have no account to hold it.
  if (actor.kind === 'guest') throw new AppError('forbidden', 403, 'forbidden');
  const [row] = await db
    .select({
      patientId: appointments.patientId,
      status: appointments.status,
      startsAt: appointments.startsAt,
      groupSessionId: appointments.groupSessionId,
      minCancellationNoticeHours: services.minCancellationNoticeHours,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  if (!row) throw new AppError('appointment_not_found', 404, 'appointmentNotFound');
  if (actor.kind === 'patient' && row.patientId !== actor.userId) throw new AppError('forbidden', 403, 'forbidden');
  if (row.status !== 'booked') throw notActive();
  if (row.groupSessionId !== null) throw seatNotMoved();
  const decision = canCancelOrReschedule({
    startsAt: row.startsAt,
    now,
    minCancellationNoticeHours: row.minCancellationNoticeHours,
    actor: actor.kind,
  });
  if (!decision.allowed) {
    throw decision.reason === 'notice_period'
      ? new AppError('cancellation_notice', 409, 'rescheduleTooLate', { values: { hours: row.minCancellationNoticeHours } })
      : notActive();
  }
  return { patientId: row.patientId };
}
