// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateTimeStep } from '@/components/booking/steps/DateTimeStep';
import type { AuthApi } from '@/lib/api/auth';
import type { BookingTokens, Service } from '@/lib/api/booking';
import type { AppointmentOptions } from '@/lib/schemas/bookingSlots';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { createAppStores } from '@/stores/StoresProvider';
import { getBookingStores } from '@/stores/useBookingStores';
import { sendJson as send, serveApi } from '@/tests/support/apiServer';
import { renderWithStores, type Locale } from '@/tests/support/renderWithStores';

const page = vi.hoisted(() => ({ locale: 'en' }));
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/book-online',
  useParams: () => ({ locale: page.locale }),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

/*
 * The date step's waitlist (issue #16), through the app's axios client against a small server
 * that answers POST /api/booking/waitlist/join with the API's shapes.
 */

const received: unknown[] = [];
let answer: { status: number; body: unknown };

serveApi((req, res) => {
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path !== '/api/booking/waitlist/join' || req.method !== 'POST') return send(req, res, 404, { code: 'not_found', messages: [] });
    received.push(JSON.parse(raw));
    send(req, res, answer.status, answer.body);
  });
});

const service: Service = {
  id: 2,
  slug: 'follow-up',
  translated_name: 'Follow-up consultation',
  client_duration: 50,
  employee_duration: 60,
  base_price: '120.00',
  base_price_cents: 12000,
  currency: 'CAD',
  translated_short_description: '',
  translated_long_description: '',
  is_active: true,
  prerequisite_service: null,
  allow_guest_booking: true,
  requires_matching_skills: false,
  is_free_service: false,
  enforce_prerequisite: false,
  is_taxable: false,
  tax_included: false,
  min_cancellation_notice: 24,
  max_advance_booking_days: 60,
  books_seats: false,
  min_advance_booking_hours: 12,
};

/** Every token the store can hold: the slot's two must not be sent. */
const tokens: Required<BookingTokens> = {
  session_language_token: 'session-1',
  auth_token: 'auth-1',
  service_token: 'service-1',
  contact_token: 'contact-1',
  address_token: 'address-1',
  skills_token: 'skills-1',
  office_data_token: 'offices-1',
  location_token: 'location-1',
  appointment_token: 'appointment-1',
  timeslot_token: 'timeslot-1',
};

const joined = (body: { from_date: string; to_date: string; times_of_day: string[]; weekdays: number[] }) => ({
  entry: {
    status: 'active',
    first_name: 'Élise',
    service_name: 'Follow-up consultation',
    location: { kind: 'virtual' },
    dietitian_name: null,
    ...body,
  },
  email: 'elise@example.ca',
});

