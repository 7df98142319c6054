// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Agenda } from '@/components/clinic/agenda/Agenda';
import type { User } from '@/lib/api/auth';
import type { Agenda as AgendaData, AgendaAppointment } from '@/lib/api/clinicAgenda';
import type { VisitPayments } from '@/lib/api/payments';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { renderWithStores, storesFor } from '@/tests/support/renderWithStores';

const api = vi.hoisted(() => ({ getAgenda: vi.fn(), markAppointment: vi.fn() }));
vi.mock('@/lib/api/clinicAgenda', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/clinicAgenda')>()),
  getAgenda: api.getAgenda,
  markAppointment: api.markAppointment,
}));
const payments = vi.hoisted(() => ({ getVisitPayments: vi.fn() }));
vi.mock('@/lib/api/payments', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/payments')>()),
  getVisitPayments: payments.getVisitPayments,
}));
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/profile/agenda',
  useParams: () => ({}),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

/** A visit that started: 14:00 in Ottawa (EST) on Friday 20 November 2026. */
const guestVisit: AgendaAppointment = {
  id: 7,
  starts_at: '2026-11-20T19:00:00Z',
  ends_at: '2026-11-20T20:00:00Z',
  status: 'booked',
  service: { id: 2, name: 'Individual consultation' },
  patient: { id: null, name: 'Olivier Gagné', email: 'olivier.gagne@example.com', phone: '16135550163' },
  reasons: ['Sports performance'],
  office: { name: 'Centretown', is_virtual: false },
  join_url: null,
  session_language: 'en',
  can_mark: true,
  refund_due_cents: 0,
  group_session_id: null,
  note: null,
};
const ahead: AgendaAppointment = {
  ...guestVisit,
  id: 8,
  starts_at: '2026-11-20T21:00:00Z',
  ends_at: '2026-11-20T21:20:00Z',
  patient: { id: 12, name: 'Alex Martin', email: 'patient@demo.equilibrenutrition.ca', phone: null },
  can_mark: false,
};
const dayRange = {
  view: 'day' as const,
  date: '2026-11-20',
  today: '2026-11-20',
  first_day: '2026-11-20',
  last_day: '2026-11-20',
  starts_at: '2026-11-20T05:00:00.000Z',
  ends_at: '2026-11-21T05:00:00.000Z',
  previous_date: '2026-11-19',
  next_date: '2026-11-21',
};
const weekRange = { ...dayRange, view: 'week' as const, first_day: '2026-11-16', last_day: '2026-11-22', previous_date: '2026-11-13', next_date: '2026-11-27' };

function renderAgenda(profile: Partial<User>, locale: 'en' | 'fr' = 'en') {
  const user = { first_name: 'Claire', last_name: 'Bouchard', ...profile } as User;
  // The provider's session check says "valid" and the current user is this profile.
  const stores = storesFor(user);
  stores.user.getState().setProfile(user);
  return renderWithStores(<Agenda />, stores, { locale, timeZone: 'America/Toronto', strict: false });
}

beforeEach(() => {
  vi.clearAllMocks();
  api.getAgenda.mockImplementation(async ({ view }: { view: 'day' | 'week' }): Promise<AgendaData> => ({
    range: view === 'week' ? weekRange : dayRange,
    appointments: [guestVisit, ahead],
    group_sessions: [],
  }));
});

