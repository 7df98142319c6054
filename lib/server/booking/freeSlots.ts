import 'server-only';
import type { Database } from '@/lib/server/db/client';
import { groupSessionOptions } from '@/lib/server/groups/dateStep';
import { isGroupService } from '@/lib/server/groups/groupService';
import { getConfig } from '@/lib/server/config';
import { findSlot, type AppointmentSlot } from './availability';
import { loadAvailabilityInput } from './availabilityInput';
import { addDays, utcToLocalDate, type LocalDate } from './clinicTime';
import { recentOrNewSlots } from './recentAnswers';
import { lastBookableLocalDate } from './rules';
import type { ServiceRow, SlotQuery } from './slots';

/**
 * The free times a query may book: the date step's choices over a window of dates (a group
 * service's sessions, any other service's free slots), and one slot looked up again on fresh data.
 */

const DAY_MS = 86_400_000;

/** The longest window one fetch answers (issue #4: 90 days), before the service's own limit. */
export const MAX_WINDOW_DAYS = 90;

/** The slot at `startIso` as availability would offer it now, for this chain's dietitian(s); null when gone. */
export async function findCurrentSlot(
  db: Database,
  query: SlotQuery,
  service: ServiceRow,
  options: { startIso: string; now: Date; dietitianId?: number },
): Promise<AppointmentSlot | null> {
  const timeZone = getConfig().clinicTimezone;
  const fromDate = utcToLocalDate(Date.parse(options.startIso), timeZone);
  const input = await loadAvailabilityInput(db, query, service, { now: options.now, timeZone, fromDate, days: 1 });
  // Booking re-checks the dietitian the timeslot token named, not whoever is least busy now.
  const limited = options.dietitianId === undefined ? input : { ...input, selectedDietitianId: options.dietitianId };
  return findSlot(limited, options.startIso);
}

/**
 * The free slots of one fetch: from `requestedFrom` (never before today: past dates have no
 * bookable slots and would only cost queries) for at most MAX_WINDOW_DAYS, and never past the
 * service's booking horizon. The booking flow's date step and a manage link's reschedule.
 */
export async function availableSlots(db: Database, query: SlotQuery, service: ServiceRow, now: Date, requestedFrom?: LocalDate) {
  const { timeZone, fromDate, toDate, days } = dateWindow(service, now, requestedFrom);
  const options = days <= 0 ? {} : recentOrNewSlots(await loadAvailabilityInput(db, query, service, { now, timeZone, fromDate, days }, { cache: true }));
  return { fromDate, toDate, options };
}

/** The date step's window: from `requestedFrom` (never before today) for at most MAX_WINDOW_DAYS, within the service's horizon. */
function dateWindow(service: ServiceRow, now: Date, requestedFrom?: LocalDate) {
  const timeZone = getConfig().clinicTimezone;
  const today = utcToLocalDate(now, timeZone);
  const fromDate = requestedFrom && requestedFrom > today ? requestedFrom : today;
  const horizon = lastBookableLocalDate(now, service.maxAdvanceBookingDays, timeZone);
  const windowEnd = addDays(fromDate, MAX_WINDOW_DAYS - 1);
  const toDate = windowEnd < horizon ? windowEnd : horizon;
  const days = Math.round((Date.parse(toDate) - Date.parse(fromDate)) / DAY_MS) + 1;
  return { timeZone, fromDate, toDate, days };
}

/**
 * The date step's choices for a query: a group service's sessions (issue #28; of one topic for a
 * waitlist place's seat), any other service's free slots.
 */
export async function dateStepOptions(db: Database, query: SlotQuery, service: ServiceRow, now: Date, requestedFrom?: LocalDate, topicId?: number) {
  if (!isGroupService(service)) return availableSlots(db, query, service, now, requestedFrom);
  const { timeZone, fromDate, toDate, days } = dateWindow(service, now, requestedFrom);
  const sessions = { officeId: query.officeId, sessionLanguage: query.sessionLanguage, serviceId: service.id, topicId };
  const options = days <= 0 ? {} : await groupSessionOptions(db, sessions, service, { now, timeZone, fromDate, toDate });
  return { fromDate, toDate, options };
}
