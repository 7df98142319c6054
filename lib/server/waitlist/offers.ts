import 'server-only';
import { and, asc, count, eq, gt, gte, inArray, lt, lte, notExists, or, sql } from 'drizzle-orm';
import type { WaitlistOffer as WaitlistOfferView, WaitlistView as WaitlistPageView } from '@/lib/api/waitlist';
import type { Locale } from '@/lib/i18n/routing';
import { insertAppointment, lockDietitianBookings, slotUnavailable } from '@/lib/server/booking/appointments';
import { getAvailableSlots, type AppointmentSlot } from '@/lib/server/booking/availability';
import { isVirtualOffice } from '@/lib/server/booking/book';
import { isoWeekday, utcToLocalDate } from '@/lib/server/booking/clinicTime';
import { assertGuestUpcomingUnderLimit } from '@/lib/server/booking/guestLimits';
import { describeManaged, type ManagedAppointment } from '@/lib/server/booking/manage';
import { locationOf, queueBookingNotices } from '@/lib/server/booking/notifications';
import { priceService } from '@/lib/server/booking/pricing';
import { availableSlots, findCurrentSlot, loadAvailabilityInput, loadService, type ServiceRow } from '@/lib/server/booking/slots';
import { newVideoRoom } from '@/lib/server/booking/videoRoom';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { appointments, offices, services, users, waitlistEntries, waitlistOffers, waitlistWakeups, type WaitlistEntry, type WaitlistOffer } from '@/lib/server/db/schema';
import { waitlistOfferEmail } from '@/lib/server/email';
import { kickMailQueue, queueEmail } from '@/lib/server/email/queue';
import { AppError } from '@/lib/server/http/appError';
import { describeEntry, entryQuery, expireEntries, hashToken, newLinkToken, openWaitlistLink, recipientOf, waitlistLink } from './entries';
import { recordFreedTime } from './wakeups';

/**
 * Offering freed times to the waitlist (issue #16).
 *
 * A change that frees time writes a wakeup in its own transaction (wakeups.ts). Each run of the
 * job runner (and a background run right after a cancellation or a move) takes the wakeups,
 * and for each active entry without an open offer, oldest first, whose window meets them, runs
 * availability exactly as the booking flow would for that person (skills, language, office,
 * notice and advance limits, the dietitian an employee chose, the person's own visits), keeps
 * the free times that overlap a freed one, fit the entry's times of day and weekdays and were
 * never offered to it, and offers one by e-mail, through the queue: the freed time itself when
 * it is free for this person, else the earliest. The wakeups are deleted after: a run that
 * dies half-way leaves them to the next.
 *
 * A time goes to at most OFFER_BATCH entries at once, in order of joining. Why a small batch and
 * not one at a time: a freed time is often close (someone cancels two days ahead), and passing it
 * along one person per two hours would let it go unused; three people at once keep the odds of a
 * booking high while "just taken" stays rare. The first claim wins (the booking's own exclusion
 * constraint decides); the others keep their place for the next offer. An offer expires after
 * OFFER_LIFETIME_MS, never past the time the service can still be booked, and the time then goes
 * to the next entries.
 */

export const OFFER_LIFETIME_MS = 2 * 3_600_000;
export const OFFER_BATCH = 3;
/** An offer that would leave less than this to claim it is not made. */
const MIN_OFFER_MS = 10 * 60_000;
/** Entries read per query: a long list is read a page at a time. */
const ENTRIES_PER_PAGE = 200;
const CANDIDATES_PER_ENTRY = 20;
const HOUR_MS = 3_600_000;

const offerClaimed = () => new AppError('waitlist_offer_claimed', 409, 'waitlistOfferClaimed');
const slotTaken = () => new AppError('waitlist_slot_taken', 409, 'waitlistSlotTaken');
const offerExpired = () => new AppError('waitlist_offer_expired', 410, 'waitlistOfferExpired');
const entryClosed = () => new AppError('waitlist_entry_closed', 409, 'waitlistEntryClosed');

type TimeOfDay = WaitlistEntry['timesOfDay'][number];