beforeEach(() => {
  received.length = 0;
  answer = { status: 201, body: null };
  // 22:00 on 29 November in Ottawa, already 30 November in UTC: the window starts on the clinic's date.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-30T03:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

interface Setup {
  locale?: Locale;
  /** The fetched appointment options: none free by default. */
  options?: AppointmentOptions;
  reschedulingId?: number | null;
  maxDays?: number;
  /** A group service's date step (its sessions, no waitlist yet). */
  booksSeats?: boolean;
}

function renderStep({ locale = 'en', options = {}, reschedulingId = null, maxDays = 60, booksSeats = false }: Setup = {}) {
  page.locale = locale;
  const stores = createAppStores({ validateToken: async () => false } as unknown as AuthApi, undefined, locale);
  const booking = getBookingStores(stores);
  booking.booking.setState({ step: 6, checkedThrough: 5, serviceId: service.id, officeId: 3, tokens, options, reschedulingId });
  booking.services.setState({ key: `${locale}:guest`, items: [{ ...service, max_advance_booking_days: maxDays }], loadedAt: Date.now() });
  renderWithStores(<DateTimeStep focusHeading={false} services={[{ ...service, books_seats: booksSeats }]} />, stores, { locale });
  return booking;
}

const t = en.Booking.waitlist;
const submit = () => fireEvent.click(screen.getByRole('button', { name: t.submit }));

describe('joining the waitlist from the date step', () => {
  it('opens at once when no time is free, with a 30-day window from the clinic’s today and every time and day chosen', () => {
    renderStep();
    expect(screen.getByRole('status')).toHaveTextContent(en.Booking.datetime.empty);
    expect(screen.getByRole('button', { name: t.toggle })).toHaveAttribute('aria-expanded', 'true');

    const from = screen.getByLabelText(t.from);
    const to = screen.getByLabelText(t.to);
    expect(from).toHaveValue('2026-11-29');
    expect(from).toHaveAttribute('min', '2026-11-29');
    expect(to).toHaveValue('2026-12-28');
    expect(to).toHaveAttribute('max', '2027-01-28');
    expect(to).toHaveAccessibleDescription('This service can be booked up to Thursday, January 28, 2027.');

    const times = screen.getByRole('group', { name: t.timesLegend });
    expect(within(times).getAllByRole('checkbox').map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked])).toEqual([
      [t.time.morning, true],
      [t.time.afternoon, true],
      [t.time.evening, true],
    ]);
    const days = screen.getByRole('group', { name: t.daysLegend });
    expect(within(days).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday',
    ]);
    expect(within(days).getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true);
  });

  it('ends the default window at the service’s booking horizon', () => {
    renderStep({ maxDays: 20 });
    expect(screen.getByLabelText(t.to)).toHaveValue('2026-12-19');
  });

  it('is a closed disclosure under the calendar when times are free', () => {
    renderStep({ options: { '2026-12-01': [{ start: '2026-12-01T14:00:00.000Z', end: '2026-12-01T14:50:00.000Z' }] } });
    const toggle = screen.getByRole('button', { name: t.toggle });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText(t.from)).not.toBeVisible();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText(t.from)).toBeVisible();
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toContainElement(screen.getByLabelText(t.from));
  });

  it('is not offered for a group service: a place would never be offered a seat', () => {
    renderStep({ booksSeats: true });
    expect(screen.getByRole('status')).toHaveTextContent(en.Booking.datetime.noSessions);
    expect(screen.queryByRole('button', { name: t.toggle })).toBeNull();
  });

  it('a group service: choosing a full session opens its waitlist, which names the session; continuing is refused', async () => {
    const full = {
      start: '2026-12-08T23:00:00.000Z',
      end: '2026-12-09T00:30:00.000Z',
      recommended_employee: { id: 2, name: 'Claire Bouchard' },
      group_session: { id: 41, topic: 'Heart-healthy cooking', seats_left: 0, meetings: 1, price: { base_cents: 6000, tax_cents: 780, total_cents: 6780 } },
    };
    const booking = renderStep({ booksSeats: true, options: { '2026-12-08': [full] } });
    act(() => booking.booking.setState({ date: '2026-12-08', slot: `${full.start}#41` }));
    expect(await screen.findByText(en.Booking.datetime.fullChosen)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: en.Booking.continue }));
    expect(booking.booking.getState().step).toBe(6);
    answer = { status: 201, body: joined({ from_date: '2026-11-29', to_date: '2026-12-28', times_of_day: ['morning', 'afternoon', 'evening'], weekdays: [1, 2, 3, 4, 5, 6, 7] }) };
    submit();
    await screen.findByText(/You are on the waitlist/, undefined, { timeout: 5000 });
    expect(received).toEqual([expect.objectContaining({ group_session_id: 41 })]);
  });

  it('a full session weeks ahead: the window reaches its day, and a window that misses it is refused before sending', async () => {
    const full = {
      start: '2027-01-15T23:00:00.000Z',
      end: '2027-01-16T00:30:00.000Z',
      recommended_employee: { id: 2, name: 'Claire Bouchard' },
      group_session: { id: 42, topic: 'Heart-healthy cooking', seats_left: 0, meetings: 1, price: { base_cents: 6000, tax_cents: 780, total_cents: 6780 } },
    };
    const booking = renderStep({ booksSeats: true, options: { '2027-01-15': [full] } });
    act(() => booking.booking.setState({ date: '2027-01-15', slot: `${full.start}#42` }));
    expect(await screen.findByText(en.Booking.datetime.fullChosen)).toBeInTheDocument();
    expect(screen.getByLabelText(t.from)).toHaveValue('2026-11-29');
    expect(screen.getByLabelText(t.to)).toHaveValue('2027-01-15');
    fireEvent.change(screen.getByLabelText(t.to), { target: { value: '2027-01-10' } });
    submit();
    expect(screen.getByLabelText(t.to)).toHaveAccessibleDescription(expect.stringContaining(en.Validation.waitlistWindowMissesSession));
    expect(received).toEqual([]);
  });

  it('is not offered when an appointment is being moved', () => {
    renderStep({ reschedulingId: 41 });
    expect(screen.queryByRole('button', { name: t.toggle })).toBeNull();
  });

  it('checks the window before sending: a time, a day, and a last date on or after the first', async () => {
    renderStep();
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    submit();

    const times = screen.getByRole('group', { name: t.timesLegend });
    const days = screen.getByRole('group', { name: t.daysLegend });
    expect(times).toHaveAccessibleDescription(en.Validation.waitlistTimesRequired);
    expect(days).toHaveAccessibleDescription(en.Validation.waitlistDaysRequired);
    expect(within(times).getAllByRole('checkbox')[0]).toHaveFocus();

    fireEvent.click(within(times).getAllByRole('checkbox')[0]!);
    fireEvent.click(within(days).getAllByRole('checkbox')[0]!);
    fireEvent.change(screen.getByLabelText(t.to), { target: { value: '2026-11-28' } });
    submit();
    expect(screen.getByLabelText(t.to)).toHaveAccessibleDescription(expect.stringContaining(en.Validation.waitlistWindowOrder));
    expect(screen.getByLabelText(t.to)).toHaveFocus();

    fireEvent.change(screen.getByLabelText(t.from), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText(t.to), { target: { value: '2027-02-01' } });
    submit();
    expect(screen.getByLabelText(t.from)).toHaveAccessibleDescription(en.Validation.waitlistFromPast);
    expect(screen.getByLabelText(t.to)).toHaveAccessibleDescription(expect.stringContaining(en.Validation.waitlistToBeyond));

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
  });

  it('sends the tokens through the office and the window, then confirms in place', async () => {
    renderStep();
    answer = {
      status: 201,
      body: joined({ from_date: '2026-12-01', to_date: '2026-12-28', times_of_day: ['morning', 'evening'], weekdays: [1, 3, 5] }),
    };
    fireEvent.change(screen.getByLabelText(t.from), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByRole('checkbox', { name: t.time.afternoon }));
    for (const day of ['Tuesday', 'Thursday', 'Saturday', 'Sunday']) fireEvent.click(screen.getByRole('checkbox', { name: day }));
    submit();

    const done = await screen.findByText(/You are on the waitlist/, undefined, { timeout: 5000 });
    expect(received).toEqual([
      {
        session_language_token: 'session-1',
        auth_token: 'auth-1',
        service_token: 'service-1',
        contact_token: 'contact-1',
        address_token: 'address-1',
        skills_token: 'skills-1',
        office_data_token: 'offices-1',
        location_token: 'location-1',
        from_date: '2026-12-01',
        to_date: '2026-12-28',
        times_of_day: ['morning', 'evening'],
        weekdays: [1, 3, 5],
      },
    ]);
    const note = done.closest('[role="status"]') as HTMLElement;
    await waitFor(() => expect(note).toHaveFocus());
    expect(note).toHaveTextContent('You are on the waitlist for Follow-up consultation. We sent a confirmation to elise@example.ca.');
    expect(note).toHaveTextContent(t.notify);
    expect(note).toHaveTextContent('Tuesday, December 1, 2026 to Monday, December 28, 2026');
    expect(note).toHaveTextContent('mornings and evenings');
    expect(note).toHaveTextContent('Monday, Wednesday, and Friday');
    expect(within(note).getByRole('link', { name: t.home })).toHaveAttribute('href', '/');
    expect(screen.queryByLabelText(t.from)).toBeNull();
    // The booking stays where it was: a time can still be chosen.
    expect(screen.getByRole('button', { name: en.Booking.continue })).toBeInTheDocument();
  });

  it('shows the server’s field errors at their fields and its other refusals in an alert', async () => {
    renderStep();
    answer = {
      status: 400,
      body: { code: 'validation_error', messages: [{ message: 'Check the form.', type: 'error' }], field_errors: { to_date: ['Too far ahead.'] } },
    };
    submit();
    await waitFor(() => expect(screen.getByLabelText(t.to)).toHaveAccessibleDescription(expect.stringContaining('Too far ahead.')), { timeout: 5000 });
    expect(screen.queryByText('Check the form.')).toBeNull();

    answer = { status: 409, body: { code: 'waitlist_already', messages: [{ message: en.Server.waitlistAlready, type: 'error' }] } };
    submit();
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent(en.Server.waitlistAlready);
    expect(screen.getByLabelText(t.to)).not.toHaveAccessibleDescription(expect.stringContaining('Too far ahead.'));
  });

  it('speaks French under /fr', async () => {
    const f = fr.Booking.waitlist;
    renderStep({ locale: 'fr' });
    expect(screen.getByRole('button', { name: f.toggle })).toHaveTextContent('Aucune plage ne vous convient? Inscrivez-vous sur la liste d’attente');
    expect(screen.getByLabelText(f.from)).toHaveValue('2026-11-29');
    expect(screen.getByRole('checkbox', { name: 'Après-midi (de midi à 17\u00a0h)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'lundi' })).toBeChecked();

    answer = { status: 201, body: joined({ from_date: '2026-11-29', to_date: '2026-12-28', times_of_day: ['morning', 'afternoon', 'evening'], weekdays: [1, 2, 3, 4, 5, 6, 7] }) };
    fireEvent.click(screen.getByRole('button', { name: f.submit }));
    const note = (await screen.findByText(/Vous êtes maintenant/, undefined, { timeout: 5000 })).closest('[role="status"]') as HTMLElement;
    expect(note).toHaveTextContent('Vous êtes maintenant sur la liste d’attente pour « Follow-up consultation ». Nous avons envoyé une confirmation à elise@example.ca.');
    expect(note).toHaveTextContent('du dimanche 29 novembre 2026 au lundi 28 décembre 2026');
    expect(note).toHaveTextContent('matins, après-midi et soirs');
    expect(note).toHaveTextContent('tous les jours');
    expect(within(note).getByRole('link', { name: f.home })).toHaveAttribute('href', '/fr');
  });

  it('refuses a window none of whose days is a chosen weekday, at the weekdays, and words a one-day window as one day', async () => {
    renderStep();
    // Friday 4 December only, with Saturday as the only day.
    fireEvent.change(screen.getByLabelText(t.from), { target: { value: '2026-12-04' } });
    fireEvent.change(screen.getByLabelText(t.to), { target: { value: '2026-12-04' } });
    const days = screen.getByRole('group', { name: t.daysLegend });
    for (const box of within(days).getAllByRole('checkbox')) if ((box as HTMLInputElement).id.slice(-2) !== '-6') fireEvent.click(box);
    expect(within(days).getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
    expect(within(days).getByRole('checkbox', { name: 'Friday' })).not.toBeChecked();
    submit();
    expect(days).toHaveAccessibleDescription(en.Validation.waitlistNoMatchingDay);
    expect(within(days).getAllByRole('checkbox')[0]).toHaveFocus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);

    fireEvent.click(within(days).getByRole('checkbox', { name: 'Friday' }));
    answer = { status: 201, body: joined({ from_date: '2026-12-04', to_date: '2026-12-04', times_of_day: ['morning', 'afternoon', 'evening'], weekdays: [5, 6] }) };
    submit();
    const note = (await screen.findByText(/You are on the waitlist/, undefined, { timeout: 5000 })).closest('[role="status"]') as HTMLElement;
    expect(received).toMatchObject([{ from_date: '2026-12-04', to_date: '2026-12-04', weekdays: [5, 6] }]);
    expect(note).toHaveTextContent('on Friday, December 4, 2026');
    expect(note).not.toHaveTextContent('to Friday');
  });
});
