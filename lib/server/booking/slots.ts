import 'server-only';
import { and, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { fullName } from '@/lib/format/personName';
import type { Database } from '@/lib/server/db/client';
import { chosenGroupSession, groupSessionOptions } from '@/lib/server/groups/dateStep';
import { isGroupService } from '@/lib/server/groups/groupService';
import { appointments, groupSessions, patientProfiles, services, timeOff, users, weeklySchedules } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import type { CheckAppointmentInput, FetchAppointmentsInput } from '@/lib/schemas/bookingSlots';
import { getConfig } from '@/lib/server/config';
import { slotUnavailable } from './appointments';
import { busyEpochsPerDietitian, cachedCalendars, epochMs, type CachedDietitian } from './calendarCache';
import { recentOrNewSlots } from './recentAnswers';
import { countWeeklyLoad, findSlot, type AppointmentSlot, type AvailabilityInput, type Dietitian, type ScheduleBlock } from './availability';
import { addDays, isoWeekday, utcToLocalDate, zonedDateTimeToUtc, type LocalDate } from './clinicTime';
import { priceService, type PricingData } from './pricing';
import { lastBookableLocalDate } from './rules';
import { bookingPatientId, verifyContextOf } from './steps/actor';
import { centsToDecimal } from './steps/catalog';
import { findQualifiedDietitians, qualifiedDietitiansQuery } from './steps/dietitians';
import type { Locale } from '@/lib/i18n/routing';
import { assertMoves, isOwnStart, visitSlotOf } from './sameSlot';
import { bookingTokenContext, signNextStep, verifyChain, type Actor, type KeyContext, type RequestActor, type VerifiedChain } from './stepTokens';

/**
 * Loads what getAvailableSlots / findSlot need for one booking chain, with one query per kind
 * of row (never one per dietitian): the service, the qualified dietitians (the same list
 * locations/fetch used, so offices and slots agree), their names and schedules at the chosen
 * office, their time off and active appointments, the patient's own and the preferred dietitian.
 */

type SlotChain = VerifiedChain<'location'>;
export type ServiceRow = typeof services.$inferSelect;

const DAY_MS = 86_400_000;

/** An instant safely before the local date begins and one safely after it ends, whatever the zone's offset. */
const wellBefore = (date: LocalDate) => new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS);
const wellAfter = (date: LocalDate) => new Date(Date.parse(`${date}T00:00:00Z`) + 2 * DAY_MS);

export async function loadService(db: Database, serviceId: number): Promise<ServiceRow> {
  const [service] = await db.select().from(services).where(eq(services.id, serviceId)).limit(1);
  // Withdrawn since the service step: the booking cannot go on with it.
  if (!service || !service.isActive) throw new AppError('service_not_found', 404, 'serviceNotFound');
  return service;
}

export interface SlotWindow {
  now: Date;
  timeZone: string;
  fromDate: LocalDate;
  days: number;
}

/**
 * Whose slots, where: what a booking chain established, or (for a manage link's reschedule) what
 * the appointment being moved holds.
 */
export interface SlotQuery {
  actor: Actor;
  officeId: number;
  sessionLanguage: Locale;
  skillIds: number[];
  /** The appointment being moved: it no longer holds its own time. */
  movingId?: number;
  /** A guest's e-mail: their own visits cannot overlap the new one. */
  guestEmail?: string;
}

export function slotQueryOf(chain: SlotChain): SlotQuery {
  return {
    actor: chain.auth.actor,
    officeId: chain.location.officeId,
    sessionLanguage: chain.session_language.sessionLanguage,
    skillIds: chain.skills.skillIds,
    movingId: chain.session_language.reschedulingAppointmentId,
    guestEmail: chain.contact.contact.email,
  };
}

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
        ? sql`lower(${appointments.guestContact} ->> 'email') = lower(${query.guestEmail})`
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

