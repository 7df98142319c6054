import 'server-only';
import { and, asc, eq, gt, gte, inArray, lte, notExists, sql } from 'drizzle-orm';
import { getAvailableSlots, type AppointmentSlot } from '@/lib/server/booking/availability';
import { loadAvailabilityInput } from '@/lib/server/booking/availabilityInput';
import { utcToLocalDate } from '@/lib/server/booking/clinicTime';
import { loadService, type ServiceRow } from '@/lib/server/booking/slots';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { waitlistEntries, waitlistOffers, waitlistWakeups, type WaitlistEntry } from '@/lib/server/db/schema';
import { recordFreedTime } from '@/lib/server/events/freedTime';
import { groupSessionOptions } from '@/lib/server/groups/dateStep';
import { isGroupService } from '@/lib/server/groups/groupService';
import { entryQuery, expireEntries } from './entries';
import { createOffer, lockOffers, offeredBefore, openOffersOver } from './makeOffer';
import { OFFER_BATCH, offerExpiry, suits } from './rules';

/**
 * The waitlist's pass over freed times (issue #16), the listener of 'time-freed' (listener.ts).
 *
 * A change that frees time records it in its own transaction (events/freedTime.ts: a row of
 * waitlist_wakeups) and announces it after commit. Each run of the job runner (and the
 * background run that an announcement starts) takes the wakeups,
 * and for each active entry without an open offer, oldest first, whose window meets them, runs
 * availability exactly as the booking flow would for that person (skills, language, office,
 * notice and advance limits, the dietitian an employee chose, the person's own visits), keeps
 * the free times that overlap a freed one, fit the entry's times of day and weekdays and were
 * never offered to it, and offers one by e-mail, through the queue: the freed time itself when
 * it is free for this person, else the earliest. The wakeups are deleted after: a run that
 * dies half-way leaves them to the next.
 *
 * How many entries a time goes to and for how long: rules.ts.
 */

/** Entries read per query: a long list is read a page at a time. */
const ENTRIES_PER_PAGE = 200;
const CANDIDATES_PER_ENTRY = 20;

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
  // A group service's place waits for a seat in a session of its topic (issue #28 item 5).
  if (isGroupService(service)) return entry.groupTopicId === null ? 0 : offerSeat(db, entry, service, { ...context, fromDate, toDate });
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
 * A seat for a group service's place: the sessions of its topic in the freed days, at its office
 * and in its language, with a seat left, at a time of day and weekday it chose, whose dietitian's
 * time came free (a seat cancelled or moved away, more seats, a session moved there), soonest first.
 */
async function offerSeat(db: Database, entry: WaitlistEntry, service: ServiceRow, context: FreedTimes & { fromDate: string; toDate: string }): Promise<number> {
  const { freedRanges, now, timeZone, fromDate, toDate } = context;
  const query = { officeId: entry.officeId, sessionLanguage: entry.sessionLanguage, serviceId: entry.serviceId, topicId: entry.groupTopicId! };
  const options = await groupSessionOptions(db, query, service, { now, timeZone, fromDate, toDate });
  const candidates = Object.values(options)
    .flat()
    .filter((slot) => {
      const [start, end] = [Date.parse(slot.start), Date.parse(slot.end)];
      const freed = freedRanges.some((r) => r.employeeId === slot.recommended_employee?.id && start < r.end && end > r.start);
      return freed && (slot.group_session?.seats_left ?? 0) > 0 && suits(entry, new Date(slot.start), timeZone);
    });
  for (const slot of candidates.slice(0, CANDIDATES_PER_ENTRY)) {
    const seat = { start: slot.start, end: slot.end, recommended_employee: slot.recommended_employee!, groupSessionId: slot.group_session!.id };
    const result = await offerIfStillOpen(db, entry, service, seat, now);
    if (result !== 'try_next') return result === 'offered' ? 1 : 0;
  }
  return 0;
}

/**
 * Offers one slot (or a session's seat) to one entry if the entry still waits without an offer,
 * was never offered this time (or one overlapping it) and the time's batch is not full; else
 * whether to try its next slot.
 */
async function offerIfStillOpen(
  db: Database,
  entry: WaitlistEntry,
  service: ServiceRow,
  slot: AppointmentSlot & { groupSessionId?: number },
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
    await createOffer(tx, entry, service, { start, end: new Date(slot.end), employeeId, groupSessionId: slot.groupSessionId }, { expiresAt, offeredBy: null });
    return 'offered';
  });
}
