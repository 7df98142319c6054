import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { WaitlistView as WaitlistPageView } from '@/lib/schemas/waitlist';
import { insertAppointment, lockDietitianBookings, slotUnavailable } from '@/lib/server/booking/appointments';
import type { AppointmentSlot } from '@/lib/server/booking/availability';
import { findCurrentSlot } from '@/lib/server/booking/freeSlots';
import { assertGuestUpcomingUnderLimit } from '@/lib/server/booking/guestLimits';
import { appointmentAtSlot } from '@/lib/server/booking/newAppointment';
import { queueBookingNotices } from '@/lib/server/booking/notifications';
import { loadService, type ServiceRow } from '@/lib/server/booking/slots';
import type { Database } from '@/lib/server/db/client';
import { groupSessions, waitlistEntries, waitlistOffers, type WaitlistEntry } from '@/lib/server/db/schema';
import { chosenGroupSession } from '@/lib/server/groups/dateStep';
import { bookSeat } from '@/lib/server/groups/seats';
import { kickMailQueue } from '@/lib/server/email/queue';
import { AppError } from '@/lib/server/http/appError';
import { entryQuery, openWaitlistLink } from './entries';
import { pageView } from './linkPage';

const offerClaimed = () => new AppError('waitlist_offer_claimed', 409, 'waitlistOfferClaimed');
const slotTaken = () => new AppError('waitlist_slot_taken', 409, 'waitlistSlotTaken');
const offerExpired = () => new AppError('waitlist_offer_expired', 410, 'waitlistOfferExpired');
const entryClosed = () => new AppError('waitlist_entry_closed', 409, 'waitlistEntryClosed');
/** The person left the list, or the clinic took them off it: their open offer went with the place. */
const offerWithdrawn = (status: 'left' | 'removed') =>
  new AppError('waitlist_offer_withdrawn', 410, status === 'left' ? 'waitlistOfferWithdrawnLeft' : 'waitlistOfferWithdrawnRemoved');

/** The clinic offered the person another time by hand (clinicOffer.ts): this offer gave way to it. */
const offerReplaced = () => new AppError('waitlist_offer_replaced', 410, 'waitlistOfferReplaced');

type ClaimOutcome = { booked: number } | { taken: true };

/**
 * POST /api/booking/waitlist/claim: books the offered time in one click, through the booking's
 * rules: the slot is re-checked in the transaction that books it, under the dietitian's booking
 * lock, and the exclusion constraints have the last word. The first claim wins; a later one is
 * told the time was just taken (409) and keeps its place on the list. A claimed entry leaves
 * the list; the booking's confirmation (with its manage link) goes through the queue.
 */
export async function claimOffer(db: Database, request: { token: string; ip: string; locale: Locale; now?: Date }): Promise<WaitlistPageView> {
  const now = request.now ?? new Date();
  const opened = await openWaitlistLink(db, request.token, request.ip, now);
  const offered = opened.offer;
  if (!offered) throw new AppError('link_invalid', 404, 'waitlistLinkInvalid');
  const offerId = offered.id;
  const outcome: ClaimOutcome = await db.transaction(async (tx) => {
    // Every claim of this dietitian's time queues at their booking lock first (the one every
    // booking takes), before any row lock: the winner then closes the other offers of the time
    // without waiting on a claim that waits on it. Then the entry, then the offer, as every
    // writer of both takes them.
    await lockDietitianBookings(tx, offered.employeeId);
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, opened.entry.id)).for('update');
    const [offer] = await tx.select().from(waitlistOffers).where(eq(waitlistOffers.id, offerId)).for('update');
    if (!offer) throw new AppError('link_invalid', 404, 'waitlistLinkInvalid');
    if (offer.status === 'claimed') throw offerClaimed();
    // A place that ended first: the answers below would say "you stay on the waitlist".
    if (entry && offer.status === 'withdrawn' && (entry.status === 'left' || entry.status === 'removed')) throw offerWithdrawn(entry.status);
    if (!entry || entry.status !== 'active') throw entryClosed();
    if (offer.status === 'taken') throw slotTaken();
    if (offer.status === 'withdrawn') throw offerReplaced();
    if (offer.status === 'expired' || offer.expiresAt <= now) throw offerExpired();
    const service = await loadService(tx, entry.serviceId);
    if (entry.guestContact) await assertGuestUpcomingUnderLimit(tx, entry.guestContact.email, entry.sessionLanguage, now);
    const booked =
      offer.groupSessionId !== null
        ? await bookOfferedSeat(tx, entry, service, offer.groupSessionId, now)
        : await bookOfferedSlot(tx, entry, service, offer.employeeId, offer.startsAt, now);
    if (!booked) {
      await tx.update(waitlistOffers).set({ status: 'taken', closedAt: now }).where(eq(waitlistOffers.id, offer.id));
      return { taken: true };
    }
    await tx.update(waitlistOffers).set({ status: 'claimed', closedAt: now, appointmentId: booked }).where(eq(waitlistOffers.id, offer.id));
    await tx.update(waitlistEntries).set({ status: 'booked', endedAt: now, appointmentId: booked }).where(eq(waitlistEntries.id, entry.id));
    // The others offered this time can be offered the next one at once (a session's, once its last seat went).
    if (offer.groupSessionId === null || (await seatsLeft(tx, offer.groupSessionId)) === 0) {
      await tx
        .update(waitlistOffers)
        .set({ status: 'taken', closedAt: now })
        .where(and(eq(waitlistOffers.employeeId, offer.employeeId), eq(waitlistOffers.startsAt, offer.startsAt), eq(waitlistOffers.status, 'open')));
    }
    await queueBookingNotices(tx, { appointmentId: booked, kind: 'booked' });
    return { booked };
  });
  if ('taken' in outcome) throw slotTaken();
  void kickMailQueue();
  const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, opened.entry.id));
  const [offer] = await db.select().from(waitlistOffers).where(eq(waitlistOffers.id, offerId));
  return pageView(db, entry ?? opened.entry, offer ?? offered, request.locale, now);
}

