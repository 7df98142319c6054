// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { getBookingStores } from '@/stores/useBookingStores';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Appointments } from '@/components/profile/appointments/Appointments';
import { ProfileView } from '@/components/profile/ProfileView';
import type { AuthApi, User } from '@/lib/api/auth';
import type { AppointmentStatistics, AppointmentSummary, BookedAppointments, BookingApi } from '@/lib/api/booking';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { createAppStores, StoresProvider, type AppStores } from '@/stores/StoresProvider';

const nav = vi.hoisted(() => ({
  router: { push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() },
}));

// Only the router is faked: the component navigates with next-intl's localized router on top of it.
/** The page's [locale] segment, as Next would give it (links and the router read it). */
const pageLocale = vi.hoisted(() => ({ value: 'en' as 'en' | 'fr' }));

vi.mock('next/navigation', () => ({
  useRouter: () => nav.router,
  usePathname: () => '/profile',
  useParams: () => ({ locale: pageLocale.value }),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

/**
 * jsdom has no modal dialogs: the smallest stand-in that behaves like a browser for what the
 * component relies on (open state, Escape firing a cancelable `cancel`, then `close`).
 */
beforeAll(() => {
  const proto = HTMLDialogElement.prototype;
  Object.defineProperty(proto, 'open', {
    configurable: true,
    get(this: HTMLDialogElement) {
      return this.hasAttribute('open');
    },
  });
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    const dialog = document.querySelector<HTMLDialogElement>('dialog[open]');
    if (event.key !== 'Escape' || !dialog) return;
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
  });
});

const evaluation: AppointmentSummary = {
  id: 41,
  // 10:00 in Ottawa (EST); 15:00 UTC, so a wrong zone would show.
  start: '2026-12-07T15:00:00Z',
  end: '2026-12-07T15:50:00Z',
  status: 'booked',
  session_language: 'fr',
  service: { id: 1, translated_name: 'Nutrition evaluation' },
  office: { id: 3, name: 'Online', is_virtual: true },
  join_url: null,
  dietitian: { id: 5, name: 'Julie Roy' },
  patient: { id: 7, name: 'Marie Tremblay' },
  reasons: [
    { id: 2, translated_name: 'Digestive health' },
    { id: 4, translated_name: 'Weight management' },
  ],
  message: null,
  can_cancel: true,
  can_reschedule: true,
};

const followUp: AppointmentSummary = {
  ...evaluation,
  id: 42,
  start: '2026-12-21T19:30:00Z',
  end: '2026-12-21T19:50:00Z',
  session_language: 'en',
  service: { id: 3, translated_name: 'Follow-up' },
  office: { id: 1, name: 'Centretown', is_virtual: false },
  join_url: null,
  reasons: [],
};

const statistics: AppointmentStatistics = {
  today_appointments: 0,
  preferred_patients: 0,
  weekly_appointments: 0,
  monthly_appointments: 2,
  completed_appointments: 3,
  total_appointments: 5,
  upcoming_count: 2,
  average_gap_days: 12.5,
  longest_gap_days: 21,
  consistency_score: 87,
  next_appointment: evaluation,
};

const listOf = (upcoming: AppointmentSummary[], stats: Partial<AppointmentStatistics> = {}): BookedAppointments => ({
  upcoming,
  statistics: { ...statistics, upcoming_count: upcoming.length, next_appointment: upcoming[0] ?? null, ...stats },
});

function fakeBookingApi() {
  return {
    bookedAppointments: vi.fn(async (): Promise<BookedAppointments> => listOf([evaluation, followUp])),
    cancelAppointment: vi.fn(async (): Promise<Record<string, never>> => ({})),
  };
}

let stores: AppStores;

function renderSection(
  api: ReturnType<typeof fakeBookingApi>,
  { locale = 'en', viewer = 'patient' }: { locale?: 'en' | 'fr'; viewer?: 'patient' | 'employee' } = {},
) {
  // The session check of the provider is not what these tests are about: it just says "valid".
  const auth = { validateToken: async () => true, me: vi.fn() } as unknown as AuthApi;
  pageLocale.value = locale;
  stores = createAppStores(auth, api as unknown as BookingApi);
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'fr' ? fr : en} timeZone="UTC">
      <StoresProvider stores={stores}>
        <Appointments viewer={viewer} />
      </StoresProvider>
    </NextIntlClientProvider>,
  );
}

const article = (name: RegExp) => screen.findByRole('article', { name });

beforeEach(() => {
  vi.clearAllMocks();
});

