import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '@/lib/server/http/appError';
import { slotUnavailable } from '@/lib/server/booking/appointments';
import type { Database } from '@/lib/server/db/client';
import { appointments, type Appointment, type GroupSession, type NewAppointment } from '@/lib/server/db/schema';

/** What a seat's rows take from the booking: whose it is, why, and who booked it. */
export type SeatParty = Pick<NewAppointment, 'patientId' | 'guestContact' | 'reasons' | 'message' | 'bookedBy' | 'sessionLanguage'>;

export const sessionFull = () => new AppError('group_session_full', 409, 'groupSessionFull');
export const seatHeld = () => new AppError('group_seat_held', 409, 'groupSeatHeld');
/** The clinic called the session off (issue #38): not a time someone else just took. */
export const sessionCancelled = () => new AppError('group_session_cancelled', 409, 'groupSessionCancelled');

/** The first code and constraint of a database error, through drizzle's wrapping. */
export function dbErrorOf(error: unknown): { code?: string; constraint?: string } {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string') return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
  }
  return {};
}

/** Where and when a seat in this session is, and with whom: the columns every seat row takes from its session. */
export function seatPlace(session: GroupSession) {
  const { employeeId, serviceId, officeId, startsAt, endsAt, blockedUntil, videoRoom } = session;
  return { employeeId, serviceId, officeId, startsAt, endsAt, blockedUntil, videoRoom, groupSessionId: session.id };
}

/** A seat moved into `session` (by its holder or with its session): the same seat, its price as booked. */
export function movedSeat(seat: Appointment, session: GroupSession) {
  const { sessionLanguage, priceCents, taxCents, totalCents, bookedBy } = seat;
  return { ...seatPlace(session), sessionLanguage, priceCents, taxCents, totalCents, bookedBy, timeslotTokenJti: null };
}

/** What a seat costs: its session's price, or for a series every meeting's together. */
export function seatPrice(meetings: GroupSession[]) {
  const sum = (pick: (meeting: GroupSession) => number) => meetings.reduce((total, meeting) => total + pick(meeting), 0);
  return { base_cents: sum((m) => m.priceCents), tax_cents: sum((m) => m.taxCents), total_cents: sum((m) => m.totalCents) };
}

/** The fewest seats left among a series' meetings (a seat in a series is a seat in each), or a session's. */
export const seatsLeftIn = (meetings: GroupSession[]) => Math.min(...meetings.map((meeting) => meeting.capacity - meeting.seatsTaken));

/**
 * Books a seat in a session, or in each meeting of a series, in the caller's transaction: one
 * appointment row per meeting, the first carrying the timeslot token's id (a resubmitted token
 * books once). The database decides the last seat (migration 0012's counter and its check): a
 * session that filled up meanwhile answers 409 `group_session_full`, a second seat of the same
 * person 409 `group_seat_held`, an overlap with the person's own visits `slot_unavailable`.
 */
export async function bookSeat(tx: Database, meetings: GroupSession[], party: SeatParty, timeslotTokenJti: string | null): Promise<Appointment> {
  // Said plainly before the insert (the overlap constraint on the person's own visits would
  // otherwise answer first, as "time unavailable"); the unique indexes still decide a race.
  const holder = party.patientId
    ? eq(appointments.patientId, party.patientId)
    : sql`lower(${appointments.guestContact} ->> 'email') = lower(${party.guestContact?.email ?? ''})`;
  const [held] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.groupSessionId, meetings[0]!.id), ne(appointments.status, 'cancelled'), holder))
    .limit(1);
  if (held) throw seatHeld();
  const rows: Appointment[] = [];
  try {
    for (const [i, meeting] of meetings.entries()) {
      const [row] = await tx
        .insert(appointments)
        .values({
          ...party,
          ...seatPlace(meeting),
          priceCents: meeting.priceCents,
          taxCents: meeting.taxCents,
          totalCents: meeting.totalCents,
          timeslotTokenJti: i === 0 ? timeslotTokenJti : null,
        })
        .returning();
      rows.push(row!);
    }
  } catch (error) {
    const { code, constraint } = dbErrorOf(error);
    if (code === '23514' && constraint === 'group_sessions_seats_check') throw sessionFull();
    if (code === '23514' && constraint === 'group_sessions_open_check') throw sessionCancelled();
    if (code === '23505' && constraint?.startsWith('appointments_one_seat_per_')) throw seatHeld();
    if (code === '23P01') throw slotUnavailable();
    throw error;
  }
  return rows[0]!;
}
