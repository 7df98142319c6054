import 'server-only';
import type { CheckAppointmentInput, FetchAppointmentsInput } from '@/lib/schemas/bookingSlots';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { chosenGroupSession } from '@/lib/server/groups/dateStep';
import { isGroupService } from '@/lib/server/groups/groupService';
import { slotUnavailable } from '../appointments';
import { utcToLocalDate, zonedDateTimeToUtc, type LocalDate } from '../clinicTime';
import { dateStepOptions, findCurrentSlot } from '../freeSlots';
import { priceService, type PricingData } from '../pricing';
import { assertMoves, isOwnStart, visitSlotOf } from '../sameSlot';
import { loadService, slotQueryOf } from '../slots';
import { bookingTokenContext, signNextStep, verifyChain, type KeyContext, type RequestActor } from '../stepTokens';
import { verifyContextOf } from './actor';
import { centsToDecimal } from './catalog';

/**
 * The booking flow's date step (available-appointments/fetch and /check): the window's free
 * slots and the price, then the slot chosen, checked again on fresh data.
 */

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
