import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBookingApi, type AppointmentSummary, type Service } from '@/lib/api/booking';
import { createApiClient } from '@/lib/api/client';
import { createBookingStore, type BookingStore } from '@/stores/booking';
import { AUTOMATIC_DIETITIAN, EMPTY_CONTACT, reasonChoices, resolveSlot, stepIndex, withReason } from '@/stores/bookingSteps';
import { visibleServices } from '@/stores/services';

/**
 * The booking store's step machine (SPEC §4) through the real HTTP client (lib/api/client.ts)
 * against a small server on 127.0.0.1 that answers with the booking API's shapes. Each step
 * answer's token names the step and a counter, so the tests can see which token went where.
 */

const day = '2026-12-01';
const slotA = { start: '2026-12-01T14:00:00.000Z', end: '2026-12-01T14:50:00.000Z', recommended_employee: { id: 21, name: 'Sophie Tremblay' } };
const slotB = { start: '2026-12-01T15:00:00.000Z', end: '2026-12-01T15:50:00.000Z', recommended_employee: { id: 22, name: 'Amira Haddad' } };

const server = {
  /** Path -> request bodies received. */
  bodies: new Map<string, unknown[]>(),
  /** Paths that answer 401 booking_token_expired. */
  expire: new Set<string>(),
  /** Paths that answer 400 with a field error. */
  refuse: new Set<string>(),
  counter: 0,
  /** What available-appointments/fetch offers, when not the two slots of `day`. */
  options: null as Record<string, unknown[]> | null,
};

const answers: Record<string, () => unknown> = {
  '/api/booking/check-session': () => ({ session_language_token: `session-${++server.counter}`, auth_token: `auth-${server.counter}` }),
  '/api/booking/check-service': () => ({ service_token: `service-${++server.counter}` }),
  '/api/booking/check-contact': () => ({ contact_token: `contact-${++server.counter}` }),
  '/api/booking/check-address': () => ({ address_token: `address-${++server.counter}` }),
  '/api/booking/check-skills': () => ({ skills_token: `skills-${++server.counter}` }),
  '/api/booking/locations/fetch': () => ({
    office_data_token: `offices-${++server.counter}`,
    offices: [
      { id: 1, name: 'Centretown', is_available: true, is_virtual: false, address: null, google_maps_link: null, map_url: null },
      { id: 3, name: 'Virtual', is_available: true, is_virtual: true, address: null, google_maps_link: null, map_url: null },
    ],
  }),
  '/api/booking/locations/check': () => ({ location_token: `location-${++server.counter}` }),
  '/api/booking/available-appointments/fetch': () => ({
    appointment_token: `appointment-${++server.counter}`,
    pricing_data: { base_price: '160.00', tax_amount: '0.00', total_price: '160.00', base_price_cents: 16000, tax_amount_cents: 0, total_price_cents: 16000, currency: 'CAD', tax_breakdown: [] },
    appointment_options: server.options ?? { [day]: [slotA, slotB] },
  }),
  '/api/booking/available-appointments/check': () => ({ timeslot_token: `timeslot-${++server.counter}` }),
  '/api/booking/book-appointment': () => ({
    appointment: { id: 99, session_language: 'fr', service_id: 2, reasons: [5], message: null, patient_id: null, patient_name: 'Élise Gauthier', employee_id: 21, start: slotA.start, end: slotA.end },
    google_calendar_link: 'https://calendar.google.com/calendar/render?action=TEMPLATE',
    ics: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
    messages: [{ message: 'Booked', type: 'success' }],
  }),
  '/api/booking/selected-patient-info': () => ({
    patient_info: {
      id: 41, first_name: 'Béa', last_name: 'Bouchard', full_name: 'Béa Bouchard', email: 'bea@example.ca', phone: '16135550100', preferred_language: 'fr',
      address: { street_number: '12', street_name: 'Rue Principale', unit_number: null, city: 'Gatineau', province: { code: 'QC' }, country: { code: 'CA', label: 'Canada' }, postal_code: 'J8X1A1', place_name: null },
      preferred_dietitian: 22, preferred_dietitian_name: 'Amira Haddad',
    },
    dietitians: [{ id: 21, full_name: 'Sophie Tremblay', is_preferred: false }, { id: 22, full_name: 'Amira Haddad', is_preferred: true }],
  }),
};

async function readBody(req: IncomingMessage): Promise<unknown> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return raw ? JSON.parse(raw) : null;
}

