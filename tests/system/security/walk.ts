import { asRecord, describe, type Answer, type Client } from './http';
import type { Section } from './report';

/**
 * The booking flow over HTTP (SPEC §7; the order and bodies of tests/integration/support/booking.ts),
 * one call at a time, so the authorization matrix can run each step as a row and the token
 * section can replay and tamper with the real tokens.
 */

export type Tokens = Record<string, string>;
export interface Slot { start: string; end: string; recommended_employee?: { id: number } }
export type Options = Record<string, Slot[]>;
/** The seeded ids a walk uses, found by `discoverCatalog`. */
export interface Catalog { serviceId: number; skillIds: number[]; officeId: number }
/** One person's walk: the tokens so far, the offered slots, and which eligible slot to take. */
export interface BookingState {
  tokens: Tokens;
  options?: Options;
  slotIndex: number;
  session?: Record<string, unknown>;
  appointmentId?: number;
  /** Overrides of `bookingContact` (another guest's e-mail address). */
  contact?: Partial<typeof bookingContact>;
}

export const bookingContact = {
  firstName: 'Élise', lastName: 'Gauthier', email: 'elise.gauthier@example.ca', phone: '613 555 0142', createAccount: true,
  streetNumber: '12', streetName: 'Rue Principale', unitNumber: '', city: 'Ottawa', province: 'ON', postalCode: 'K1P 5G3', country: 'CA',
};

const chains = {
  base: ['session_language', 'auth'],
  skills: ['session_language', 'auth', 'service', 'contact', 'address'],
  offices: ['session_language', 'auth', 'service', 'contact', 'address', 'skills'],
  location: ['session_language', 'auth', 'service', 'contact', 'address', 'skills', 'office_data'],
  slots: ['session_language', 'auth', 'service', 'contact', 'address', 'skills', 'office_data', 'location'],
  check: ['session_language', 'auth', 'service', 'contact', 'address', 'skills', 'office_data', 'location', 'appointment'],
  book: ['session_language', 'auth', 'service', 'contact', 'address', 'skills', 'office_data', 'location', 'appointment', 'timeslot'],
} as const;

/** The `<kind>_token` fields of a chain, from a token bag. */
export function pick(tokens: Tokens, kinds: readonly string[]): Tokens {
  return Object.fromEntries(kinds.map((kind) => [`${kind}_token`, tokens[`${kind}_token`] ?? '']));
}

/**
 * The slot a walk takes: the first slot of the `index`-th day that has slots three days ahead or
 * later (far enough that a patient may still cancel). One day per walk, so walks never collide.
 */
export function chooseSlot(options: Options | undefined, index: number): { date: string; slot: Slot } | undefined {
  const earliest = Date.now() + 72 * 3_600_000;
  const days = Object.entries(options ?? {}).flatMap(([date, list]) => {
    const slot = list.find((s) => Date.parse(s.start) >= earliest);
    return slot ? [{ date, slot }] : [];
  });
  return days[index];
}

export const STEP_PATHS = [
  '/api/booking/check-session',
  '/api/booking/check-service',
  '/api/booking/check-contact',
  '/api/booking/check-address',
  '/api/booking/check-skills',
  '/api/booking/locations/fetch',
  '/api/booking/locations/check',
  '/api/booking/available-appointments/fetch',
  '/api/booking/available-appointments/check',
  '/api/booking/book-appointment',
] as const;
export type StepPath = (typeof STEP_PATHS)[number];

/** The well-formed body of a step for this state. */
export function stepBody(path: StepPath, state: BookingState, catalog: Catalog): Record<string, unknown> {
  const t = state.tokens;
  switch (path) {
    case '/api/booking/check-session':
      return { session_language: 'en', ...state.session };
    case '/api/booking/check-service':
      return { service_id: catalog.serviceId, ...pick(t, chains.base) };
    case '/api/booking/check-contact':
    case '/api/booking/check-address':
      return { contact: { ...bookingContact, ...state.contact }, ...pick(t, chains.base) };
    case '/api/booking/check-skills':
      return { skills: catalog.skillIds, user_message: 'Prédiabète (privé)', ...pick(t, chains.skills) };
    case '/api/booking/locations/fetch':
      return pick(t, chains.offices);
    case '/api/booking/locations/check':
      return { ...pick(t, chains.location), selected_office_id: catalog.officeId };
    case '/api/booking/available-appointments/fetch':
      return pick(t, chains.slots);
    case '/api/booking/available-appointments/check': {
      const chosen = chooseSlot(state.options, state.slotIndex);
      return { ...pick(t, chains.check), date: chosen?.date ?? '2099-01-01', timeslot_start: chosen?.slot.start ?? '09:00', timeslot_end: chosen?.slot.end ?? null };
    }
    case '/api/booking/book-appointment':
      return pick(t, chains.book);
  }
}

