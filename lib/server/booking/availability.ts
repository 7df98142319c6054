import 'server-only';
import { addDays, isoWeekday, isoWeekKey, localDayToUtcConverter, utcToLocalDate, type LocalDate } from './clinicTime';
import { earliestBookableStartMs, lastBookableLocalDate } from './rules';

/**
 * Bookable appointment slots (issue #4, Availability): a pure function of the dietitians'
 * weekly schedules, their time off and appointments, the patient's appointments, the service's
 * rules and "now". No database here: the caller loads the rows, this does the maths.
 */

const MINUTE_MS = 60_000;
/** Slots start on a 15-minute grid of local wall-clock time (9:00, 9:15, ...). */
export const SLOT_GRID_MINUTES = 15;

/** A weekly_schedules row: ISO weekday (1 = Monday) and minutes after local midnight. */
export interface ScheduleBlock {
  officeId: number;
  weekday: number;
  startMinute: number;
  endMinute: number;
}
export interface Dietitian {
  id: number;
  name: string;
  schedules: readonly ScheduleBlock[];
}
export interface TimeRange {
  startsAt: Date;
  endsAt: Date;
}
/** A range during which a dietitian is taken: an appointment (its employee duration) or time off. */
export interface EmployeeRange extends TimeRange { employeeId: number }
/** Appointments per dietitian per ISO week of the local date, keyed 'YYYY-Www' (SQL: 'IYYY-"W"IW'). */
export type WeeklyLoad = ReadonlyMap<number, ReadonlyMap<string, number>>;

export interface AvailabilityInput {
  now: Date;
  timeZone: string;
  /** First local date of the window, and how many dates it spans. */
  fromDate: LocalDate;
  days: number;
  service: {
    clientDurationMinutes: number;
    employeeDurationMinutes: number;
    minAdvanceBookingHours: number;
    maxAdvanceBookingDays: number;
  };
  /** Already filtered by the caller to those qualified (language, skills). */
  dietitians: readonly Dietitian[];
  /** Only schedules at this office count. */
  officeId: number;
  timeOff: readonly EmployeeRange[];
  busy: readonly EmployeeRange[];
  /** The patient's own appointments: a patient cannot hold two overlapping ones. */
  patientBusy: readonly TimeRange[];
  weeklyLoad: WeeklyLoad;
  /**
   * Each dietitian's busy times already merged (the slot search's cache, calendarCache.ts): for
   * the dietitians it holds, it stands in for `busy` and `timeOff`.
   */
  calendars?: ReadonlyMap<number, BusyTimes>;
  preferredDietitianId?: number | null;
  /** An employee's choice of dietitian; null or -1 means automatic. */
  selectedDietitianId?: number | null;
}

export interface AppointmentSlot {
  /** ISO instants in UTC; end = start + the service's client duration. */
  start: string;
  end: string;
  recommended_employee: { id: number; name: string };
}
/** Local date 'YYYY-MM-DD' -> its slots by start; dates without slots are absent. */
export type AppointmentOptions = Record<LocalDate, AppointmentSlot[]>;

/**
 * The local ISO week ('YYYY-Www') of an instant, remembered per UTC quarter hour: every zone's
 * offset, and every change of it, falls on a quarter hour (e.g. UTC-3:30), so one local-date
 * lookup serves all the appointments starting in it, and thousands of lookups become hundreds.
 */
export function weekOfInstant(timeZone: string): (ms: number) => string {
  const weekOfQuarter = new Map<number, string>();
  return (ms) => {
    const quarter = Math.floor(ms / 900_000);
    let week = weekOfQuarter.get(quarter);
    if (week === undefined) weekOfQuarter.set(quarter, (week = isoWeekKey(utcToLocalDate(ms, timeZone))));
    return week;
  };
}

/** Counts appointments per dietitian per local ISO week, the shape `weeklyLoad` expects. */
export function countWeeklyLoad(appointments: readonly EmployeeRange[], timeZone: string): WeeklyLoad {
  const load = new Map<number, Map<string, number>>();
  const weekOf = weekOfInstant(timeZone);
  for (const { employeeId, startsAt } of appointments) {
    const weeks = load.get(employeeId) ?? new Map<string, number>();
    const week = weekOf(startsAt.getTime());
    weeks.set(week, (weeks.get(week) ?? 0) + 1);
    load.set(employeeId, weeks);
  }
  return load;
}