/** The part of the day a start falls in, on the clinic's clock: before noon, before 17:00, after. */
export function partOfDay(instant: Date, timeZone: string): TimeOfDay {
  const hour = Number(new Intl.DateTimeFormat('en-CA', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(instant));
  return hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';
}

/** Whether a time suits an entry's preferences (its window included). */
export function suits(entry: Pick<WaitlistEntry, 'fromDate' | 'toDate' | 'timesOfDay' | 'weekdays'>, start: Date, timeZone: string): boolean {
  const date = utcToLocalDate(start, timeZone);
  return (
    date >= entry.fromDate &&
    date <= entry.toDate &&
    entry.weekdays.includes(isoWeekday(date)) &&
    entry.timesOfDay.includes(partOfDay(start, timeZone))
  );
}

/** Until when an offer of `start` can be claimed: OFFER_LIFETIME_MS, never past the service's min_advance_booking; null if too soon. */
export function offerExpiry(now: Date, start: Date, service: Pick<ServiceRow, 'minAdvanceBookingHours'>): Date | null {
  const lastBookable = start.getTime() - service.minAdvanceBookingHours * HOUR_MS;
  const expires = Math.min(now.getTime() + OFFER_LIFETIME_MS, lastBookable);
  return expires - now.getTime() < MIN_OFFER_MS ? null : new Date(expires);
}

/** Writes an offer and queues its e-mail, in the caller's transaction. */
async function createOffer(
  tx: Database,
  entry: WaitlistEntry,
  service: ServiceRow,
  slot: { start: Date; end: Date; employeeId: number },
  options: { expiresAt: Date; offeredBy: number | null },
): Promise<WaitlistOffer> {
  const blockedUntil = new Date(slot.start.getTime() + service.employeeDurationMinutes * 60_000);
  const token = newLinkToken();
  const [offer] = await tx
    .insert(waitlistOffers)
    .values({
      entryId: entry.id,
      employeeId: slot.employeeId,
      startsAt: slot.start,
      endsAt: slot.end,
      blockedUntil,
      tokenHash: hashToken(token),
      expiresAt: options.expiresAt,
      offeredBy: options.offeredBy,
    })
    .returning();
  const recipient = await recipientOf(tx, entry);
  const [office] = await tx.select().from(offices).where(eq(offices.id, entry.officeId));
  const [dietitian] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, slot.employeeId));
  if (recipient && office) {
    const language = entry.sessionLanguage;
    const price = priceService(service);
    const content = waitlistOfferEmail({
      language,
      firstName: recipient.firstName,
      serviceName: language === 'fr' ? service.nameFr : service.nameEn,
      start: slot.start,
      end: slot.end,
      location: locationOf(office, language),
      dietitianName: dietitian ? `${dietitian.firstName} ${dietitian.lastName}` : '',
      timeZone: getConfig().clinicTimezone,
      totalCents: price.total_price,
      taxCents: price.tax_amount,
      expiresAt: options.expiresAt,
      claimLink: waitlistLink(language, token),
    });
    await queueEmail(tx, { purpose: 'waitlist offer', message: { to: recipient.email, language, ...content } });
  }
  return offer!;
}

