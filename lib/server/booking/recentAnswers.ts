import 'server-only';
import { getAvailableSlots, type AppointmentOptions, type AvailabilityInput, type BusyTimes } from './availability';
import { earliestBookableStartMs, lastBookableLocalDate } from './rules';

/**
 * The slot search's last few answers (issue #29, the HTTP path): many people at the booking
 * flow's date step ask the same question (same reasons, office and language, a guest's empty
 * calendar) while no calendar changes, and each answer is thousands of slots to build and then
 * collect. An answer is reused only for the same inputs: the same calendars (by identity: the
 * cache makes a new one whenever a dietitian's counter moves), names, office, service rules,
 * window, patient's own visits and choices. "Now" moves on: the answer holds while the earliest
 * bookable start has not passed its first slot and the last bookable date is the same.
 * Shared between requests: callers never change an answer.
 */

const KEEP = 8;
const answers = new Map<string, { options: AppointmentOptions; earliestMs: number; firstStartMs: number; lastDate: string }>();
const serials = new WeakMap<BusyTimes, number>();
let nextSerial = 0;

function serialOf(busy: BusyTimes): number {
  let serial = serials.get(busy);
  if (serial === undefined) serials.set(busy, (serial = nextSerial++));
  return serial;
}

/** The inputs' identity, or null when they are not all the cache's (then nothing is kept). */
function keyOf(input: AvailabilityInput): string | null {
  const { calendars, service } = input;
  if (!calendars || input.busy.length > 0 || input.timeOff.length > 0) return null;
  const people: string[] = [];
  for (const d of input.dietitians) {
    const busy = calendars.get(d.id);
    if (!busy) return null;
    people.push(`${d.id}:${serialOf(busy)}:${d.name}`);
  }
  return JSON.stringify([
    people,
    input.officeId,
    [service.clientDurationMinutes, service.employeeDurationMinutes, service.minAdvanceBookingHours, service.maxAdvanceBookingDays],
    input.fromDate,
    input.days,
    input.timeZone,
    input.preferredDietitianId ?? null,
    input.selectedDietitianId ?? null,
    input.patientBusy.map((r) => [r.startsAt.getTime(), r.endsAt.getTime()]),
  ]);
}

/** getAvailableSlots, or the same answer given a moment ago for the same question. */
export function recentOrNewSlots(input: AvailabilityInput): AppointmentOptions {
  const key = keyOf(input);
  const earliestMs = earliestBookableStartMs(input.now, input.service.minAdvanceBookingHours);
  const lastDate = lastBookableLocalDate(input.now, input.service.maxAdvanceBookingDays, input.timeZone);
  const kept = key === null ? undefined : answers.get(key);
  // A later "now" drops no slot of the answer (none starts before the new earliest) and brings
  // none back (the earliest only moves on); an earlier one (a test's clock) would bring some back.
  if (kept && earliestMs >= kept.earliestMs && earliestMs <= kept.firstStartMs && kept.lastDate === lastDate) return kept.options;
  const options = getAvailableSlots(input);
  if (key !== null) {
    const first = Object.values(options)[0]?.[0];
    answers.delete(key);
    answers.set(key, { options, earliestMs, firstStartMs: first ? Date.parse(first.start) : Infinity, lastDate });
    // The oldest goes first (a Map keeps insertion order).
    if (answers.size > KEEP) answers.delete(answers.keys().next().value!);
  }
  return options;
}

const written = new WeakMap<object, Uint8Array>();

/**
 * An answer as JSON bytes, written once per answer object: a reused answer (above) is the same
 * object, so the next searches send the same bytes instead of writing thousands of slots again.
 */
export function answerJson(options: object): Uint8Array {
  let json = written.get(options);
  if (json === undefined) written.set(options, (json = Buffer.from(JSON.stringify(options))));
  return json;
}
