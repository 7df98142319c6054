// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from '@/components/auth/LoginForm';
import { ManageReschedule } from '@/components/booking/ManageReschedule';
import { ConfirmationStep } from '@/components/booking/steps/ConfirmationStep';
import { DateTimeStep } from '@/components/booking/steps/DateTimeStep';
import { authApi, type AuthApi } from '@/lib/api/auth';
import { bookingApi, type Service } from '@/lib/api/booking';
import { configureApiClient, type ToastKind } from '@/lib/api/settings';
import en from '@/messages/en.json';
import { createAppStores } from '@/stores/StoresProvider';
import { getBookingStores } from '@/stores/useBookingStores';
import { sendJson as send, serveApi } from '@/tests/support/apiServer';
import { renderWithStores } from '@/tests/support/renderWithStores';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/book-online',
  useParams: () => ({ locale: 'en' }),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

/*
 * Issue 27, item 14: a refusal is said once. Where the form shows it (the date step's waitlist
 * form, the confirmation step, the manage link's reschedule), it is shown there and not toasted
 * too; a failure with no place in the page is still a toast. Through the app's real
 * axios client against a small server with the API's failure bodies.
 */

const answers = new Map<string, { status: number; body: unknown }>();
serveApi((req, res) => {
  req.resume();
  req.on('end', () => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const answer = answers.get(`${req.method} ${path}`);
    if (!answer) return send(req, res, 404, { code: 'not_found', messages: [{ message: 'Not found.', type: 'error' }] });
    send(req, res, answer.status, answer.body);
  });
});

