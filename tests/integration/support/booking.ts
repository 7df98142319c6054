import { expect } from 'vitest';
import { POST as checkSlot } from '@/app/api/booking/available-appointments/check/route';
import { POST as fetchSlots } from '@/app/api/booking/available-appointments/fetch/route';
import { POST as bookAppointment } from '@/app/api/booking/book-appointment/route';
import { POST as checkAddress } from '@/app/api/booking/check-address/route';
import { POST as checkContact } from '@/app/api/booking/check-contact/route';
import { POST as checkService } from '@/app/api/booking/check-service/route';
import { POST as checkSession } from '@/app/api/booking/check-session/route';
import { POST as checkSkills } from '@/app/api/booking/check-skills/route';
import { POST as checkLocation } from '@/app/api/booking/locations/check/route';
import { POST as fetchLocations } from '@/app/api/booking/locations/fetch/route';
import { call } from './http';

/**
 * Drives the booking flow through its route handlers, as the client walks it (check-session ..
 * book-appointment). Shared by the booking integration tests; ids come from the seeded clinic.
 */

export type Tokens = Record<string, string>;
export type Who = { cookie?: string; locale?: 'en' | 'fr' };
export type Slot = {
  start: string;
  end: string;
  recommended_employee: { id: number; name: string };
  group_session?: { id: number; topic: string; seats_left: number; meetings: number; price: { base_cents: number; tax_cents: number; total_cents: number } };
};
export type Options = Record<string, Slot[]>;
export interface Walk { who?: Who; language?: 'en' | 'fr'; service?: string; skills?: string[]; office?: string; session?: Record<string, unknown> }
/** Seeded ids by slug; filled in beforeAll, read when a walk runs. */
export interface Catalog { serviceId: Record<string, number>; skillId: Record<string, number>; officeId: Record<string, number> }
type Handler = Parameters<typeof call>[0];

export const form = {
  firstName: 'Élise', lastName: 'Gauthier', email: 'elise@example.ca', phone: '613 555 0142', createAccount: true,
  streetNumber: '12', streetName: 'Rue Principale', unitNumber: '', city: 'Ottawa', province: 'ON', postalCode: 'K1P 5G3', country: 'CA',
};

export async function post(handler: Handler, path: string, body: unknown, who: Who = {}) {
  return call(handler, path, { body, cookie: who.cookie, locale: who.locale });
}
export async function ok(handler: Handler, path: string, body: unknown, who: Who = {}): Promise<Record<string, unknown>> {
  const res = await post(handler, path, body, who);
  expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBe(200);
  return res.json;
}

export const slotTokens = (t: Tokens) => {
  const keys = ['session_language', 'auth', 'service', 'contact', 'address', 'skills', 'office_data', 'location'];
  return Object.fromEntries(keys.map((k) => [`${k}_token`, t[`${k}_token`]]));
};

export function firstSlot(options: Options, accept: (date: string, slot: Slot) => boolean = () => true): { date: string; slot: Slot } {
  for (const [date, list] of Object.entries(options)) for (const slot of list) if (accept(date, slot)) return { date, slot };
  throw new Error('no slot offered');
}

export function bookingDriver(catalog: Catalog, contact: typeof form = form) {
  /** check-session .. locations/check; returns every token so far. */
  async function walk(options: Walk = {}): Promise<Tokens> {
    const who = options.who ?? {};
    const t: Tokens = {};
    const add = (json: Record<string, unknown>) => Object.assign(t, json);
    add(await ok(checkSession, '/api/booking/check-session', { session_language: options.language ?? 'en', ...options.session }, who));
    const base = () => ({ session_language_token: t.session_language_token, auth_token: t.auth_token });
    add(await ok(checkService, '/api/booking/check-service', { service_id: catalog.serviceId[options.service ?? 'individual-consultation'], ...base() }, who));
    add(await ok(checkContact, '/api/booking/check-contact', { contact, ...base() }, who));
    add(await ok(checkAddress, '/api/booking/check-address', { contact, ...base() }, who));
    const skillIds = (options.skills ?? ['weight-management']).map((slug) => catalog.skillId[slug]);
    const { service_token, contact_token, address_token } = t;
    add(await ok(checkSkills, '/api/booking/check-skills', { skills: skillIds, user_message: 'Diabète (privé)', ...base(), service_token, contact_token, address_token }, who));
    const officeBody = { ...base(), service_token, contact_token, address_token, skills_token: t.skills_token };
    const { office_data_token } = await ok(fetchLocations, '/api/booking/locations/fetch', officeBody, who);
    const selected = catalog.officeId[options.office ?? 'centretown'];
    add(await ok(checkLocation, '/api/booking/locations/check', { ...officeBody, office_data_token, selected_office_id: selected }, who));
    t.office_data_token = office_data_token as string;
    return t;
  }
  async function slots(t: Tokens, who: Who = {}, extra: Record<string, unknown> = {}) {
    const json = await ok(fetchSlots, '/api/booking/available-appointments/fetch', { ...slotTokens(t), ...extra }, who);
    t.appointment_token = json.appointment_token as string;
    return json as { appointment_options: Options; pricing_data: Record<string, unknown> };
  }
  /** available-appointments/check; `slot` may give 'HH:MM' bounds instead of ISO instants. */
  async function choose(t: Tokens, date: string, slot: { start: string; end?: string | null; group_session?: { id: number } }, who: Who = {}) {
    const body = {
      ...slotTokens(t),
      appointment_token: t.appointment_token,
      date,
      timeslot_start: slot.start,
      timeslot_end: slot.end,
      ...(slot.group_session && { group_session_id: slot.group_session.id }),
    };
    const res = await post(checkSlot, '/api/booking/available-appointments/check', body, who);
    if (res.status === 200) t.timeslot_token = res.json.timeslot_token as string;
    return res;
  }
  const book = (t: Tokens, who: Who = {}) =>
    post(bookAppointment, '/api/booking/book-appointment', { ...slotTokens(t), appointment_token: t.appointment_token, timeslot_token: t.timeslot_token }, who);
  return { walk, slots, choose, book };
}