describe('profile appointments: list and statistics', () => {
  it('shows a skeleton while loading, then each appointment in the clinic zone, with the statistics', async () => {
    const api = fakeBookingApi();
    let answer: (list: BookedAppointments) => void = () => {};
    api.bookedAppointments.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderSection(api);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your appointments…');
    await act(async () => answer(listOf([evaluation, followUp])));

    // The provider's zone is UTC: 10:00 is only right if the component uses the clinic's.
    const first = await article(/^Nutrition evaluation Monday, December 7, 2026/);
    expect(first).toHaveTextContent(/10:00\s*–\s*10:50\s*a\.m\./);
    const facts = within(first);
    expect(facts.getByText('Julie Roy')).toBeInTheDocument();
    expect(facts.getByText('Virtual')).toBeInTheDocument();
    expect(facts.getByText('Digestive health and Weight management')).toBeInTheDocument();
    expect(facts.getByText('French')).toBeInTheDocument();
    expect(facts.getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
    expect(facts.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(await article(/^Follow-up/)).getByText('Centretown')).toBeInTheDocument();

    const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(stat('Upcoming')).toHaveTextContent('2');
    expect(stat('Completed')).toHaveTextContent('3');
    expect(stat('Total')).toHaveTextContent('5');
    expect(stat('Next appointment')).toHaveTextContent('Monday, December 7, 2026 at 10:00 a.m.');
    expect(stat('Next appointment')).toHaveTextContent('Nutrition evaluation');
    expect(stat('Average time between appointments')).toHaveTextContent('12.5 days');
    expect(stat('Longest time between appointments')).toHaveTextContent('21 days');
    expect(stat('Consistency score')).toHaveTextContent('87/100');
    expect(screen.queryByText('Today', { selector: 'dt' })).toBeNull();
  });

  it('shows "—" for the gaps and the score of a first appointment, and offers to book when nothing is upcoming', async () => {
    const api = fakeBookingApi();
    api.bookedAppointments.mockResolvedValueOnce(
      listOf([], { average_gap_days: null, longest_gap_days: null, consistency_score: 0, total_appointments: 1 }),
    );
    renderSection(api);
    expect(await screen.findByText('You have no upcoming appointments.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute('href', '/book-online');
    const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(stat('Next appointment')).toHaveTextContent('—');
    expect(stat('Average time between appointments')).toHaveTextContent('—');
    expect(stat('Consistency score')).toHaveTextContent('—');
  });

  it('says why an appointment can no longer be changed, with the clinic number', async () => {
    const api = fakeBookingApi();
    api.bookedAppointments.mockResolvedValueOnce(listOf([{ ...evaluation, can_cancel: false, can_reschedule: false }]));
    renderSection(api);
    const card = await article(/^Nutrition evaluation/);
    expect(within(card).queryByRole('button')).toBeNull();
    expect(card).toHaveTextContent('It is too late to cancel or reschedule this appointment online. Please call the clinic at +1 (613) 555-0142.');
    expect(within(card).getByRole('link', { name: '+1 (613) 555-0142' })).toHaveAttribute('href', 'tel:+16135550142');
  });

  it('offers to try again when the list could not be loaded', async () => {
    const api = fakeBookingApi();
    api.bookedAppointments.mockRejectedValueOnce(new Error('offline'));
    renderSection(api);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your appointments could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await article(/^Nutrition evaluation/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.bookedAppointments).toHaveBeenCalledTimes(2);
  });

  it("shows an employee the patient's name and the workload statistics, in French", async () => {
    const api = fakeBookingApi();
    api.bookedAppointments.mockResolvedValueOnce(
      listOf([evaluation], { today_appointments: 1, weekly_appointments: 4, monthly_appointments: 9, preferred_patients: 3 }),
    );
    renderSection(api, { locale: 'fr', viewer: 'employee' });
    const card = await article(/^Nutrition evaluation lundi 7 décembre 2026/);
    expect(within(card).getByText('Marie Tremblay')).toBeInTheDocument();
    expect(within(card).queryByText('Julie Roy')).toBeNull();
    expect(within(card).getByText('Virtuel')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Déplacer' })).toBeInTheDocument();
    const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(stat('Aujourd’hui')).toHaveTextContent('1');
    expect(stat('Cette semaine')).toHaveTextContent('4');
    expect(stat('Ce mois-ci')).toHaveTextContent('9');
    expect(stat('Diététiste préféré(e) de')).toHaveTextContent('3 patients');
    expect(screen.queryByText('Indice de régularité')).toBeNull();
  });
});

describe('profile appointments: cancelling', () => {
  it('opens a labelled dialog on Cancel; Escape closes it and gives focus back, cancelling nothing', async () => {
    const api = fakeBookingApi();
    renderSection(api);
    const cancel = within(await article(/^Nutrition evaluation/)).getByRole('button', { name: 'Cancel' });
    cancel.focus();
    fireEvent.click(cancel);

    const dialog = screen.getByRole('dialog', { name: 'Cancel this appointment?' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveFocus();
    expect(dialog).toHaveAccessibleDescription(
      'You are about to cancel Nutrition evaluation on Monday, December 7, 2026 at 10:00 a.m. with Julie Roy. The time slot will be offered to other patients.',
    );

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(dialog).not.toHaveAttribute('open');
    expect(cancel).toHaveFocus();
    expect(api.cancelAppointment).not.toHaveBeenCalled();
  });

  it('"Keep appointment" closes it too', async () => {
    const api = fakeBookingApi();
    renderSection(api);
    const cancel = within(await article(/^Follow-up/)).getByRole('button', { name: 'Cancel' });
    fireEvent.click(cancel);
    fireEvent.click(screen.getByRole('button', { name: 'Keep appointment' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cancel).toHaveFocus();
    expect(api.cancelAppointment).not.toHaveBeenCalled();
  });

  it('cancels on confirmation, shows the pending state, then refreshes the list', async () => {
    const api = fakeBookingApi();
    let done: () => void = () => {};
    api.cancelAppointment.mockImplementationOnce(() => new Promise((resolve) => (done = () => resolve({}))));
    renderSection(api);
    fireEvent.click(within(await article(/^Nutrition evaluation/)).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));

    const pending = await screen.findByRole('button', { name: 'Cancelling…' });
    expect(pending).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(pending);
    fireEvent.keyDown(pending, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toHaveAttribute('open');
    expect(api.cancelAppointment).toHaveBeenCalledTimes(1);
    expect(api.cancelAppointment).toHaveBeenCalledWith(41);

    api.bookedAppointments.mockResolvedValueOnce(listOf([followUp]));
    await act(async () => done());
    await waitFor(() => expect(screen.queryByRole('article', { name: /^Nutrition evaluation/ })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('article', { name: /^Follow-up/ })).toBeInTheDocument();
    expect(api.bookedAppointments).toHaveBeenCalledTimes(2);
    // The button that opened the dialog is gone: focus lands on the section, not on the page.
    expect(screen.getByRole('heading', { name: 'Appointments', level: 2 })).toHaveFocus();
  });

  it('closes the dialog and refreshes when the server refuses (too late)', async () => {
    const api = fakeBookingApi();
    api.cancelAppointment.mockRejectedValueOnce({ response: { status: 409, data: { code: 'cancellation_notice' } } });
    renderSection(api);
    fireEvent.click(within(await article(/^Nutrition evaluation/)).getByRole('button', { name: 'Cancel' }));
    api.bookedAppointments.mockResolvedValueOnce(listOf([{ ...evaluation, can_cancel: false, can_reschedule: false }, followUp]));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));

    const card = await article(/^Nutrition evaluation/);
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Cancel' })).toBeNull());
    expect(card).toHaveTextContent('It is too late to cancel or reschedule this appointment online.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.bookedAppointments).toHaveBeenCalledTimes(2);
  });
});

describe('profile appointments: rescheduling', () => {
  it('hands the appointment to the booking flow and opens the booking page', async () => {
    const api = fakeBookingApi();
    renderSection(api);
    fireEvent.click(within(await article(/^Follow-up/)).getByRole('button', { name: 'Reschedule' }));
    expect(getBookingStores(stores).bookingAppointment.getState().rescheduling).toEqual(followUp);
    expect(nav.router.push).toHaveBeenCalledWith('/book-online');
  });

  it('opens the French booking page from the French profile', async () => {
    renderSection(fakeBookingApi(), { locale: 'fr' });
    fireEvent.click(within(await article(/^Nutrition evaluation/)).getByRole('button', { name: 'Déplacer' }));
    expect(getBookingStores(stores).bookingAppointment.getState().rescheduling?.id).toBe(41);
    expect(nav.router.push).toHaveBeenCalledWith('/fr/reserver-en-ligne');
  });
});

describe('profile page', () => {
  it('loads the appointments once the profile is there', async () => {
    const api = fakeBookingApi();
    const patient: User = {
      id: 7,
      email: 'marie@example.ca',
      first_name: 'Marie',
      last_name: 'Tremblay',
      full_name: 'Marie Tremblay',
      is_active: true,
      is_employee: false,
      is_patient: true,
      groups: [],
      created_date: '2026-01-15T14:00:00Z',
      employee_data: null,
      user_profile: { profile_picture: null, profile_picture_url: null, preferred_language: { code: 'en' }, phone_number: null },
      patient_data: { id: 3, preferred_dietitian: null, preferred_dietitian_name: null },
    };
    let answer: (valid: boolean) => void = () => {};
    const auth = {
      validateToken: vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve))),
      me: vi.fn(async () => patient),
    } as unknown as AuthApi;
    stores = createAppStores(auth, api as unknown as BookingApi);
    render(
      <NextIntlClientProvider locale="en" messages={en} timeZone="America/Toronto">
        <StoresProvider stores={stores}>
          <ProfileView />
        </StoresProvider>
      </NextIntlClientProvider>,
    );
    expect(api.bookedAppointments).not.toHaveBeenCalled();
    await act(async () => answer(true));
    expect(await article(/^Nutrition evaluation/)).toBeInTheDocument();
    expect(api.bookedAppointments).toHaveBeenCalledTimes(1);
  });
});
