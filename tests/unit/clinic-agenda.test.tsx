// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Agenda } from '@/components/clinic/agenda/Agenda';
import type { User } from '@/lib/api/auth';
import type { Agenda as AgendaData, AgendaAppointment } from '@/lib/api/clinicAgenda';
import en from '@/messages/en.json';
import { renderWithStores, storesFor } from '@/tests/support/renderWithStores';

const api = vi.hoisted(() => ({ getAgenda: vi.fn(), markAppointment: vi.fn() }));
vi.mock('@/lib/api/clinicAgenda', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/clinicAgenda')>()),
  getAgenda: api.getAgenda,
  markAppointment: api.markAppointment,
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
  }));
});

describe('the agenda', () => {
  it('shows the day’s visits with who, what, where and the marks a started visit takes', async () => {
    renderAgenda({ is_employee: true });
    const visit = await screen.findByRole('article', { name: /Olivier Gagné/ });
    expect(api.getAgenda).toHaveBeenCalledWith({ date: undefined, view: 'day' }, expect.any(AbortSignal));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Friday, November 20, 2026 (today)');
    expect(within(visit).getByText('Olivier Gagné (no account)')).toBeInTheDocument();
    expect(within(visit).getByRole('link', { name: '+1 (613) 555-0163' })).toHaveAttribute('href', 'tel:+16135550163');
    expect(within(visit).getByText('Booked')).toBeInTheDocument();
    expect(within(visit).getByRole('heading', { level: 3 })).toHaveTextContent(/2:00\s–\s3:00\sPM/);
    const later = screen.getByRole('article', { name: /Alex Martin/ });
    expect(within(later).getByRole('link', { name: 'Alex Martin' })).toHaveAttribute('href', '/profile/patients/12');
    expect(within(later).queryByRole('button')).toBeNull();
    expect(within(later).getByText(en.ClinicAgenda.notStarted)).toBeInTheDocument();
    expect(screen.getByText('2 appointments')).toBeInTheDocument();
  });

  it('marks a visit completed, announces it and puts focus on Undo; a refusal shows the server’s reason', async () => {
    api.markAppointment.mockResolvedValueOnce({ ...guestVisit, status: 'completed' });
    renderAgenda({ is_employee: true });
    const visit = await screen.findByRole('article', { name: /Olivier Gagné/ });
    fireEvent.click(within(visit).getByRole('button', { name: 'Mark completed' }));
    await waitFor(() => expect(within(visit).getByText('Completed')).toBeInTheDocument());
    expect(api.markAppointment).toHaveBeenCalledWith(7, 'completed');
    expect(within(visit).getByRole('button', { name: 'Undo' })).toHaveFocus();
    expect(screen.getAllByRole('status').some((s) => /Olivier Gagné's visit at 2:00\sPM is marked completed\./.test(s.textContent ?? ''))).toBe(true);

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
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Semaine du 16.+22 novembre 2026$/);
    expect(screen.getAllByText('Aucun rendez-vous ce jour-là.')).toHaveLength(6);
    expect(screen.getByRole('heading', { level: 3, name: /vendredi 20 novembre \(aujourd'hui\)/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Semaine' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Semaine précédente' }));
    expect(api.getAgenda).toHaveBeenLastCalledWith({ date: '2026-11-13', view: 'week' }, expect.any(AbortSignal));
  });

  it('tells a patient it is for clinic staff, without asking the API', async () => {
    renderAgenda({ is_employee: false, is_patient: true });
    expect(screen.getByText(en.ClinicAgenda.staffOnly)).toBeInTheDocument();
    expect(api.getAgenda).not.toHaveBeenCalled();
  });
});
