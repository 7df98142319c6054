import 'server-only';
import { and, eq, gt, inArray, lt, ne, type SQL } from 'drizzle-orm';
import { fullName } from '@/lib/format/personName';
import type { Database } from '@/lib/server/db/client';
import { appointments, groupSessions, patientProfiles, timeOff, users, weeklySchedules } from '@/lib/server/db/schema';
import { busyEpochsPerDietitian, cachedCalendars, epochMs, type CachedDietitian } from './calendarCache';
import { countWeeklyLoad, type AvailabilityInput, type Dietitian, type ScheduleBlock } from './availability';
import { addDays, isoWeekday, type LocalDate } from './clinicTime';
import { guestAppointmentsOf } from './guestEmail';
import { bookingPatientId } from './steps/actor';
import { findQualifiedDietitians, qualifiedDietitiansQuery } from './steps/dietitians';
import type { ServiceRow, SlotQuery, SlotWindow } from './slots';

/**
 * Loads what getAvailableSlots / findSlot need for one booking chain, with one query per kind
 * of row (never one per dietitian): the service, the qualified dietitians (the same list
 * locations/fetch used, so offices and slots agree), their names and schedules at the chosen
 * office, their time off and active appointments, the patient's own and the preferred dietitian.
 */

const DAY_MS = 86_400_000;

/** An instant safely before the local date begins and one safely after it ends, whatever the zone's offset. */
const wellBefore = (date: LocalDate) => new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS);
const wellAfter = (date: LocalDate) => new Date(Date.parse(`${date}T00:00:00Z`) + 2 * DAY_MS);

export async function loadAvailabilityInput(
  db: Database,
  query: SlotQuery,
  service: ServiceRow,
  window: SlotWindow,
  options: { cache?: boolean } = {},
): Promise<AvailabilityInput> {
  const { actor, movingId } = query;
  const selectedDietitianId = actor.kind === 'employee' ? actor.dietitianId : null;
  const qualified = {
    sessionLanguage: query.sessionLanguage,
    skillIds: query.skillIds,
    requiresMatchingSkills: service.requiresMatchingSkills,
    dietitianId: selectedDietitianId,
  };
  const lastDate = addDays(window.fromDate, window.days - 1);
  // Weekly load counts whole ISO weeks: from the Monday of the first date to the Sunday of the last.
  const loadFrom = wellBefore(addDays(window.fromDate, 1 - isoWeekday(window.fromDate)));
  const patientId = bookingPatientId(actor);
  // Whose own visits cannot overlap the new one: the patient's, or a guest's by e-mail, matched
  // as the guest exclusion constraint (migration 0003) matches it, so what is offered can be booked.
  const ownedBy: SQL | undefined =
    patientId !== null
      ? eq(appointments.patientId, patientId)
      : actor.kind === 'guest' && query.guestEmail
        ? guestAppointmentsOf(query.guestEmail)
        : undefined;
  const ownVisits =
    ownedBy &&
    and(
      ownedBy,
      ne(appointments.status, 'cancelled'),
      lt(appointments.startsAt, wellAfter(lastDate)),
      gt(appointments.endsAt, wellBefore(window.fromDate)),
      movingId === undefined ? undefined : ne(appointments.id, movingId),
    );
  const base = { ...window, service, officeId: query.officeId, selectedDietitianId };
  // The cache holds each calendar whole (issue #29), read with the counters, the patient's own
  // visits and preferred dietitian in one statement; a visit being moved still holds its own time there.
  const cached =
    options.cache && movingId === undefined ? await cachedCalendars(db, qualifiedDietitiansQuery(db, qualified), loadFrom.getTime(), window.timeZone, { ownVisits, patientId }) : null;
  if (cached) return { ...base, ...fromCache(cached.dietitians, query.officeId), patientBusy: cached.ownVisits, preferredDietitianId: cached.preferredDietitianId };

  const calendars = await loadCalendarRows(db, await findQualifiedDietitians(db, qualified), query, {
    ...window,
    lastDate,
    loadFrom,
    loadTo: wellAfter(addDays(lastDate, 7 - isoWeekday(lastDate))),
  });
  const patientRows = ownVisits === undefined ? [] : await db.select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt }).from(appointments).where(ownVisits);
  const profile =
    patientId === null
      ? []
      : await db.select({ preferred: patientProfiles.preferredDietitianId }).from(patientProfiles).where(eq(patientProfiles.userId, patientId));
  return { ...base, ...calendars, patientBusy: patientRows, preferredDietitianId: profile[0]?.preferred ?? null };
}

