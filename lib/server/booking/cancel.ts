import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/client';
import { kickMailQueue } from '@/lib/server/email/queue';
import { announce } from '@/lib/server/events/announce';
import { appointments, services } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { cancelAppointment } from './appointments';
import { queueBookingNotices } from './notifications';
import { canCancelOrReschedule } from './rules';
import type { RequestActor } from './stepTokens';

const notFound = () => new AppError('appointment_not_found', 404, 'appointmentNotFound');
const notActive = () => new AppError('appointment_not_active', 409, 'appointmentNotActive');

/**
 * POST /api/booking/cancel-appointment. Patients cancel only their own appointments, and only
 * up to the service's min_cancellation_notice; employees cancel any, inside the notice too (then
 * recorded as an override). Someone else's appointment answers 404, like a missing one, so a
 * patient cannot probe which ids exist. Cancelling twice is answered like the first time, without
 * a second e-mail. The slot is free as soon as this returns; the e-mails follow the commit.
 */
export async function cancelForActor(
  db: Database,
  input: { appointmentId: number; actor: RequestActor; now: Date },
): Promise<{ cancelled: boolean }> {
  const { actor } = input;
  // A guest has no account to prove a booking is theirs: they cancel by calling the clinic.
  if (actor.kind === 'guest') throw new AppError('unauthenticated', 401, 'unauthenticated');
  const [row] = await db
    .select({
      patientId: appointments.patientId,
      status: appointments.status,
      startsAt: appointments.startsAt,
      minCancellationNoticeHours: services.minCancellationNoticeHours,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .where(eq(appointments.id, input.appointmentId))
    .limit(1);
  if (!row || (actor.kind === 'patient' && row.patientId !== actor.userId)) throw notFound();
  if (row.status === 'cancelled') return { cancelled: false };
  if (row.status !== 'booked') throw notActive();

  const decision = canCancelOrReschedule({
    startsAt: row.startsAt,
    now: input.now,
    minCancellationNoticeHours: row.minCancellationNoticeHours,
    actor: actor.kind,
  });
  if (!decision.allowed) {
    throw decision.reason === 'notice_period'
      ? new AppError('cancellation_notice', 409, 'cancellationTooLate', { values: { hours: row.minCancellationNoticeHours } })
      : notActive();
  }
  return cancelAndNotify(db, { appointmentId: input.appointmentId, by: actor.userId, override: decision.override });
}

/**
 * Cancels and queues its e-mails in one transaction, then kicks the queue. cancelAppointment only
 * touches a row still booked, so a concurrent cancel or move wins cleanly (and sends nothing here).
 */
export async function cancelAndNotify(
  db: Database,
  input: { appointmentId: number; by: number | null; override: boolean },
): Promise<{ cancelled: boolean }> {
  const result = await db.transaction(async (tx) => {
    const cancelled = await cancelAppointment(tx, input);
    if (cancelled.cancelled) await queueBookingNotices(tx, { appointmentId: input.appointmentId, kind: 'cancelled' });
    return cancelled;
  });
  if (result.cancelled) {
    void kickMailQueue();
    // The freed time (recorded with the cancellation) may go to whoever listens.
    announce('time-freed');
  }
  return { cancelled: result.cancelled };
}