/** The offered visit's time as it is now, booked; null when it is gone. */
async function bookOfferedSlot(tx: Database, entry: WaitlistEntry, service: ServiceRow, employeeId: number, startsAt: Date, now: Date): Promise<number | null> {
  const slot = await findCurrentSlot(tx, entryQuery(entry), service, { startIso: startsAt.toISOString(), now, dietitianId: employeeId });
  return slot ? book(tx, entry, service, employeeId, slot) : null;
}

/**
 * The offered session's seat (issue #28), booked as the booking flow books one: the database
 * decides the last seat, so 20 claims of one freed seat make one booking. Null when the session
 * filled up, closed, or the person holds a seat there already (a savepoint keeps the claim's
 * transaction alive to say so).
 */
async function bookOfferedSeat(tx: Database, entry: WaitlistEntry, service: ServiceRow, sessionId: number, now: Date): Promise<number | null> {
  const query = { officeId: entry.officeId, sessionLanguage: entry.sessionLanguage, serviceId: entry.serviceId };
  try {
    return await tx.transaction(async (sp) => {
      const meetings = await chosenGroupSession(sp, query, service, sessionId, now);
      const party = { patientId: entry.patientId, guestContact: entry.guestContact, reasons: entry.reasons, message: entry.message, bookedBy: entry.addedBy, sessionLanguage: entry.sessionLanguage };
      return (await bookSeat(sp, meetings, party, null)).id;
    });
  } catch (error) {
    if (error instanceof AppError && ['group_session_full', 'group_seat_held', 'group_session_cancelled', 'slot_unavailable'].includes(error.code)) return null;
    throw error;
  }
}

async function seatsLeft(tx: Database, sessionId: number): Promise<number> {
  const [session] = await tx.select({ capacity: groupSessions.capacity, taken: groupSessions.seatsTaken }).from(groupSessions).where(eq(groupSessions.id, sessionId));
  return session ? session.capacity - session.taken : 0;
}

/** Writes the appointment of a claim; null when the exclusion constraint says the time is gone. */
async function book(tx: Database, entry: WaitlistEntry, service: ServiceRow, employeeId: number, slot: AppointmentSlot): Promise<number | null> {
  const values = await appointmentAtSlot(tx, {
    slot,
    dietitianId: employeeId,
    service,
    officeId: entry.officeId,
    sessionLanguage: entry.sessionLanguage,
    bookedBy: entry.addedBy,
  });
  try {
    const { appointment } = await insertAppointment(tx, {
      ...values,
      patientId: entry.patientId,
      guestContact: entry.guestContact,
      reasons: entry.reasons,
      message: entry.message,
    });
    return appointment.id;
  } catch (error) {
    if (error instanceof AppError && error.code === slotUnavailable().code) return null;
    throw error;
  }
}