type DietitianCalendars = Pick<AvailabilityInput, 'dietitians' | 'busy' | 'timeOff' | 'weeklyLoad' | 'calendars'>;

const dietitianOf = (person: { id: number; firstName: string; lastName: string }, schedules: ScheduleBlock[]): Dietitian => ({
  id: person.id,
  name: fullName(person),
  schedules,
});

/** The dietitians' calendars as the cache holds them: busy times merged, loads counted. */
function fromCache(cached: CachedDietitian[], officeId: number): DietitianCalendars {
  return {
    dietitians: cached
      .map((d) => dietitianOf(d, d.calendar.schedules.filter((block) => block.officeId === officeId)))
      .sort((a, b) => a.id - b.id),
    busy: [],
    timeOff: [],
    weeklyLoad: new Map(cached.map((d) => [d.id, d.calendar.weeks])),
    calendars: new Map(cached.map((d) => [d.id, d.calendar.busy])),
  };
}

/**
 * The dietitians' calendars read from the tables for this window only: inside a transaction
 * (the booking's own re-check) and for a visit being moved, which no longer holds its time.
 */
async function loadCalendarRows(
  db: Database,
  dietitianIds: number[],
  { officeId, movingId }: SlotQuery,
  window: SlotWindow & { lastDate: LocalDate; loadFrom: Date; loadTo: Date },
): Promise<DietitianCalendars> {
  if (dietitianIds.length === 0) return { dietitians: [], busy: [], timeOff: [], weeklyLoad: new Map() };
  const { lastDate, loadFrom, loadTo } = window;
  // One after another, not Promise.all: inside a transaction they share one connection.
  const people = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, dietitianIds));
  const schedules = await db
    .select()
    .from(weeklySchedules)
    .where(and(inArray(weeklySchedules.employeeId, dietitianIds), eq(weeklySchedules.officeId, officeId)));
  // One row per dietitian with the whole weeks' busy instants (issue #29); the same rows give the weekly load.
  const takenRows = await db
    // Index appointments_employee_starts_idx: (employee_id, starts_at).
    .select(busyEpochsPerDietitian)
    .from(appointments)
    .where(
      and(
        inArray(appointments.employeeId, dietitianIds),
        ne(appointments.status, 'cancelled'),
        lt(appointments.startsAt, loadTo),
        gt(appointments.blockedUntil, loadFrom),
        // The appointment being moved no longer holds its time for this booking (rescheduleAppointment frees it).
        movingId === undefined ? undefined : ne(appointments.id, movingId),
      ),
    )
    .groupBy(appointments.employeeId);
  const taken = takenRows.flatMap(({ employeeId, starts, ends }) =>
    starts.map((start, i) => ({ employeeId, startsAt: new Date(epochMs(start)), endsAt: new Date(epochMs(ends[i]!)) })),
  );
  // A group session holds its dietitian's time as a visit does (issue #28), at any office; its
  // seats are appointments at the session's own time, already inside it.
  const sessions = await db
    .select({ employeeId: groupSessions.employeeId, startsAt: groupSessions.startsAt, endsAt: groupSessions.blockedUntil })
    .from(groupSessions)
    .where(
      and(
        inArray(groupSessions.employeeId, dietitianIds),
        ne(groupSessions.status, 'cancelled'),
        lt(groupSessions.startsAt, wellAfter(lastDate)),
        gt(groupSessions.blockedUntil, wellBefore(window.fromDate)),
      ),
    );
  // Index time_off_employee_starts_idx: (employee_id, starts_at). Never the reason: it is private.
  const absences = await db
    .select({ employeeId: timeOff.employeeId, startsAt: timeOff.startsAt, endsAt: timeOff.endsAt })
    .from(timeOff)
    .where(and(inArray(timeOff.employeeId, dietitianIds), lt(timeOff.startsAt, wellAfter(lastDate)), gt(timeOff.endsAt, wellBefore(window.fromDate))));

  const blocksOf = new Map<number, ScheduleBlock[]>();
  for (const { employeeId, ...block } of schedules) blocksOf.set(employeeId, [...(blocksOf.get(employeeId) ?? []), block]);
  return {
    dietitians: people.map((p) => dietitianOf(p, blocksOf.get(p.id) ?? [])).sort((a, b) => a.id - b.id),
    busy: sessions.length === 0 ? taken : [...taken, ...sessions],
    timeOff: absences,
    // The recommendation's weekly load counts every appointment of the week, wherever it is.
    weeklyLoad: countWeeklyLoad(taken, window.timeZone),
  };
}
