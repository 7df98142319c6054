import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { AppointmentOptions, Slot } from '@/lib/schemas/bookingSlots';
import { slotUnavailable } from '@/lib/server/booking/appointments';
import { utcToLocalDate } from '@/lib/server/booking/clinicTime';
import { getConfig } from '@/lib/server/config';
import { dateStepOptions, findCurrentSlot } from '@/lib/server/booking/freeSlots';
import { loadService } from '@/lib/server/booking/slots';
import type { Database } from '@/lib/server/db/client';
import { waitlistEntries, waitlistOffers, type WaitlistEntry, type WaitlistOffer } from '@/lib/server/db/schema';
import { isGroupService } from '@/lib/server/groups/groupService';
import { kickMailQueue } from '@/lib/server/email/queue';
import { announce } from '@/lib/server/events/announce';
import { AppError } from '@/lib/server/http/appError';
import { entryQuery, withdrawOpenOffers } from './entries';
import { createOffer, lockOffers } from './makeOffer';
import { offerExpiry } from './rules';

/** The clinic's page offers a chosen free time to a chosen entry, from the free times the entry could book. */

/**
 * The clinic offers a chosen free time to a chosen entry (the clinic's page); replaces the entry's
 * open offer, whose time goes on to the next entries at once, as a left offer's does (issue 27).
 */
export async function offerByHand(db: Database, input: { entryId: number; start: string; by: number; now: Date }): Promise<WaitlistOffer> {
  let freedTime = false;
  const offer = await db.transaction(async (tx) => {
    await lockOffers(tx);
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, input.entryId)).for('update');
    if (!entry || entry.status !== 'active') throw new AppError('waitlist_entry_not_found', 404, 'waitlistEntryNotFound');
    const service = await loadService(tx, entry.serviceId);
    const slot: Slot | null = isGroupService(service)
      ? await freeSeatAt(tx, entry, input)
      : await findCurrentSlot(tx, entryQuery(entry), service, { startIso: input.start, now: input.now });
    if (!slot?.recommended_employee) throw slotUnavailable();
    const start = new Date(slot.start);
    const expiresAt = offerExpiry(input.now, start, service);
    if (!expiresAt) throw new AppError('waitlist_offer_too_late', 409, 'waitlistOfferTooLate');
    const [before] = await tx
      .select({ id: waitlistOffers.id })
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.startsAt, start)));
    if (before) throw new AppError('waitlist_already_offered', 409, 'waitlistAlreadyOffered');
    freedTime = (await withdrawOpenOffers(tx, [entry.id], input.now)) > 0;
    const seat = { start, end: new Date(slot.end), employeeId: slot.recommended_employee.id, groupSessionId: slot.group_session?.id };
    return createOffer(tx, entry, service, seat, { expiresAt, offeredBy: input.by });
  });
  if (freedTime) announce('time-freed');
  void kickMailQueue();
  return offer;
}

/**
 * The free times of an entry, as the booking flow would list them (the clinic's page, to offer
 * one); for a seat's place (issue #28 item 5), the sessions of its topic with a seat left.
 */
export async function entrySlots(db: Database, entry: WaitlistEntry, now: Date, fromDate?: string): Promise<AppointmentOptions> {
  const service = await loadService(db, entry.serviceId);
  const { options }: { options: AppointmentOptions } = await dateStepOptions(db, entryQuery(entry), service, now, fromDate ?? entry.fromDate, entry.groupTopicId ?? undefined);
  if (!isGroupService(service)) return options;
  return Object.fromEntries(
    Object.entries(options)
      .map(([date, slots]) => [date, slots.filter((slot) => (slot.group_session?.seats_left ?? 0) > 0)] as const)
      .filter(([, slots]) => slots.length > 0),
  );
}

/** A seat's place is offered a session of its topic with a seat left, never a private time. */
async function freeSeatAt(db: Database, entry: WaitlistEntry, input: { start: string; now: Date }): Promise<Slot | null> {
  if (entry.groupTopicId === null) return null;
  const options = await entrySlots(db, entry, input.now, utcToLocalDate(Date.parse(input.start), getConfig().clinicTimezone));
  return Object.values(options).flat().find((slot) => Date.parse(slot.start) === Date.parse(input.start)) ?? null;
}