/**
 * A dietitian's busy times as sorted, disjoint [start, end) ranges in epoch ms: their
 * appointments, group sessions and time off, merged once (touching ranges become one).
 */
export interface BusyTimes {
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

/** Sorts and merges [start, end) pairs in epoch ms; empty ranges are dropped. */
export function mergeRanges(pairs: readonly (readonly [number, number])[]): BusyTimes {
  const sorted = pairs.filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0]);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const [start, end] of sorted) {
    const last = ends.length - 1;
    if (last >= 0 && start <= ends[last]!) ends[last] = Math.max(ends[last]!, end);
    else {
      starts.push(start);
      ends.push(end);
    }
  }
  return { starts, ends };
}

const rangesMs = (ranges: readonly TimeRange[]) => ranges.map((r) => [r.startsAt.getTime(), r.endsAt.getTime()] as const);

/**
 * Answers "is [start, end) free?" for start times asked in non-decreasing order, over ranges
 * sorted and merged once: a sweep costs O(ranges + questions) instead of scanning every range
 * for every slot.
 */
class FreeTimeCursor {
  private next = 0;

  constructor(private readonly busy: BusyTimes) {}

  isFree(startMs: number, endMs: number): boolean {
    const { starts, ends } = this.busy;
    while (this.next < ends.length && ends[this.next]! <= startMs) this.next++;
    // Merged ranges are disjoint: the first one ending after startMs is the only possible overlap.
    return this.next >= starts.length || starts[this.next]! >= endMs;
  }
}

/**
 * Each ISO weekday's working ranges at the office (index 1..7). Overlapping or touching blocks
 * become one range: no duplicate starts, and 9-12 + 12-17 is a working day straight through.
 */
function weeklyRangesAt(dietitian: Dietitian, officeId: number): [number, number][][] {
  const byWeekday: [number, number][][] = Array.from({ length: 8 }, () => []);
  const blocks = dietitian.schedules.filter((b) => b.officeId === officeId).sort((a, b) => a.startMinute - b.startMinute);
  for (const { weekday, startMinute, endMinute } of blocks) {
    const ranges = byWeekday[weekday];
    const last = ranges?.at(-1);
    if (last && startMinute <= last[1]) last[1] = Math.max(last[1], endMinute);
    else ranges?.push([startMinute, endMinute]);
  }
  return byWeekday;
}

/** The instant a working range ends; an end inside a DST gap ends at the last minute that exists. */
function rangeEndMs(toUtc: (minute: number) => number | null, endMinute: number): number {
  for (let minute = endMinute; minute > 0; minute--) {
    const ms = toUtc(minute);
    if (ms !== null) return minute === endMinute ? ms : ms + MINUTE_MS;
  }
  return toUtc(0) ?? 0;
}

