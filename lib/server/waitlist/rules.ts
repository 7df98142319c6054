import 'server-only';
import { TZDate } from '@date-fns/tz';
import { utcToLocalDate, isoWeekday } from '@/lib/server/booking/clinicTime';
import type { ServiceRow } from '@/lib/server/booking/slots';
import type { WaitlistEntry } from '@/lib/server/db/schema';

/**
 * The rules of an offer (issue #16): which times suit an entry, and how long an offer stays open.
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
const HOUR_MS = 3_600_000;

type TimeOfDay = WaitlistEntry['timesOfDay'][number];

/** The part of the day a start falls in, on the clinic's clock: before noon, before 17:00, after. */
export function partOfDay(instant: Date, timeZone: string): TimeOfDay {
  const hour = new TZDate(instant, timeZone).getHours();
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

