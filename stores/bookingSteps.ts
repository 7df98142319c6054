import type { AppointmentOptions, Slot } from '@/lib/schemas/bookingSlots';
import { EMPTY_ADDRESS } from '@/lib/schemas/emptyAddress';

/** SPEC §4: the steps of the booking flow, in order. */
export const BOOKING_STEPS = ['session', 'service', 'contact', 'address', 'reasons', 'location', 'datetime', 'confirmation'] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];
export const LAST_STEP = BOOKING_STEPS.length - 1;
export const stepIndex = (step: BookingStep): number => BOOKING_STEPS.indexOf(step);

/** SPEC §4: an employee's dietitian choice of -1 means "choose automatically". */
export const AUTOMATIC_DIETITIAN = -1;

/** SPEC §9: up to three reasons for a visit. */
export const MAX_REASONS = 3;
export type Reasons = [number | null, number | null, number | null];
export const NO_REASONS: Reasons = [null, null, null];

/** The SPEC §3 contact form as typed (strings as in the inputs; the server normalizes). */
export interface ContactValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  createAccount: boolean;
  streetNumber: string;
  streetName: string;
  unitNumber: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
}

export const EMPTY_CONTACT: ContactValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  createAccount: true,
  ...EMPTY_ADDRESS,
};

/**
 * The reasons after choosing `id` (or none) in select `index` (SPEC §4): changing reason 1
 * clears reasons 2 and 3, changing reason 2 clears reason 3.
 */
export function withReason(reasons: Reasons, index: number, id: number | null): Reasons {
  if (index === 0) return [id, null, null];
  if (index === 1) return [reasons[0], id, null];
  return [reasons[0], reasons[1], id];
}

/** The reasons select `index` may offer: none already picked in an earlier select (SPEC §5). */
export function reasonChoices<T extends { id: number }>(all: readonly T[], reasons: Reasons, index: number): T[] {
  const taken = new Set(reasons.slice(0, index).filter((id): id is number => id !== null));
  return all.filter((skill) => !taken.has(skill.id));
}

/** The chosen reasons, in order, without the empty selects. */
export const chosenReasons = (reasons: Reasons): number[] => reasons.filter((id): id is number => id !== null);

/** What available-appointments/check is sent for a slot. */
export interface SlotChoice {
  date: string;
  start: string;
  end: string | null;
  /** A seat in this group session (issue #28). */
  groupSessionId?: number;
}

/**
 * What the store keeps for a chosen slot: its start, or for a group session its start and the
 * session's id (two sessions may start at one time).
 */
export const slotKey = (slot: Slot): string => (slot.group_session ? `${slot.start}#${slot.group_session.id}` : slot.start);

const CLOCK_RANGE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * SPEC §4: a slot given as 'HH:MM-HH:MM' becomes a start and an end on the selected date (the
 * server reads them in the clinic's zone); otherwise the start is kept and the end is looked up
 * from the options (null when the options do not have it: the server then finds it).
 */
export function resolveSlot(date: string, value: string, options: AppointmentOptions | null): SlotChoice {
  const range = CLOCK_RANGE.exec(value);
  if (range) return { date, start: `${range[1]}:${range[2]}`, end: `${range[3]}:${range[4]}` };
  const match = options?.[date]?.find((slot: Slot) => slotKey(slot) === value);
  if (match?.group_session) return { date, start: match.start, end: match.end, groupSessionId: match.group_session.id };
  return { date, start: value, end: match?.end ?? null };
}

/** The dates that have at least one slot, in order (only these can be chosen). */
export const bookableDates = (options: AppointmentOptions | null): string[] =>
  Object.keys(options ?? {})
    .filter((date) => (options?.[date]?.length ?? 0) > 0)
    .sort();
