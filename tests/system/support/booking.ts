// The booking flow over HTTP against a running server, as the booking page walks it:
// check-session .. locations/check, then available-appointments/fetch and check, then
// book-appointment. The same walk as tests/integration/support/booking.ts, but through the network.

export type Json = Record<string, unknown>;
export type Tokens = Record<string, string>;

export interface Answer {
  status: number;
  json: Json;
}

/** Who calls: a guest (no cookie) or a signed-in person (`session=...`). */
export interface Caller {
  cookie?: string;
  locale?: 'en' | 'fr';
}

export interface Slot {
  start: string;
  end: string;
  recommended_employee: { id: number; name: string };
  /** A group service's option: the session (issue #28). */
  group_session?: { id: number; seats_left: number };
}
/** appointment_options: local date ('YYYY-MM-DD') -> the slots offered that day. */
export type SlotOptions = Record<string, Slot[]>;

export interface Office {
  id: number;
  name: string;
  is_available: boolean;
  is_virtual: boolean;
}

/** The SPEC §3 contact form, as check-contact and check-address both receive it. */
export function guestContact(tag: string) {
  return {
    firstName: 'Élise',
    lastName: `Essai ${tag}`,
    // Unique per booking: a guest's own appointments may not overlap (matched by e-mail).
    email: `guest-${tag}@example.test`,
    phone: '613 555 0142',
    createAccount: false,
    streetNumber: '12',
    streetName: 'Rue Principale',
    unitNumber: '',
    city: 'Ottawa',
    province: 'ON',
    postalCode: 'K1P 5G3',
    country: 'CA',
  };
}
export type ContactForm = ReturnType<typeof guestContact>;

export async function post(baseUrl: string, path: string, body: unknown, caller: Caller = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Accept-Language': caller.locale ?? 'en' };
  if (caller.cookie) headers.Cookie = caller.cookie;
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  let json: Json = {};
  try {
    json = text ? (JSON.parse(text) as Json) : {};
  } catch {
    json = { raw: text.slice(0, 200) };
  }
  return { status: response.status, json };
}