function respond(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

let http: Server;
let baseURL = '';
const toasts: Array<[string, string]> = [];

describe("an employee's link to book for a patient (/book-online?patient=<id>)", () => {
  const infoCalls = () => server.bodies.get('/api/booking/selected-patient-info')?.length ?? 0;

  it('chooses the patient and loads their details and the dietitians', async () => {
    await store.getState().preselectPatient(41);
    expect(store.getState()).toMatchObject({ step: 0, checkedThrough: -1, dietitianId: AUTOMATIC_DIETITIAN, sessionLanguage: 'fr', pending: null });
    expect(store.getState().patient?.id).toBe(41);
    expect(store.getState().patientInfo?.full_name).toBe('Béa Bouchard');
    expect(store.getState().dietitians).toHaveLength(2);
    await store.getState().checkSession();
    expect(last('check-session')).toMatchObject({ employee_selected_patient_id: 41, employee_selected_dietitian_id: -1 });
  });

  it('keeps a booking already under way for the same patient', async () => {
    await store.getState().preselectPatient(41);
    await store.getState().checkSession();
    store.getState().selectService(2);
    const calls = infoCalls();
    await store.getState().preselectPatient(41);
    expect(infoCalls()).toBe(calls);
    expect(store.getState()).toMatchObject({ serviceId: 2, step: 1, checkedThrough: 0 });
  });

  it('starts a new booking when another patient was being booked for', async () => {
    await store.getState().selectPatient({ id: 7, full_name: 'Other Patient', email: 'other@example.ca', phone: null });
    await store.getState().checkSession();
    store.getState().selectService(2);
    await store.getState().preselectPatient(41);
    expect(store.getState()).toMatchObject({ serviceId: null, step: 0, checkedThrough: -1, tokens: {} });
    expect(store.getState().patient?.id).toBe(41);
    expect(store.getState().patientInfo?.id).toBe(41);
  });

  it('a patient whose details cannot be loaded stays chosen with the failure, so the picker offers to retry or change', async () => {
    server.refuse.add('/api/booking/selected-patient-info');
    await store.getState().preselectPatient(99);
    expect(store.getState().patient?.id).toBe(99);
    expect(store.getState()).toMatchObject({ patientInfo: null, pending: null, failure: { step: 0 } });
  });
});

beforeAll(async () => {
  http = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    const body = await readBody(req);
    server.bodies.set(path, [...(server.bodies.get(path) ?? []), body]);
    if (server.expire.has(path)) {
      respond(res, 401, { code: 'booking_token_expired', messages: [{ message: 'Your booking session has expired.', type: 'error' }] });
      return;
    }
    if (server.refuse.has(path)) {
      respond(res, 400, { code: 'validation_error', messages: [{ message: 'Check the form.', type: 'error' }], field_errors: { 'contact.email': ['Enter a valid e-mail address.'] } });
      return;
    }
    const answer = answers[path];
    if (answer) respond(res, 200, answer());
    else respond(res, 404, { code: 'not_found', messages: [] });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

let store: BookingStore;
beforeEach(() => {
  server.options = null;
  server.bodies.clear();
  server.expire.clear();
  server.refuse.clear();
  toasts.length = 0;
  const client = createApiClient({
    baseURL,
    notify: (kind, message) => toasts.push([kind, message]),
    texts: () => ({ networkError: 'Network error', requestError: 'Request error' }),
    onBookingTokenExpired: () => store.getState().expire(),
    retryDelayMs: 1,
  });
  store = createBookingStore({ api: createBookingApi(() => client), language: 'fr' });
});

const last = (path: string) => (server.bodies.get(`/api/booking/${path}`) ?? []).at(-1) as Record<string, unknown>;
const contact = { ...EMPTY_CONTACT, firstName: 'Élise', lastName: 'Gauthier', email: 'elise@example.ca', phone: '613 555 0142', streetNumber: '12', streetName: 'Rue Principale', city: 'Ottawa', postalCode: 'K1P 5G3' };

/** Walks the flow through the reasons (the offices are fetched) with every check passing. */
async function walkToLocation() {
  const s = () => store.getState();
  expect(await s().checkSession()).toBe(true);
  s().selectService(2);
  expect(await s().checkService()).toBe(true);
  expect(await s().checkContact(contact)).toBe(true);
  expect(await s().checkAddress(contact)).toBe(true);
  s().setReason(0, 5);
  expect(await s().checkReasons()).toBe(true);
}

/** Walks the flow to the date/time step with every check passing. */
async function walkToSlots() {
  await walkToLocation();
  store.getState().selectOffice(1);
  expect(await store.getState().checkLocation()).toBe(true);
}

describe('steps', () => {
  it('next only below the last step, previous only above step 0, jumps only to steps that hold', () => {
    const s = () => store.getState();
    s().previous();
    expect(s().step).toBe(0);
    for (let i = 0; i < 12; i++) s().next();
    expect(s().step).toBe(stepIndex('confirmation'));
    for (let i = 0; i < 12; i++) s().previous();
    expect(s().step).toBe(0);
    // Nothing checked yet: only step 0 is reachable.
    s().goTo(3);
    expect(s().step).toBe(0);
    store.setState({ checkedThrough: 3 });
    s().goTo(4);
    expect(s().step).toBe(4);
    s().goTo(5);
    expect(s().step).toBe(4);
    s().goTo(1);
    expect(s().step).toBe(1);
    s().goTo(-1);
    expect(s().step).toBe(1);
  });

  it('walks every check, keeps each token, fetches offices after reasons and slots after the location', async () => {
    await walkToSlots();
    const s = store.getState();
    expect(s.step).toBe(stepIndex('datetime'));
    expect(s.checkedThrough).toBe(stepIndex('location'));
    expect(s.offices?.map((o) => o.id)).toEqual([1, 3]);
    expect(Object.keys(s.options ?? {})).toEqual([day]);
    expect(s.pricing?.total_price_cents).toBe(16000);
    // Each call carried the tokens of the steps before it.
    expect(last('check-session')).toEqual({ session_language: 'fr', rescheduling_appointment_id: null, employee_selected_patient_id: null, employee_selected_dietitian_id: null });
    expect(last('check-service')).toMatchObject({ service_id: 2, session_language_token: s.tokens.session_language_token, auth_token: s.tokens.auth_token });
    expect(last('check-skills')).toMatchObject({ skills: [5], user_message: '', contact_token: s.tokens.contact_token, address_token: s.tokens.address_token });
    expect(last('locations/check')).toMatchObject({ selected_office_id: 1, office_data_token: s.tokens.office_data_token, skills_token: s.tokens.skills_token });
    expect(last('available-appointments/fetch')).toMatchObject({ location_token: s.tokens.location_token });

    store.getState().selectDate(day);
    store.getState().selectSlot(slotA.start);
    expect(await store.getState().checkSlot()).toBe(true);
    expect(last('available-appointments/check')).toMatchObject({ date: day, timeslot_start: slotA.start, timeslot_end: slotA.end, appointment_token: s.tokens.appointment_token });
    expect(store.getState().step).toBe(stepIndex('confirmation'));
    const booked = await store.getState().book();
    expect(booked.ok).toBe(true);
    expect(last('book-appointment')).toMatchObject({ timeslot_token: store.getState().tokens.timeslot_token });
  });

  it('a changed earlier choice makes the visitor check that step again before moving on', async () => {
    await walkToSlots();
    const s = () => store.getState();
    s().goTo(stepIndex('contact'));
    expect(s().step).toBe(stepIndex('contact'));
    s().setContact({ ...contact, phone: '613 555 0199' }, stepIndex('contact'));
    expect(s().checkedThrough).toBe(stepIndex('service'));
    s().goTo(stepIndex('reasons'));
    expect(s().step).toBe(stepIndex('contact'));
    // A new session check starts a new chain: no token of the old one survives.
    await s().checkSession();
    expect(Object.keys(s().tokens).sort()).toEqual(['auth_token', 'session_language_token']);
  });
});

describe('checks and changed choices', () => {
  it('drops the answer of a check whose choice changed while it ran', async () => {
    await walkToSlots();
    store.getState().selectDate(day);
    store.getState().selectSlot(slotA.start);
    const checking = store.getState().checkSlot();
    store.getState().selectSlot(slotB.start);
    expect(await checking).toBe(false);
    // The token vouches for slot A: it is not kept, and the confirmation does not open.
    expect(store.getState()).toMatchObject({ step: stepIndex('datetime'), slot: slotB.start, pending: null });
    expect(store.getState().tokens.timeslot_token).toBeUndefined();
    expect(await store.getState().checkSlot()).toBe(true);
    expect(last('available-appointments/check')).toMatchObject({ timeslot_start: slotB.start });
  });

  it('a refused contact check keeps the later steps closed and shows the field errors', async () => {
    await walkToSlots();
    store.getState().goTo(stepIndex('contact'));
    server.refuse.add('/api/booking/check-contact');
    expect(await store.getState().checkContact({ ...contact, email: 'not-an-address' })).toBe(false);
    expect(store.getState()).toMatchObject({ step: stepIndex('contact'), checkedThrough: stepIndex('service'), contact: { email: 'not-an-address' } });
    expect(store.getState().failure).toEqual({
      step: stepIndex('contact'),
      code: 'validation_error',
      fieldErrors: { 'contact.email': ['Enter a valid e-mail address.'] },
      message: 'Check the form.',
    });
    store.getState().goTo(stepIndex('confirmation'));
    expect(store.getState().step).toBe(stepIndex('contact'));
  });

  it('an address edit unchecks the address step, not the contact step', async () => {
    await walkToSlots();
    store.getState().setContact({ ...contact, city: 'Gatineau' }, stepIndex('address'));
    expect(store.getState().checkedThrough).toBe(stepIndex('contact'));
  });
});

describe('clearing rules (SPEC §4)', () => {
  const chosen = { reasons: [5, 6, 7] as [number, number, number], officeId: 1, date: day, slot: slotA.start, options: { [day]: [slotA] }, offices: [] };

  it('clicking the selected service deselects it and resets reasons, location and date/time', () => {
    store.setState({ serviceId: 2, ...chosen, message: 'keep me' });
    store.getState().selectService(2);
    expect(store.getState()).toMatchObject({ serviceId: null, reasons: [null, null, null], officeId: null, date: null, slot: null, options: null, offices: null });
    expect(store.getState().message).toBe('keep me');
  });

  it('changing reason 1 clears reasons 2 and 3, reason 2 clears 3; any change resets location and date/time', () => {
    store.setState({ serviceId: 2, ...chosen });
    store.getState().setReason(1, 8);
    expect(store.getState()).toMatchObject({ reasons: [5, 8, null], officeId: null, date: null, slot: null });
    store.setState({ ...chosen });
    store.getState().setReason(0, 9);
    expect(store.getState()).toMatchObject({ reasons: [9, null, null], officeId: null, date: null, slot: null });
    store.setState({ ...chosen });
    store.getState().setReason(2, null);
    expect(store.getState()).toMatchObject({ reasons: [5, 6, null], officeId: null, date: null, slot: null });
    // Choosing the same reason again is no change: nothing is reset.
    store.setState({ ...chosen });
    store.getState().setReason(0, 5);
    expect(store.getState()).toMatchObject({ reasons: [5, 6, 7], officeId: 1, slot: slotA.start });
    expect(withReason([1, 2, 3], 1, null)).toEqual([1, null, null]);
  });

  it('clicking the selected office deselects it and resets date/time; choosing a date clears the slot', () => {
    store.setState({ ...chosen });
    store.getState().selectOffice(1);
    expect(store.getState()).toMatchObject({ officeId: null, date: null, slot: null, options: null, reasons: [5, 6, 7] });
    store.getState().selectOffice(3);
    expect(store.getState().officeId).toBe(3);
    store.setState({ date: day, slot: slotA.start });
    store.getState().selectDate('2026-12-02');
    expect(store.getState()).toMatchObject({ date: '2026-12-02', slot: null });
  });

  it('a reason chosen in one select is not offered in the later ones', () => {
    const skills = [1, 2, 3, 4].map((id) => ({ id, translated_name: `Reason ${id}` }));
    expect(reasonChoices(skills, [2, null, null], 0).map((s) => s.id)).toEqual([1, 2, 3, 4]);
    expect(reasonChoices(skills, [2, null, null], 1).map((s) => s.id)).toEqual([1, 3, 4]);
    expect(reasonChoices(skills, [2, 4, null], 2).map((s) => s.id)).toEqual([1, 3]);
  });
});

describe('slots', () => {
  it("turns 'HH:MM-HH:MM' into a start and an end on the date, else looks the end up in the options", () => {
    const options = { [day]: [slotA, slotB] };
    expect(resolveSlot(day, '09:00-09:50', options)).toEqual({ date: day, start: '09:00', end: '09:50' });
    expect(resolveSlot(day, slotB.start, options)).toEqual({ date: day, start: slotB.start, end: slotB.end });
    expect(resolveSlot(day, '2026-12-01T18:00:00.000Z', options)).toEqual({ date: day, start: '2026-12-01T18:00:00.000Z', end: null });
    expect(resolveSlot('2026-12-02', slotA.start, options).end).toBeNull();
    expect(resolveSlot(day, '25:00-26:00', options)).toEqual({ date: day, start: '25:00-26:00', end: null });
  });

  it('keeps a chosen slot across a new fetch only if it is still offered', async () => {
    await walkToSlots();
    store.setState({ date: day, slot: slotB.start });
    await store.getState().fetchAppointments();
    expect(store.getState().slot).toBe(slotB.start);
    store.setState({ date: day, slot: '2026-12-01T20:00:00.000Z' });
    await store.getState().fetchAppointments();
    expect(store.getState()).toMatchObject({ date: day, slot: null });
  });
});

describe("the group-programs page's link to a session (?session=…&office=…&session_language=…)", () => {
  const seat = (id: number, seatsLeft: number) => ({ ...slotB, group_session: { id, topic: 'Heart-healthy cooking', seats_left: seatsLeft, meetings: 1, price: { base_cents: 6000, tax_cents: 780, total_cents: 6780 } } });

  it("takes the session's language, chooses its office when the offices arrive, and the session when the date step lists it", async () => {
    server.options = { '2026-12-08': [seat(7, 4), seat(8, 2)] };
    const s = () => store.getState();
    s().preselectSession({ sessionId: 8, officeId: 3, sessionLanguage: 'en' });
    expect(s().sessionLanguage).toBe('en');
    await walkToLocation();
    expect(s().officeId).toBe(3);
    expect(await s().checkLocation()).toBe(true);
    expect(s()).toMatchObject({ date: '2026-12-08', slot: `${slotB.start}#8`, wantedSession: null });
    // Used once: unchosen by the visitor, a new fetch leaves it unchosen.
    s().selectSlot(null);
    await s().fetchAppointments();
    expect(s().slot).toBeNull();
  });

  it('a full session (the page\'s "join the waitlist" link): its date is opened and the full session chosen, whose waitlist the date step opens', async () => {
    server.options = { '2026-12-08': [seat(7, 4), seat(8, 0)] };
    store.getState().preselectSession({ sessionId: 8, officeId: 3, sessionLanguage: 'fr' });
    await walkToLocation();
    expect(await store.getState().checkLocation()).toBe(true);
    expect(store.getState()).toMatchObject({ date: '2026-12-08', slot: `${slotB.start}#8`, wantedSession: null });
  });

  it('is dropped when the visitor chooses another office or language: it would not be listed there', async () => {
    server.options = { '2026-12-08': [seat(7, 4), seat(8, 2)] };
    store.getState().preselectSession({ sessionId: 8, officeId: 3, sessionLanguage: 'fr' });
    await walkToSlots();
    expect(store.getState()).toMatchObject({ officeId: 1, wantedSession: null, date: null, slot: null });
    store.getState().preselectSession({ sessionId: 8, officeId: 3, sessionLanguage: 'fr' });
    store.getState().setSessionLanguage('en');
    expect(store.getState().wantedSession).toBeNull();
  });
});

describe('services shown', () => {
  const service = (id: number, guest: boolean, active = true) => ({ id, allow_guest_booking: guest, is_active: active }) as Service;
  it('a guest sees only guest-bookable services; a signed-in patient or employee sees all active ones', () => {
    const all = [service(1, true), service(2, false), service(3, true, false)];
    expect(visibleServices(all, false).map((s) => s.id)).toEqual([1]);
    expect(visibleServices(all, true).map((s) => s.id)).toEqual([1, 2]);
  });
});

describe('expiry (SPEC §8)', () => {
  it('booking_token_expired from any call resets the whole form to the start', async () => {
    await walkToSlots();
    server.expire.add('/api/booking/available-appointments/check');
    store.getState().selectDate(day);
    store.getState().selectSlot(slotA.start);
    expect(await store.getState().checkSlot()).toBe(false);
    expect(store.getState()).toMatchObject({ step: 0, checkedThrough: -1, expired: true, serviceId: null, reasons: [null, null, null], officeId: null, tokens: {}, contact: EMPTY_CONTACT, pending: null });
    expect(toasts).toEqual([['error', 'Your booking session has expired.']]);
    // A new session check starts over and clears the flag.
    await store.getState().checkSession();
    expect(store.getState().expired).toBe(false);
  });

  it('book-appointment on an expired token fails with expired: false', async () => {
    await walkToSlots();
    store.getState().selectDate(day);
    store.getState().selectSlot(slotA.start);
    await store.getState().checkSlot();
    server.expire.add('/api/booking/book-appointment');
    expect(await store.getState().book()).toEqual({ ok: false, expired: false, code: null });
    expect(store.getState().step).toBe(0);
  });

  it('an answer that arrives after a reset is dropped', async () => {
    const pending = store.getState().checkSession();
    store.getState().reset();
    expect(await pending).toBe(false);
    expect(store.getState()).toMatchObject({ step: 0, tokens: {} });
  });
});

describe('rescheduling and the employee variant', () => {
  const appointment: AppointmentSummary = {
    id: 77,
    start: '2026-12-03T14:00:00.000Z',
    end: '2026-12-03T14:50:00.000Z',
    status: 'booked',
    session_language: 'en',
    service: { id: 2, translated_name: 'Individual consultation' },
    office: { id: 1, name: 'Centretown', is_virtual: false },
    join_url: null,
    dietitian: { id: 21, name: 'Sophie Tremblay' },
    patient: { id: 41, name: 'Béa Bouchard' },
    reasons: [{ id: 5, translated_name: 'Diabetes' }, { id: 6, translated_name: 'Heart health' }],
    message: 'Bring my results',
    can_cancel: true,
    can_reschedule: true,
  };

  it('a patient: preloads service, reasons, message and language, and re-checks the session', async () => {
    await store.getState().startReschedule(appointment, 'patient');
    expect(store.getState()).toMatchObject({ reschedulingId: 77, serviceId: 2, reasons: [5, 6, null], message: 'Bring my results', sessionLanguage: 'en', step: stepIndex('service') });
    expect(last('check-session')).toMatchObject({ rescheduling_appointment_id: 77, session_language: 'en' });
    store.getState().endReschedule();
    expect(store.getState()).toMatchObject({ reschedulingId: null, serviceId: null, reasons: [null, null, null], message: '', step: 0 });
  });

  it('an expiry while moving an appointment starts over, still moving it', async () => {
    await store.getState().startReschedule(appointment, 'patient');
    server.expire.add('/api/booking/check-service');
    await store.getState().checkService();
    expect(store.getState()).toMatchObject({ step: 0, expired: true, reschedulingId: 77, serviceId: null });
  });

  it('an employee: also preloads the patient and the dietitian, and fetches the patient info', async () => {
    await store.getState().startReschedule(appointment, 'employee');
    expect(store.getState()).toMatchObject({ reschedulingId: 77, serviceId: 2, dietitianId: 21, sessionLanguage: 'en', step: 0 });
    expect(store.getState().patient?.id).toBe(41);
    expect(store.getState().patientInfo?.full_name).toBe('Béa Bouchard');
    expect(store.getState().dietitians?.find((d) => d.is_preferred)?.id).toBe(22);
    await store.getState().checkSession();
    expect(last('check-session')).toEqual({ session_language: 'en', rescheduling_appointment_id: 77, employee_selected_patient_id: 41, employee_selected_dietitian_id: 21 });
  });

  it("an employee's automatic dietitian choice is sent as -1", async () => {
    await store.getState().selectPatient({ id: 41, full_name: 'Béa Bouchard', email: 'bea@example.ca', phone: null });
    expect(store.getState().dietitianId).toBe(AUTOMATIC_DIETITIAN);
    // The patient's language is the default for their appointment.
    expect(store.getState().sessionLanguage).toBe('fr');
    await store.getState().checkSession();
    expect(last('check-session')).toMatchObject({ employee_selected_patient_id: 41, employee_selected_dietitian_id: -1 });
  });

  it('prefill only fills what the visitor has left empty', () => {
    store.getState().setContact({ ...EMPTY_CONTACT, firstName: 'Typed' }, stepIndex('contact'));
    store.getState().prefillContact({ firstName: 'Marie', lastName: 'Tremblay', email: 'marie@example.ca' });
    expect(store.getState().contact).toMatchObject({ firstName: 'Typed', lastName: 'Tremblay', email: 'marie@example.ca', province: 'ON' });
  });
});