const toasts: Array<[ToastKind, string]> = [];
beforeEach(() => {
  answers.clear();
  toasts.length = 0;
  configureApiClient({ notify: (kind, message) => toasts.push([kind, message]) });
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-30T15:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const refusal = (status: number, code: string, message: string) => ({ status, body: { code, messages: [{ message, type: 'error' }] } });
/** Waits for the client to have relayed whatever it was going to (the answer is in by then). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

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
const tokens = { session_language_token: 's', auth_token: 'a', service_token: 'v', contact_token: 'c', address_token: 'd', skills_token: 'k', office_data_token: 'o', location_token: 'l' };
const slot = { start: '2026-12-02T15:00:00.000Z', end: '2026-12-02T15:50:00.000Z' };

function bookingStores(step: number) {
  const stores = createAppStores({ validateToken: async () => false } as unknown as AuthApi, undefined, 'en');
  const booking = getBookingStores(stores);
  booking.booking.setState({ step, checkedThrough: step - 1, serviceId: service.id, officeId: 3, tokens, options: {} });
  booking.services.setState({ key: 'en:guest', items: [service], loadedAt: Date.now() });
  return { stores, booking };
}

describe('the date step’s waitlist form', () => {
  const join = 'POST /api/booking/waitlist/join';
  const submit = () => fireEvent.click(screen.getByRole('button', { name: en.Booking.waitlist.submit }));

  it('shows a refused join once: in its alert, not as a toast', async () => {
    answers.set(join, refusal(409, 'waitlist_already', en.Server.waitlistAlready));
    renderWithStores(<DateTimeStep focusHeading={false} services={[service]} />, bookingStores(6).stores);
    submit();
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent(en.Server.waitlistAlready);
    await settle();
    expect(screen.getAllByText(en.Server.waitlistAlready)).toHaveLength(1);
    expect(toasts).toEqual([]);
  });

  it('shows field errors at their fields only, with no toast of the general message', async () => {
    answers.set(join, {
      status: 400,
      body: { code: 'validation_error', messages: [{ message: 'Check the form.', type: 'error' }], field_errors: { to_date: ['Too far ahead.'] } },
    });
    renderWithStores(<DateTimeStep focusHeading={false} services={[service]} />, bookingStores(6).stores);
    submit();
    await waitFor(() => expect(screen.getByLabelText(en.Booking.waitlist.to)).toHaveAccessibleDescription(expect.stringContaining('Too far ahead.')), {
      timeout: 5000,
    });
    await settle();
    expect(toasts).toEqual([]);
  });

  it('still toasts an expired booking: the form goes back to its start and has no place to say it', async () => {
    answers.set(join, { status: 401, body: { code: 'booking_token_expired', messages: [{ message: en.Server.bookingTokenExpired, type: 'error' }] } });
    const { stores, booking } = bookingStores(6);
    renderWithStores(<DateTimeStep focusHeading={false} services={[service]} />, stores);
    submit();
    await waitFor(() => expect(toasts).toEqual([['error', en.Server.bookingTokenExpired]]), { timeout: 5000 });
    expect(booking.booking.getState()).toMatchObject({ step: 0, expired: true });
    expect(screen.queryByText(en.Server.bookingTokenExpired)).toBeNull();
  });
});

describe('the confirmation step', () => {
  it('says why the booking was refused, in place and only there', async () => {
    const taken = 'This time was just taken. Choose another time.';
    answers.set('POST /api/booking/book-appointment', refusal(409, 'slot_unavailable', taken));
    const { stores, booking } = bookingStores(7);
    booking.booking.setState({ options: { '2026-12-02': [slot] }, date: '2026-12-02', slot: slot.start, appointment: undefined } as never);
    booking.booking.setState({ tokens: { ...tokens, appointment_token: 'p', timeslot_token: 't' } });
    renderWithStores(<ConfirmationStep focusHeading={false} services={[service]} skills={[]} onBooked={() => undefined} />, stores);
    fireEvent.click(screen.getByRole('button', { name: en.Booking.confirmation.book }));
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent(taken);
    await settle();
    expect(screen.getAllByText(taken)).toHaveLength(1);
    expect(toasts).toEqual([]);
  });
});

describe('the manage link’s reschedule', () => {
  it('shows a refused move once: in its alert, not as a toast', async () => {
    const tooLate = 'This appointment can no longer be moved online.';
    answers.set('POST /api/booking/manage/slots', { status: 200, body: { appointment_options: { '2026-12-02': [slot] } } });
    answers.set('POST /api/booking/manage/reschedule', refusal(409, 'cancellation_notice', tooLate));
    renderWithStores(<ManageReschedule token="manage-token" onMoved={() => undefined} onBack={() => undefined} />, bookingStores(0).stores);
    fireEvent.click(await screen.findByRole('button', { name: /times available/ }, { timeout: 5000 }));
    fireEvent.click(screen.getByRole('button', { pressed: false, name: /to/ }));
    fireEvent.click(screen.getByRole('button', { name: en.Manage.confirmMove }));
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent(tooLate);
    await settle();
    expect(screen.getAllByText(tooLate)).toHaveLength(1);
    expect(toasts).toEqual([]);
  });
});

describe('the sign-in form', () => {
  it('shows a refused sign-in once: in its alert, not as a toast', async () => {
    const wrong = 'The e-mail address or password is incorrect.';
    answers.set('POST /api/auth/login', refusal(401, 'invalid_credentials', wrong));
    const stores = createAppStores({ ...authApi, validateToken: async () => false }, undefined, 'en');
    renderWithStores(<LoginForm />, stores);
    fireEvent.change(screen.getByLabelText(en.Auth.login.email), { target: { value: 'marie@example.ca' } });
    fireEvent.change(screen.getByLabelText(en.Auth.login.password, { selector: 'input' }), { target: { value: 'not the right password' } });
    fireEvent.click(screen.getByRole('button', { name: en.Auth.login.submit }));
    expect(await screen.findByText(wrong, undefined, { timeout: 5000 })).toBeInTheDocument();
    await settle();
    expect(screen.getAllByText(wrong)).toHaveLength(1);
    expect(toasts).toEqual([]);
  });
});

describe('a failure with no place in the page', () => {
  it('is still a toast (the profile’s cancellation, whose dialog closes)', async () => {
    const tooLate = 'This appointment can no longer be cancelled online.';
    answers.set('POST /api/booking/cancel-appointment', refusal(409, 'cancellation_notice', tooLate));
    await expect(bookingApi.cancelAppointment(41)).rejects.toThrow();
    expect(toasts).toEqual([['error', tooLate]]);
  });
});