const DAY_MS = 86_400_000;
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * `new Date(ms).toISOString()` for the thousands of starts and ends of one search, which fall on
 * whole minutes: the date's part is made once per UTC day, the time's by arithmetic (a fetch's
 * profile had Date objects, their strings and Next's wrapper of Date among its top costs).
 */
function isoFormatter(): (ms: number) => string {
  const dayPrefix = new Map<number, string>();
  return (ms) => {
    if (ms % 60_000 !== 0) return new Date(ms).toISOString();
    const day = Math.floor(ms / DAY_MS);
    let prefix = dayPrefix.get(day);
    if (prefix === undefined) dayPrefix.set(day, (prefix = new Date(day * DAY_MS).toISOString().slice(0, 11)));
    const minutes = (ms - day * DAY_MS) / 60_000;
    return `${prefix}${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}:00.000Z`;
  };
}

/** The appointment options of SPEC §3 for the window [fromDate, fromDate + days). */
export function getAvailableSlots(input: AvailabilityInput): AppointmentOptions {
  const isoOfMs = isoFormatter();
  // One recommendation object per dietitian, shared by their slots (the answer is serialized as is).
  const employees = new Map<number, AppointmentSlot['recommended_employee']>();
  const employeeOf = (d: Dietitian) => {
    let employee = employees.get(d.id);
    if (!employee) employees.set(d.id, (employee = { id: d.id, name: d.name }));
    return employee;
  };
  const { service, timeZone } = input;
  const automatic = input.selectedDietitianId == null || input.selectedDietitianId === -1;
  const takenByEmployee = new Map<number, EmployeeRange[]>();
  for (const range of [...input.busy, ...input.timeOff]) {
    const ranges = takenByEmployee.get(range.employeeId);
    if (ranges) ranges.push(range);
    else takenByEmployee.set(range.employeeId, [range]);
  }
  const busyOf = (id: number) => input.calendars?.get(id) ?? mergeRanges(rangesMs(takenByEmployee.get(id) ?? []));
  const dietitians = input.dietitians
    .filter((d) => automatic || d.id === input.selectedDietitianId)
    .map((d) => ({
      dietitian: d,
      weekly: weeklyRangesAt(d, input.officeId),
      cursor: new FreeTimeCursor(busyOf(d.id)),
    }));
  const patient = new FreeTimeCursor(mergeRanges(rangesMs(input.patientBusy)));
  const clientMs = service.clientDurationMinutes * MINUTE_MS;
  const employeeMs = service.employeeDurationMinutes * MINUTE_MS;
  const earliestMs = earliestBookableStartMs(input.now, service.minAdvanceBookingHours);
  const lastDate = lastBookableLocalDate(input.now, service.maxAdvanceBookingDays, timeZone);
  const options: AppointmentOptions = {};

  for (let day = 0; day < input.days; day++) {
    const date = addDays(input.fromDate, day);
    if (date > lastDate) break;
    const weekday = isoWeekday(date);
    const toUtc = localDayToUtcConverter(date, timeZone);
    // Today's working ranges, each with its end as an instant (a DST day is shorter or longer).
    const working = dietitians.flatMap(({ dietitian, weekly, cursor }) =>
      (weekly[weekday] ?? []).map(([startMinute, endMinute]) => ({
        dietitian,
        cursor,
        startMinute,
        endMinute,
        endMs: rangeEndMs(toUtc, endMinute),
      })),
    );
    if (working.length === 0) continue;
    const firstMinute = Math.ceil(Math.min(...working.map((w) => w.startMinute)) / SLOT_GRID_MINUTES) * SLOT_GRID_MINUTES;
    const lastMinute = Math.max(...working.map((w) => w.endMinute));
    // The recommendation (SPEC §3): the patient's preferred dietitian when free, else the least
    // booked that ISO week, ties by lowest id: the day's working ranges in that order, so the
    // first free one at a start is the one recommended.
    const week = isoWeekKey(date);
    const rank = (d: Dietitian) => (d.id === input.preferredDietitianId ? -1 : (input.weeklyLoad.get(d.id)?.get(week) ?? 0));
    const ranked = working.map((w) => ({ ...w, rank: rank(w.dietitian) })).sort((a, b) => a.rank - b.rank || a.dietitian.id - b.dietitian.id);
    const slots: AppointmentSlot[] = [];
    // Minutes map to instants in increasing order (a repeated hour maps to its first occurrence),
    // which is what the cursors' sweep needs.
    for (let minute = firstMinute; minute < lastMinute; minute += SLOT_GRID_MINUTES) {
      const startMs = toUtc(minute);
      if (startMs === null || startMs < earliestMs || !patient.isFree(startMs, startMs + clientMs)) continue;
      const endMs = startMs + employeeMs;
      // The cursors of the ranges not asked stay behind; a later start moves them on.
      const chosen = ranked.find((w) => w.startMinute <= minute && endMs <= w.endMs && w.cursor.isFree(startMs, endMs))?.dietitian;
      if (chosen === undefined) continue;
      slots.push({
        start: isoOfMs(startMs),
        end: isoOfMs(startMs + clientMs),
        recommended_employee: employeeOf(chosen),
      });
    }
    if (slots.length > 0) options[date] = slots;
  }
  return options;
}

/**
 * Re-validates one chosen start (the booking check) with exactly the rules that offered it:
 * the slot as availability would offer it now, or null when it is no longer bookable.
 */
export function findSlot(input: AvailabilityInput, startIso: string): AppointmentSlot | null {
  const startMs = Date.parse(startIso);
  if (Number.isNaN(startMs)) return null;
  const date = utcToLocalDate(startMs, input.timeZone);
  const options = getAvailableSlots({ ...input, fromDate: date, days: 1 });
  return options[date]?.find((slot) => Date.parse(slot.start) === startMs) ?? null;
}