/** Runs one step and keeps what it returns (tokens, offered slots, the booked appointment's id). */
export async function runStep(client: Client, section: Section, path: StepPath, state: BookingState, catalog: Catalog, cookie?: string): Promise<Answer> {
  const answer = await client.send(section, { method: 'POST', path, body: stepBody(path, state, catalog), cookie });
  if (answer.status === 200) absorb(state, answer.json);
  return answer;
}

/** Keeps what a step answered: its token, the offered slots, the booked appointment's id. */
export function absorb(state: BookingState, body: unknown): void {
  const json = asRecord(body);
  for (const [key, value] of Object.entries(json)) if (key.endsWith('_token') && typeof value === 'string') state.tokens[key] = value;
  if (json.appointment_options) state.options = json.appointment_options as Options;
  const appointment = asRecord(json.appointment);
  if (typeof appointment.id === 'number') state.appointmentId = appointment.id;
}

/** Every step up to and including `last`; throws on the first answer that is not 200. */
export async function walkTo(client: Client, section: Section, last: StepPath, state: BookingState, catalog: Catalog, cookie?: string): Promise<BookingState> {
  for (const path of STEP_PATHS.slice(0, STEP_PATHS.indexOf(last) + 1)) {
    const answer = await runStep(client, section, path, state, catalog, cookie);
    if (answer.status !== 200) throw new Error(`booking walk: ${path} answered ${describe(answer)}`);
  }
  return state;
}

export const newState = (slotIndex = 0, session?: Record<string, unknown>): BookingState => ({ tokens: {}, slotIndex, session });

/**
 * The seeded service a guest may book (the nutrition evaluation), and a reason and an office
 * that give slots three days ahead or later: found by walking as a guest.
 */
export async function discoverCatalog(client: Client, section: Section): Promise<Catalog> {
  const services = (await client.send(section, { method: 'GET', path: '/api/services/all' })).json as { id: number; slug: string }[];
  const skills = (await client.send(section, { method: 'GET', path: '/api/nutrition/skills/all' })).json as { id: number }[];
  const service = services.find((s) => s.slug === 'nutrition-evaluation');
  if (!service) throw new Error('the seeded nutrition-evaluation service is missing');
  for (const skill of skills) {
    const catalog: Catalog = { serviceId: service.id, skillIds: [skill.id], officeId: 0 };
    const state = await walkTo(client, section, '/api/booking/check-skills', newState(), catalog);
    const offices = await officesOf(client, section, state, catalog);
    for (const officeId of offices) {
      const attempt = { ...catalog, officeId };
      const copy: BookingState = { tokens: { ...state.tokens }, slotIndex: 0 };
      await runStep(client, section, '/api/booking/locations/check', copy, attempt);
      await runStep(client, section, '/api/booking/available-appointments/fetch', copy, attempt);
      if (chooseSlot(copy.options, 8)) return attempt;
    }
  }
  throw new Error('no reason and office of the seeded clinic offer enough slots three days ahead');
}

async function officesOf(client: Client, section: Section, state: BookingState, catalog: Catalog): Promise<number[]> {
  const answer = await client.send(section, { method: 'POST', path: '/api/booking/locations/fetch', body: stepBody('/api/booking/locations/fetch', state, catalog) });
  state.tokens.office_data_token = String(asRecord(answer.json).office_data_token ?? '');
  const offices = (asRecord(answer.json).offices ?? []) as { id: number; is_available: boolean }[];
  return offices.filter((office) => office.is_available).map((office) => office.id);
}