async function ok(baseUrl: string, path: string, body: unknown, caller: Caller): Promise<Json> {
  const answer = await post(baseUrl, path, body, caller);
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`);
  return answer.json;
}

/** Signs in and returns the `session=...` cookie to send back. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (response.status !== 200 || !cookie) throw new Error(`login answered ${response.status}`);
  return cookie;
}

export interface WalkOptions {
  caller?: Caller;
  contact: ContactForm;
  serviceId: number;
  skillIds: number[];
  /** Which office to choose; default the first available one that is not virtual. */
  pickOffice?: (offices: Office[]) => Office | undefined;
}

/** The tokens each of the last three calls sends along. */
const SLOT_STEP_TOKENS = ['session_language', 'auth', 'service', 'contact', 'address', 'skills', 'office_data', 'location'];
export const slotStepTokens = (t: Tokens): Tokens => Object.fromEntries(SLOT_STEP_TOKENS.map((k) => [`${k}_token`, t[`${k}_token`]!]));

/** check-session .. locations/check; returns every token so far (the body of available-appointments/fetch is slotStepTokens of it). */
export async function walkToSlots(baseUrl: string, options: WalkOptions): Promise<Tokens> {
  const caller = options.caller ?? {};
  const t: Tokens = {};
  const add = (json: Json) => {
    for (const [key, value] of Object.entries(json)) if (key.endsWith('_token') && typeof value === 'string') t[key] = value;
  };
  add(await ok(baseUrl, '/api/booking/check-session', { session_language: caller.locale ?? 'en' }, caller));
  const base = () => ({ session_language_token: t.session_language_token, auth_token: t.auth_token });
  add(await ok(baseUrl, '/api/booking/check-service', { service_id: options.serviceId, ...base() }, caller));
  add(await ok(baseUrl, '/api/booking/check-contact', { contact: options.contact, ...base() }, caller));
  add(await ok(baseUrl, '/api/booking/check-address', { contact: options.contact, ...base() }, caller));
  const earlier = () => ({ ...base(), service_token: t.service_token, contact_token: t.contact_token, address_token: t.address_token });
  add(await ok(baseUrl, '/api/booking/check-skills', { skills: options.skillIds, user_message: 'Essai de charge', ...earlier() }, caller));
  const officeBody = { ...earlier(), skills_token: t.skills_token };
  const located = await ok(baseUrl, '/api/booking/locations/fetch', officeBody, caller);
  add(located);
  const offices = located.offices as Office[];
  const pick = options.pickOffice ?? ((list: Office[]) => list.find((o) => o.is_available && !o.is_virtual));
  const office = pick(offices);
  if (!office) throw new Error('locations/fetch offered no office to choose');
  add(await ok(baseUrl, '/api/booking/locations/check', { ...officeBody, office_data_token: t.office_data_token, selected_office_id: office.id }, caller));
  return t;
}

/** available-appointments/fetch; keeps the appointment token in `t`. */
export async function fetchSlots(baseUrl: string, t: Tokens, caller: Caller = {}): Promise<SlotOptions> {
  const json = await ok(baseUrl, '/api/booking/available-appointments/fetch', slotStepTokens(t), caller);
  t.appointment_token = json.appointment_token as string;
  return json.appointment_options as SlotOptions;
}

/** available-appointments/check of one slot; on 200 keeps the timeslot token in `t`. */
export async function chooseSlot(baseUrl: string, t: Tokens, date: string, slot: Pick<Slot, 'start' | 'end' | 'group_session'>, caller: Caller = {}): Promise<Answer> {
  const body = {
    ...slotStepTokens(t),
    appointment_token: t.appointment_token,
    date,
    timeslot_start: slot.start,
    timeslot_end: slot.end,
    ...(slot.group_session && { group_session_id: slot.group_session.id }),
  };
  const answer = await post(baseUrl, '/api/booking/available-appointments/check', body, caller);
  if (answer.status === 200) t.timeslot_token = answer.json.timeslot_token as string;
  return answer;
}

export function bookBody(t: Tokens): Json {
  return { ...slotStepTokens(t), appointment_token: t.appointment_token, timeslot_token: t.timeslot_token };
}

export const book = (baseUrl: string, t: Tokens, caller: Caller = {}) => post(baseUrl, '/api/booking/book-appointment', bookBody(t), caller);

/** The dietitian a timeslot token names (its payload, read without verifying: the server did). */
export function tokenDietitian(timeslotToken: string): number {
  const payload = JSON.parse(Buffer.from(timeslotToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { data?: { dietitianId?: number } };
  const id = payload.data?.dietitianId;
  if (typeof id !== 'number') throw new Error('timeslot token without a dietitian');
  return id;
}

/** Ids the walk needs, looked up through the public catalog endpoints. */
export async function catalogIds(baseUrl: string, serviceSlug: string, skillName: string): Promise<{ serviceId: number; skillIds: number[] }> {
  const services = (await (await fetch(`${baseUrl}/api/services/all`)).json()) as { id: number; slug: string }[];
  const skills = (await (await fetch(`${baseUrl}/api/nutrition/skills/all`, { headers: { 'Accept-Language': 'en' } })).json()) as {
    id: number;
    translated_name: string;
  }[];
  const service = services.find((s) => s.slug === serviceSlug);
  const skill = skills.find((s) => s.translated_name === skillName);
  if (!service || !skill) throw new Error(`catalog has no service ${serviceSlug} or no reason "${skillName}"`);
  return { serviceId: service.id, skillIds: [skill.id] };
}

/** Every offered slot, earliest first, with its date. */
export function listSlots(options: SlotOptions): { date: string; slot: Slot }[] {
  return Object.entries(options)
    .flatMap(([date, slots]) => slots.map((slot) => ({ date, slot })))
    .sort((a, b) => Date.parse(a.slot.start) - Date.parse(b.slot.start));
}

/**
 * Slots at least `gapMinutes` apart (start to start), so bookings of them never overlap
 * whichever dietitian takes each.
 */
export function spacedSlots(options: SlotOptions, gapMinutes: number): { date: string; slot: Slot }[] {
  const chosen: { date: string; slot: Slot }[] = [];
  for (const entry of listSlots(options)) {
    const last = chosen.at(-1);
    if (!last || Date.parse(entry.slot.start) - Date.parse(last.slot.start) >= gapMinutes * 60_000) chosen.push(entry);
  }
  return chosen;
}
