import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/client';
import { appointments } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';

/**
 * A reschedule must move the visit: its own start with its own dietitian would cancel it and
 * book it again, with their e-mails, for nothing. Refused (409 reschedule_same_slot) at the
 * booking flow's timeslot check, so the date step says it before anything is confirmed, again
 * by book-appointment in the transaction that would move it, and by a manage link's move.
 */
export const sameSlotRefused = () => new AppError('reschedule_same_slot', 409, 'rescheduleSameSlot');

/** Where a visit is now: its start and its dietitian. */
interface VisitSlot {
  startsAt: Date;
  employeeId: number;
}

/** The slot of the visit being moved; null when there is no such visit (the move's own checks answer that). */
export async function visitSlotOf(db: Database, appointmentId: number): Promise<VisitSlot | null> {
  const [row] = await db
    .select({ startsAt: appointments.startsAt, employeeId: appointments.employeeId })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row ?? null;
}

/** Whether a start (an ISO instant) is the visit's own. */
export function isOwnStart(visit: VisitSlot, start: string): boolean {
  return Date.parse(start) === visit.startsAt.getTime();
}

/** Refuses a move to the visit's own start with its own dietitian. */
export function assertMoves(visit: VisitSlot, start: string, dietitianId: number): void {
  if (isOwnStart(visit, start) && dietitianId === visit.employeeId) throw sameSlotRefused();
}