/** Offers close one after another: the batch count and the one-open-offer rule are read and written under this lock. */
async function lockOffers(tx: Database): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('waitlist:offers'))`);
}

/** Open offers of the dietitian's time [start, blockedUntil): a freed stretch goes to OFFER_BATCH entries at once. */
async function openOffersOver(tx: Database, employeeId: number, start: Date, blockedUntil: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.employeeId, employeeId),
        eq(waitlistOffers.status, 'open'),
        lt(waitlistOffers.startsAt, blockedUntil),
        gt(waitlistOffers.blockedUntil, start),
      ),
    );
  return row?.n ?? 0;
}

/** Whether the entry was ever offered this dietitian's time, or a time overlapping it: it is not offered again. */
async function offeredBefore(tx: Database, entryId: number, employeeId: number, start: Date, blockedUntil: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: waitlistOffers.id })
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.entryId, entryId),
        or(and(eq(waitlistOffers.employeeId, employeeId), lt(waitlistOffers.startsAt, blockedUntil), gt(waitlistOffers.blockedUntil, start)), eq(waitlistOffers.startsAt, start)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Open offers past their time: expired, and their time looked at again for the next entries. */
async function expireOffers(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(waitlistOffers)
      .set({ status: 'expired', closedAt: now })
      .where(and(eq(waitlistOffers.status, 'open'), lte(waitlistOffers.expiresAt, now)))
      .returning({ employeeId: waitlistOffers.employeeId, startsAt: waitlistOffers.startsAt, blockedUntil: waitlistOffers.blockedUntil });
    for (const offer of expired) await recordFreedTime(tx, offer.employeeId, offer.startsAt, offer.blockedUntil);
    return expired.length;
  });
}

export interface OfferRunCounts {
  offered: number;
  expiredOffers: number;
  expiredEntries: number;
}

/**
 * One pass of the waitlist: expire what is over, then offer the freed times. Safe to run from
 * several processes at once (offers are made under one lock, and an entry is offered a time once).
 */
export async function offerFreedSlots(db: Database, now: Date = new Date()): Promise<OfferRunCounts> {
  const expiredEntries = await expireEntries(db, now);
  const expiredOffers = await expireOffers(db, now);
  const counts: OfferRunCounts = { offered: 0, expiredOffers, expiredEntries };
  const wakeups = await db.select().from(waitlistWakeups).orderBy(asc(waitlistWakeups.id)).limit(500);
  if (wakeups.length === 0) return counts;
  const timeZone = getConfig().clinicTimezone;
  const today = utcToLocalDate(now, timeZone);
  const freed = wakeups
    .filter((w) => w.endsAt > now)
    .map((w) => ({ from: utcToLocalDate(w.startsAt < now ? now : w.startsAt, timeZone), to: utcToLocalDate(w.endsAt, timeZone) }));
  const freedRanges = wakeups.map((w) => ({ employeeId: w.employeeId, start: w.startsAt.getTime(), end: w.endsAt.getTime() }));
  const lastFreed = freed.reduce((max, range) => (range.to > max ? range.to : max), today);

  const serviceCache = new Map<number, ServiceRow | null>();
  // Oldest first (ids follow joining order), a page at a time, until every waiting entry was looked at.
  for (let after = 0; freed.length > 0; ) {
    const entries = await db
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.status, 'active'),
          gt(waitlistEntries.id, after),
          gte(waitlistEntries.toDate, today),
          lte(waitlistEntries.fromDate, lastFreed),
          notExists(
            db
              .select({ one: sql`1` })
              .from(waitlistOffers)
              .where(and(eq(waitlistOffers.entryId, waitlistEntries.id), eq(waitlistOffers.status, 'open'))),
          ),
        ),
      )
      .orderBy(asc(waitlistEntries.id))
      .limit(ENTRIES_PER_PAGE);
    for (const entry of entries) counts.offered += await offerToEntry(db, entry, { freed, freedRanges, today, now, timeZone, serviceCache });
    if (entries.length < ENTRIES_PER_PAGE) break;
    after = entries.at(-1)!.id;
  }
  // The ones read, by id: a wakeup committed meanwhile with a lower id than these waits for the next run.
  await db.delete(waitlistWakeups).where(inArray(waitlistWakeups.id, wakeups.map((w) => w.id)));
  return counts;
}

interface FreedTimes {
  /** The freed stretches as local dates (from today on). */
  freed: { from: string; to: string }[];
  /** And as instants, with whose time came free. */
  freedRanges: { employeeId: number; start: number; end: number }[];
  today: string;
  now: Date;
  timeZone: string;
  serviceCache: Map<number, ServiceRow | null>;
}

/** Offers one entry a time that came free and suits it, if there is one; answers how many offers it made (0 or 1). */
async function offerToEntry(db: Database, entry: WaitlistEntry, context: FreedTimes): Promise<number> {
  const { freed, freedRanges, today, now, timeZone, serviceCache } = context;
  // The days where a freed time meets the entry's window.
  const spans = freed
    .map((range) => ({ from: [range.from, entry.fromDate, today].sort().at(-1)!, to: [range.to, entry.toDate].sort()[0]! }))
    .filter((span) => span.from <= span.to);
  if (spans.length === 0) return 0;
  const fromDate = spans.map((s) => s.from).sort()[0]!;
  const toDate = spans.map((s) => s.to).sort().at(-1)!;
  if (!serviceCache.has(entry.serviceId)) serviceCache.set(entry.serviceId, await loadService(db, entry.serviceId).catch(() => null));
  const service = serviceCache.get(entry.serviceId);
  if (!service) return 0;
  const days = Math.round((Date.parse(toDate) - Date.parse(fromDate)) / 86_400_000) + 1;
  const input = await loadAvailabilityInput(db, entryQuery(entry), service, { now, timeZone, fromDate, days });
  // The dietitian's times that overlap what came free of their time, the freed times
  // themselves first (a cancelled visit's own start), then the earliest. A time that was free
  // all along (with this dietitian or another) is no news: it was there when they joined.
  const employeeMs = service.employeeDurationMinutes * 60_000;
  const freedFor = (slot: AppointmentSlot) => freedRanges.filter((r) => r.employeeId === slot.recommended_employee.id);
  const exact = (slot: AppointmentSlot) => (freedFor(slot).some((r) => r.start === Date.parse(slot.start)) ? 0 : 1);
  const candidates = Object.values(getAvailableSlots(input))
    .flat()
    .filter((slot) => {
      const start = Date.parse(slot.start);
      return freedFor(slot).some((r) => start < r.end && start + employeeMs > r.start) && suits(entry, new Date(slot.start), timeZone);
    })
    .sort((a, b) => exact(a) - exact(b) || a.start.localeCompare(b.start));
  // A few tries per entry and run: each is a short transaction of its own.
  for (const slot of candidates.slice(0, CANDIDATES_PER_ENTRY)) {
    const result = await offerIfStillOpen(db, entry, service, slot, now);
    if (result !== 'try_next') return result === 'offered' ? 1 : 0;
  }
  return 0;
}

/**
 * Offers one slot to one entry if the entry still waits without an offer, was never offered this
 * time (or one overlapping it) and the time's batch is not full; else whether to try its next slot.
 */
async function offerIfStillOpen(
  db: Database,
  entry: WaitlistEntry,
  service: ServiceRow,
  slot: AppointmentSlot,
  now: Date,
): Promise<'offered' | 'try_next' | 'stop'> {
  const start = new Date(slot.start);
  const expiresAt = offerExpiry(now, start, service);
  if (!expiresAt) return 'try_next';
  const employeeId = slot.recommended_employee.id;
  const blockedUntil = new Date(start.getTime() + service.employeeDurationMinutes * 60_000);
  return db.transaction(async (tx) => {
    await lockOffers(tx);
    const [current] = await tx
      .select({ status: waitlistEntries.status })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, entry.id));
    const [open] = await tx
      .select({ id: waitlistOffers.id })
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.status, 'open')));
    if (current?.status !== 'active' || open) return 'stop';
    if (await offeredBefore(tx, entry.id, employeeId, start, blockedUntil)) return 'try_next';
    if ((await openOffersOver(tx, employeeId, start, blockedUntil)) >= OFFER_BATCH) return 'try_next';
    await createOffer(tx, entry, service, { start, end: new Date(slot.end), employeeId }, { expiresAt, offeredBy: null });
    return 'offered';
  });
}


async function describeOffer(db: Database, offer: WaitlistOffer, service: ServiceRow, now: Date): Promise<WaitlistOfferView> {
  const [dietitian] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, offer.employeeId));
  const price = priceService(service);
  return {
    status: offer.status === 'open' && offer.expiresAt <= now ? 'expired' : offer.status,
    start: offer.startsAt.toISOString(),
    end: offer.endsAt.toISOString(),
    expires_at: offer.expiresAt.toISOString(),
    dietitian_name: dietitian ? `${dietitian.firstName} ${dietitian.lastName}` : '',
    total_cents: price.total_price,
    tax_cents: price.tax_amount,
  };
}

/** What the waitlist page and its calls answer: the client's own types (lib/api/waitlist.ts). */
export type { WaitlistOfferView, WaitlistPageView };

async function pageView(db: Database, entry: WaitlistEntry, offer: WaitlistOffer | null, locale: Locale, now: Date): Promise<WaitlistPageView> {
  const [service] = await db.select().from(services).where(eq(services.id, entry.serviceId));
  const offerView = offer && service ? await describeOffer(db, offer, service, now) : null;
  let appointment: ManagedAppointment | null = null;
  if (offer?.appointmentId) {
    const [booked] = await db.select().from(appointments).where(eq(appointments.id, offer.appointmentId));
    if (booked) appointment = await describeManaged(db, booked, locale, now);
  }
  return { entry: await describeEntry(db, entry, locale), offer: offerView, appointment };
}

/** POST /api/booking/waitlist: what a confirmation's or an offer's link opens. */
export async function viewWaitlistLink(db: Database, request: { token: string; ip: string; locale: Locale; now?: Date }): Promise<WaitlistPageView> {
  const now = request.now ?? new Date();
  const { entry, offer } = await openWaitlistLink(db, request.token, request.ip, now);
  return pageView(db, entry, offer, request.locale, now);
}

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
    if (offer.status === 'taken') throw slotTaken();
    if (offer.status === 'expired' || offer.status === 'withdrawn' || offer.expiresAt <= now) throw offerExpired();
    if (!entry || entry.status !== 'active') throw entryClosed();
    const service = await loadService(tx, entry.serviceId);
    if (entry.guestContact) await assertGuestUpcomingUnderLimit(tx, entry.guestContact.email, entry.sessionLanguage, now);
    const slot = await findCurrentSlot(tx, entryQuery(entry), service, { startIso: offer.startsAt.toISOString(), now, dietitianId: offer.employeeId });
    const booked = slot ? await book(tx, entry, service, offer.employeeId, slot) : null;
    if (!booked) {
      await tx.update(waitlistOffers).set({ status: 'taken', closedAt: now }).where(eq(waitlistOffers.id, offer.id));
      return { taken: true };
    }
    await tx.update(waitlistOffers).set({ status: 'claimed', closedAt: now, appointmentId: booked }).where(eq(waitlistOffers.id, offer.id));
    await tx.update(waitlistEntries).set({ status: 'booked', endedAt: now, appointmentId: booked }).where(eq(waitlistEntries.id, entry.id));
    // The others offered this time can be offered the next one at once.
    await tx
      .update(waitlistOffers)
      .set({ status: 'taken', closedAt: now })
      .where(and(eq(waitlistOffers.employeeId, offer.employeeId), eq(waitlistOffers.startsAt, offer.startsAt), eq(waitlistOffers.status, 'open')));
    await queueBookingNotices(tx, { appointmentId: booked, kind: 'booked' });
    return { booked };
  });
  if ('taken' in outcome) throw slotTaken();
  void kickMailQueue();
  const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, opened.entry.id));
  const [offer] = await db.select().from(waitlistOffers).where(eq(waitlistOffers.id, offerId));
  return pageView(db, entry ?? opened.entry, offer ?? offered, request.locale, now);
}

/** Writes the appointment of a claim; null when the exclusion constraint says the time is gone. */
async function book(tx: Database, entry: WaitlistEntry, service: ServiceRow, employeeId: number, slot: AppointmentSlot): Promise<number | null> {
  const startsAt = new Date(slot.start);
  const price = priceService(service);
  try {
    const { appointment } = await insertAppointment(tx, {
      patientId: entry.patientId,
      guestContact: entry.guestContact,
      employeeId,
      serviceId: service.id,
      officeId: entry.officeId,
      startsAt,
      endsAt: new Date(slot.end),
      blockedUntil: new Date(startsAt.getTime() + service.employeeDurationMinutes * 60_000),
      sessionLanguage: entry.sessionLanguage,
      reasons: entry.reasons,
      message: entry.message,
      priceCents: price.base_price,
      taxCents: price.tax_amount,
      totalCents: price.total_price,
      bookedBy: entry.addedBy,
      timeslotTokenJti: null,
      videoRoom: (await isVirtualOffice(tx, entry.officeId)) ? newVideoRoom() : null,
    });
    return appointment.id;
  } catch (error) {
    if (error instanceof AppError && error.code === slotUnavailable().code) return null;
    throw error;
  }
}

/** The clinic offers a chosen free time to a chosen entry (the clinic's page); replaces the entry's open offer. */
export async function offerByHand(db: Database, input: { entryId: number; start: string; by: number; now: Date }): Promise<WaitlistOffer> {
  const offer = await db.transaction(async (tx) => {
    await lockOffers(tx);
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, input.entryId)).for('update');
    if (!entry || entry.status !== 'active') throw new AppError('waitlist_entry_not_found', 404, 'waitlistEntryNotFound');
    const service = await loadService(tx, entry.serviceId);
    const slot = await findCurrentSlot(tx, entryQuery(entry), service, { startIso: input.start, now: input.now });
    if (!slot) throw slotUnavailable();
    const start = new Date(slot.start);
    const expiresAt = offerExpiry(input.now, start, service);
    if (!expiresAt) throw new AppError('waitlist_offer_too_late', 409, 'waitlistOfferTooLate');
    const [before] = await tx
      .select({ id: waitlistOffers.id })
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.startsAt, start)));
    if (before) throw new AppError('waitlist_already_offered', 409, 'waitlistAlreadyOffered');
    await tx
      .update(waitlistOffers)
      .set({ status: 'withdrawn', closedAt: input.now })
      .where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.status, 'open')));
    return createOffer(tx, entry, service, { start, end: new Date(slot.end), employeeId: slot.recommended_employee.id }, { expiresAt, offeredBy: input.by });
  });
  void kickMailQueue();
  return offer;
}

/** The free times of an entry, as the booking flow would list them (the clinic's page, to offer one). */
export async function entrySlots(db: Database, entry: WaitlistEntry, now: Date, fromDate?: string) {
  const service = await loadService(db, entry.serviceId);
  const from = fromDate ?? entry.fromDate;
  return (await availableSlots(db, entryQuery(entry), service, now, from)).options;
}