/** Cents for arithmetic and 2-decimal strings for display, side by side (SPEC shows '135.00'). */
function pricingDto(price: PricingData) {
  return {
    base_price: centsToDecimal(price.base_price),
    tax_amount: centsToDecimal(price.tax_amount),
    total_price: centsToDecimal(price.total_price),
    base_price_cents: price.base_price,
    tax_amount_cents: price.tax_amount,
    total_price_cents: price.total_price,
    currency: price.currency,
    tax_breakdown: price.tax_breakdown.map((line) => ({ ...line, amount: centsToDecimal(line.amount), amount_cents: line.amount })),
  };
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

/** available-appointments/fetch: the slots of the window at the chosen office, and the price. */
export async function fetchAppointmentsStep(db: Database, input: FetchAppointmentsInput, caller: RequestActor, key: KeyContext = bookingTokenContext()) {
  const chain = await verifyChain(input, ['location'], verifyContextOf(caller, key));
  const service = await loadService(db, chain.service.serviceId);
  const now = key.now ?? new Date();
  const { fromDate, toDate, options } = await dateStepOptions(db, slotQueryOf(chain), service, now, input.from_date ?? undefined);
  const price = priceService(service);
  const claims = { fromDate, toDate, priceCents: { base: price.base_price, tax: price.tax_amount, total: price.total_price } };
  return {
    appointment_token: await signNextStep('appointment', claims, chain, key),
    pricing_data: pricingDto(price),
    appointment_options: options,
  };
}

/** 'HH:MM' on the chosen date in the clinic's zone, or an ISO instant as given. */
function slotStartIso(date: LocalDate, value: string, timeZone: string): string | null {
  const clock = /^(\d{2}):(\d{2})$/.exec(value);
  if (!clock) return new Date(value).toISOString();
  return zonedDateTimeToUtc(date, Number(clock[1]) * 60 + Number(clock[2]), timeZone)?.toISOString() ?? null;
}

/** available-appointments/check: the chosen slot, re-validated against fresh data, becomes the timeslot token. */
export async function checkAppointmentStep(db: Database, input: CheckAppointmentInput, caller: RequestActor, key: KeyContext = bookingTokenContext()) {
  const chain = await verifyChain(input, ['appointment'], verifyContextOf(caller, key));
  const timeZone = getConfig().clinicTimezone;
  const startIso = slotStartIso(input.date, input.timeslot_start, timeZone);
  const offered = input.date >= chain.appointment.fromDate && input.date <= chain.appointment.toDate;
  if (!startIso || !offered || utcToLocalDate(Date.parse(startIso), timeZone) !== input.date) throw slotUnavailable();
  const service = await loadService(db, chain.service.serviceId);
  const now = key.now ?? new Date();
  if (isGroupService(service)) {
    // A seat in the chosen session (or series), which must start at the time chosen; never a move.
    const query = { officeId: chain.location.officeId, sessionLanguage: chain.session_language.sessionLanguage, serviceId: service.id };
    const [first] = input.group_session_id ? await chosenGroupSession(db, query, service, input.group_session_id, now) : [];
    if (!first || first.startsAt.toISOString() !== startIso || chain.session_language.reschedulingAppointmentId !== undefined) throw slotUnavailable();
    const claims = { start: startIso, end: first.endsAt.toISOString(), dietitianId: first.employeeId, groupSessionId: first.id };
    return { timeslot_token: await signNextStep('timeslot', claims, chain, key) };
  }
  const slot = await findCurrentSlot(db, slotQueryOf(chain), service, { startIso, now });
  if (!slot) throw slotUnavailable();
  const { actor } = chain.auth;
  // Slots are limited to an employee's chosen dietitian, so the recommended one is that dietitian.
  const chosen = actor.kind === 'employee' && actor.dietitianId !== null ? actor.dietitianId : null;
  const dietitianId = chosen ?? slot.recommended_employee.id;
  const moving = chain.session_language.reschedulingAppointmentId;
  const visit = moving === undefined ? null : await visitSlotOf(db, moving);
  // A visit's own time stays with its own dietitian when they are free (no one chose another): nothing would move.
  const keepsOwn =
    visit && chosen === null && isOwnStart(visit, slot.start) && (await findCurrentSlot(db, slotQueryOf(chain), service, { startIso, now, dietitianId: visit.employeeId }));
  if (visit) assertMoves(visit, slot.start, keepsOwn ? visit.employeeId : dietitianId);
  return { timeslot_token: await signNextStep('timeslot', { start: slot.start, end: slot.end, dietitianId }, chain, key) };
}