describe('the agenda', () => {
  it('shows a group session as one block with its seats taken, its roster under it, in both languages (issue #28)', async () => {
    const seat = (id: number, name: string): AgendaAppointment => ({
      ...guestVisit,
      id,
      starts_at: '2026-11-20T23:00:00Z',
      ends_at: '2026-11-21T00:30:00Z',
      service: { id: 9, name: 'Group programs' },
      patient: { id: null, name, email: `${id}@example.ca`, phone: null },
      group_session_id: 3,
    });
    const data = {
      range: dayRange,
      appointments: [guestVisit, seat(21, 'Nadia Roy'), seat(22, 'Hélène Côté')],
      group_sessions: [
        { id: 3, topic: 'Heart-healthy cooking', starts_at: '2026-11-20T23:00:00Z', ends_at: '2026-11-21T00:30:00Z', office: { name: 'Centretown', is_virtual: false }, seats_taken: 2, capacity: 10, series_id: null },
      ],
    };
    api.getAgenda.mockResolvedValue(data);
    const { unmount } = renderAgenda({ is_employee: true });
    const block = await screen.findByRole('article', { name: /Heart-healthy cooking/ });
    expect(within(block).getByRole('heading', { level: 3 })).toHaveTextContent(/6:00\s–\s7:30\sp\.m\. · Heart-healthy cooking/);
    expect(block).toHaveTextContent('Centretown · 2/10 seats');
    // The roster: each seat with its own marks, under the block; the other visit stays outside it.
    expect(within(block).getByRole('article', { name: /Nadia Roy/ })).toBeInTheDocument();
    expect(within(block).getByRole('article', { name: /Hélène Côté/ })).toBeInTheDocument();
    expect(within(block).queryByRole('article', { name: /Olivier Gagné/ })).toBeNull();
    unmount();
    renderAgenda({ is_employee: true }, 'fr');
    expect(await screen.findByText(/2\/10 places/)).toBeInTheDocument();
  });

  it('shows the day’s visits with who, what, where and the marks a started visit takes', async () => {
    renderAgenda({ is_employee: true });
    const visit = await screen.findByRole('article', { name: /Olivier Gagné/ });
    expect(api.getAgenda).toHaveBeenCalledWith({ date: undefined, view: 'day' }, expect.any(AbortSignal));
    expect(screen.getByRole('heading', { level: 2, name: /2026/ })).toHaveTextContent('Friday, November 20, 2026 (today)');
    expect(within(visit).getByText('Olivier Gagné (no account)')).toBeInTheDocument();
    expect(within(visit).getByRole('link', { name: '+1 (613) 555-0163' })).toHaveAttribute('href', 'tel:+16135550163');
    expect(within(visit).getByText('Booked')).toBeInTheDocument();
    expect(within(visit).getByRole('heading', { level: 3 })).toHaveTextContent(/2:00\s–\s3:00\sp\.m\./);
    const later = screen.getByRole('article', { name: /Alex Martin/ });
    expect(within(later).getByRole('link', { name: 'Alex Martin' })).toHaveAttribute('href', '/profile/patients/12');
    expect(within(later).queryByRole('button', { name: /Mark|Undo|No-show/ })).toBeNull();
    expect(within(later).getByText('Can be marked once the visit starts.')).toBeInTheDocument();
    expect(screen.getByText('2 appointments')).toBeInTheDocument();
  });

  it('marks a visit completed, announces it and puts focus on Undo; a refusal shows the server’s reason', async () => {
    api.markAppointment.mockResolvedValueOnce({ ...guestVisit, status: 'completed' });
    renderAgenda({ is_employee: true });
    const visit = await screen.findByRole('article', { name: /Olivier Gagné/ });
    fireEvent.click(within(visit).getByRole('button', { name: 'Mark completed' }));
    await waitFor(() => expect(within(visit).getByText('Completed')).toBeInTheDocument());
    expect(api.markAppointment).toHaveBeenCalledWith(7, 'completed');
    // Focus and the announcement follow in effects after the render: a busy machine may be a tick late.
    await waitFor(() => expect(within(visit).getByRole('button', { name: 'Undo' })).toHaveFocus());
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((s) => /Olivier Gagné's visit at 2:00\sp\.m\. is marked completed\./.test(s.textContent ?? ''))).toBe(true),
    );

    api.markAppointment.mockRejectedValueOnce({ response: { data: { message: 'This appointment was cancelled: it cannot be marked.' } } });
    fireEvent.click(within(visit).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The visit could not be marked. This appointment was cancelled: it cannot be marked.');
    expect(within(visit).getByText('Completed')).toBeInTheDocument();
  });

  it('shows a Monday-based week day by day, in French', async () => {
    renderAgenda({ is_employee: true }, 'fr');
    await screen.findByRole('article', { name: /Olivier Gagné/ });
    fireEvent.click(screen.getByRole('button', { name: 'Semaine' }));
    expect(api.getAgenda).toHaveBeenLastCalledWith({ date: '2026-11-20', view: 'week' }, expect.any(AbortSignal));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(7));
    expect(screen.getByRole('heading', { level: 2, name: /2026/ })).toHaveTextContent(/^Semaine du 16.+22 novembre 2026$/);
    expect(screen.getAllByText('Aucun rendez-vous ce jour-là.')).toHaveLength(6);
    expect(screen.getByRole('heading', { level: 3, name: /vendredi 20 novembre \(aujourd’hui\)/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Semaine' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Semaine précédente' }));
    expect(api.getAgenda).toHaveBeenLastCalledWith({ date: '2026-11-13', view: 'week' }, expect.any(AbortSignal));
  });

  it('opens a visit’s payments under it, asking for them only then', async () => {
    const answer: VisitPayments = {
      appointment_id: 7,
      status: 'booked',
      booked_on: '2026-11-01',
      total_cents: 13500,
      paid_cents: 0,
      balance_cents: 13500,
      refund_due_cents: 0,
      dietitian_registered: true,
      payments: [],
    };
    payments.getVisitPayments.mockResolvedValue(answer);
    renderAgenda({ is_employee: true });
    const visit = await screen.findByRole('article', { name: /Olivier Gagné/ });
    expect(payments.getVisitPayments).not.toHaveBeenCalled();
    const toggle = within(visit).getByRole('button', { name: /^Payments and receipts for Olivier Gagné, 2:00\sp\.m\.$/ });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = within(visit).getByRole('region', { name: /Payments and receipts/ });
    // Under the visit's h3 in the day view.
    expect(await within(panel).findByRole('heading', { level: 4, name: 'Payments' })).toBeInTheDocument();
    expect(payments.getVisitPayments).toHaveBeenCalledWith(7, expect.any(AbortSignal));
    // The payment form is loaded lazily (it brings zod).
    expect(await within(panel).findByRole('textbox', { name: 'Amount (CAD)' })).toHaveValue('135.00');
  });

  it('lists a cancelled visit paid in advance with the refund due, its payments open on the refund form', async () => {
    const cancelled: AgendaAppointment = { ...guestVisit, status: 'cancelled', can_mark: false, refund_due_cents: 13500 };
    api.getAgenda.mockResolvedValue({ range: dayRange, appointments: [cancelled] });
    const due: VisitPayments = {
      appointment_id: 7,
      status: 'cancelled',
      booked_on: '2026-11-01',
      total_cents: 13500,
      paid_cents: 13500,
      balance_cents: 0,
      refund_due_cents: 13500,
      dietitian_registered: true,
      payments: [],
    };
    payments.getVisitPayments.mockResolvedValue(due);
    renderAgenda({ is_employee: true });
    const visit = await screen.findByRole('article', { name: /Olivier Gagné/ });
    // Listed for its refund, not counted as one of the day's appointments.
    expect(screen.getByText('No appointments')).toBeInTheDocument();
    expect(within(visit).getByText('Cancelled')).toBeInTheDocument();
    expect(within(visit).getByText('Refund due: $135.00')).toBeInTheDocument();
    expect(within(visit).queryByRole('button', { name: /Completed|No-show/ })).toBeNull();
    const toggle = within(visit).getByRole('button', { name: /^Payments and receipts/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = within(visit).getByRole('region', { name: /Payments and receipts/ });
    expect(await within(panel).findByRole('heading', { name: 'Record the refund' })).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Amount (CAD)' })).toHaveValue('135.00');
  });

  it('tells a patient it is for clinic staff, without asking the API', async () => {
    renderAgenda({ is_employee: false, is_patient: true });
    expect(screen.getByText(en.ClinicAgenda.staffOnly)).toBeInTheDocument();
    expect(api.getAgenda).not.toHaveBeenCalled();
  });
});

describe('the payments export', () => {
  beforeEach(() => {
    // 14:00 in Ottawa on Friday 20 November 2026.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T19:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('downloads this month’s payments so far by default, and follows the dates chosen', async () => {
    renderAgenda({ is_employee: true });
    const section = await screen.findByRole('region', { name: en.ClinicPayments.export.heading });
    expect(within(section).getByLabelText('From')).toHaveValue('2026-11-01');
    expect(within(section).getByLabelText('To')).toHaveValue('2026-11-20');
    const link = within(section).getByRole('link', { name: en.ClinicPayments.export.download });
    expect(link).toHaveAttribute('href', '/api/clinic/payments/export?from=2026-11-01&to=2026-11-20');
    expect(link).toHaveAttribute('download');
    fireEvent.change(within(section).getByLabelText('From'), { target: { value: '2026-01-01' } });
    expect(link).toHaveAttribute('href', '/api/clinic/payments/export?from=2026-01-01&to=2026-11-20');
  });

  it('says when the dates are in the wrong order, in French, and does not download', async () => {
    renderAgenda({ is_employee: true }, 'fr');
    const section = await screen.findByRole('region', { name: fr.ClinicPayments.export.heading });
    fireEvent.change(within(section).getByLabelText('Du'), { target: { value: '2026-11-25' } });
    expect(within(section).getByRole('alert')).toHaveTextContent(fr.ClinicPayments.export.order);
    expect(within(section).getByLabelText('Au')).toHaveAttribute('aria-invalid', 'true');
    const link = within(section).getByRole('link', { name: fr.ClinicPayments.export.download });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    // fireEvent answers false when the click's default (the download) was prevented.
    expect(fireEvent.click(link)).toBe(false);
    expect(within(section).getByLabelText('Au')).toHaveFocus();
  });
});
