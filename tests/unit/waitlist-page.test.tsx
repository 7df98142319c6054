// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WaitlistPlace } from '@/components/booking/WaitlistPlace';
import type { ManagedAppointment } from '@/lib/schemas/manageAppointment';
import type { WaitlistView } from '@/lib/schemas/waitlist';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

const api = vi.hoisted(() => ({ view: vi.fn(), claim: vi.fn(), leave: vi.fn() }));
vi.mock('@/lib/api/waitlist', () => ({ waitlistApi: api }));
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/waitlist',
  useParams: () => ({}),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

const TOKEN = 'A'.repeat(40) + '_-9';

/** An offer's link: 10:00 in Ottawa (EST) on Monday 7 December 2026; 15:00 UTC, so a wrong zone would show. */
const offered: WaitlistView = {
  entry: {
    status: 'active',
    first_name: 'Marie',
    service_name: 'Nutrition evaluation',
    location: { kind: 'office', name: 'Centretown', address: '123 Bank Street, Ottawa' },
    dietitian_name: null,
    from_date: '2026-12-01',
    to_date: '2026-12-18',
    times_of_day: ['morning', 'afternoon'],
    weekdays: [1, 3, 5],
  },
  offer: {
    status: 'open',
    start: '2026-12-07T15:00:00Z',
    end: '2026-12-07T15:50:00Z',
    expires_at: '2026-12-05T17:30:00Z',
    dietitian_name: 'Julie Roy',
    total_cents: 15000,
    tax_cents: 0,
  },
  appointment: null,
};

const booked: ManagedAppointment = {
  status: 'booked',
  first_name: 'Marie',
  service_name: 'Nutrition evaluation',
  start: '2026-12-07T15:00:00Z',
  end: '2026-12-07T15:50:00Z',
  location: { kind: 'office', name: 'Centretown', address: '123 Bank Street, Ottawa' },
  dietitian_name: 'Julie Roy',
  total_cents: 15000,
  tax_cents: 0,
  cancellation_notice_hours: 24,
  can_change: true,
  can_move: true,
  has_started: false,
  join_url: null,
  join_opens_at: null,
};

/** An axios failure in the API's failure shape (lib/server/http/respond.ts). */
const failure = (status: number, code: string, message: string) => ({
  response: { status, data: { code, message, messages: [{ message, type: 'error' }] }, headers: {} },
});

function renderPage({ hash = `#${TOKEN}`, locale = 'en' as 'en' | 'fr' } = {}) {
  window.history.replaceState(null, '', `/waitlist${hash}`);
  return render(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={locale === 'fr' ? fr : en}>
      <WaitlistPlace />
    </NextIntlClientProvider>,
  );
}

beforeEach(() => {
  api.view.mockReset().mockResolvedValue(offered);
  api.claim.mockReset();
  api.leave.mockReset();
});

describe('the waitlist page', () => {
  it('shows the place on the list and the open offer, and books it in one click', async () => {
    api.claim.mockResolvedValue({
      entry: { ...offered.entry, status: 'booked' },
      offer: { ...offered.offer!, status: 'claimed' },
      appointment: booked,
    } satisfies WaitlistView);
    renderPage();

    const card = (await screen.findByRole('heading', { name: 'A time opened up for you' })).closest('section')!;
    expect(api.view).toHaveBeenCalledWith(TOKEN);
    expect(within(card).getByText(/Monday, December 7, 2026.*10:00/)).toBeInTheDocument();
    expect(within(card).getByText('50 minutes')).toBeInTheDocument();
    expect(within(card).getByText('Julie Roy')).toBeInTheDocument();
    expect(within(card).getByText('Centretown, 123 Bank Street, Ottawa')).toBeInTheDocument();
    expect(within(card).getByText(/150\.00 \(HST exempt\)$/)).toBeInTheDocument();
    expect(within(card).getByText(/This offer is good until Saturday, December 5, 2026.*12:30/)).toBeInTheDocument();

    const place = screen.getByRole('heading', { name: 'Your place on the waitlist' }).closest('section')!;
    expect(within(place).getByText('On the waitlist')).toBeInTheDocument();
    expect(within(place).getByText('Tuesday, December 1, 2026 to Friday, December 18, 2026')).toBeInTheDocument();
    expect(within(place).getByText('Mornings (before noon) or afternoons (noon to 5 p.m.)')).toBeInTheDocument();
    expect(within(place).getByText('Monday, Wednesday, and Friday')).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Book this time' }));
    const done = await screen.findByText(/It’s yours! Your appointment is booked/);
    expect(api.claim).toHaveBeenCalledWith(TOKEN);
    expect(done).toHaveAttribute('role', 'status');
    await waitFor(() => expect(done).toHaveFocus());
    const appointment = screen.getByRole('heading', { name: 'Your appointment' }).closest('section')!;
    expect(within(appointment).getByText('Booked')).toBeInTheDocument();
    expect(within(appointment).getByText(/Monday, December 7, 2026.*10:00/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book this time' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave the waitlist' })).not.toBeInTheDocument();
  });

  it('says so when the time was just taken, shows the offer as taken and keeps the place', async () => {
    const message = 'This time was just taken by someone else. You stay on the waitlist, and we will e-mail you the next time that fits.';
    api.claim.mockRejectedValue(failure(409, 'waitlist_slot_taken', message));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Book this time' }));
    api.view.mockResolvedValue({ ...offered, offer: { ...offered.offer!, status: 'taken' } });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(await screen.findByText(/Someone else booked this time first\. You stay on the waitlist/)).toBeInTheDocument();
    expect(api.view).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { name: 'The time offered to you' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book this time' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave the waitlist' })).toBeEnabled();
  });

  it('leaves the list only after a confirmation', async () => {
    api.view.mockResolvedValue({ ...offered, offer: null });
    api.leave.mockResolvedValue({ ...offered, entry: { ...offered.entry, status: 'left' }, offer: null } satisfies WaitlistView);
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Leave the waitlist' }));
    const title = screen.getByRole('heading', { name: 'Leave the waitlist?' });
    await waitFor(() => expect(title).toHaveFocus());
    fireEvent.click(within(title.closest('section')!).getByRole('button', { name: 'Stay on the list' }));
    expect(screen.queryByRole('heading', { name: 'Leave the waitlist?' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Leave the waitlist' })).toHaveFocus());
    expect(api.leave).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, leave the list' }));
    const done = await screen.findByText('You have left the waitlist. You will not receive any more offers for it.');
    expect(api.leave).toHaveBeenCalledWith(TOKEN);
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByText('Left the waitlist')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave the waitlist' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book an appointment' })).toBeInTheDocument();
  });

  it.each([[''], ['#'], [`#${TOKEN.slice(0, 30)}`]])('explains a link cut short (%j) without calling the server', async (hash) => {
    renderPage({ hash });
    expect(await screen.findByRole('alert')).toHaveTextContent(/The link looks incomplete/);
    expect(api.view).not.toHaveBeenCalled();
  });

  it('shows the server’s message for a link it does not know', async () => {
    api.view.mockRejectedValue(failure(404, 'link_invalid', 'This link is not valid or has expired.'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid or has expired.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('speaks Canadian French', async () => {
    renderPage({ locale: 'fr' });
    const card = (await screen.findByRole('heading', { name: 'Une plage s’est libérée pour vous' })).closest('section')!;
    expect(within(card).getByText(/lundi 7 décembre 2026 à 10( h |:)00/)).toBeInTheDocument();
    expect(within(card).getByText(/^150,00\s\$.* \(exonéré de TVH\)$/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Réserver cette plage' })).toBeInTheDocument();
    expect(screen.getByText('Bonjour Marie,')).toBeInTheDocument();
    expect(screen.getByText('Sur la liste d’attente')).toBeInTheDocument();
    expect(screen.getByText('Du mardi 1er décembre 2026 au vendredi 18 décembre 2026')).toBeInTheDocument();
    expect(screen.getByText('Le matin (avant midi) ou l’après-midi (de midi à 17 h)')).toBeInTheDocument();
    expect(screen.getByText('Lundi, mercredi et vendredi')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Quitter la liste d’attente' }));
    expect(screen.getByRole('heading', { name: 'Quitter la liste d’attente?' })).toBeInTheDocument();
    expect(screen.getByText(/La plage qui vous a été offerte sera alors proposée aux personnes suivantes de la liste à qui elle convient/)).toBeInTheDocument();
  });

  it('writes a one-day window as one day, in both languages', async () => {
    const oneDay = { ...offered, entry: { ...offered.entry, from_date: '2026-11-27', to_date: '2026-11-27' } };
    api.view.mockResolvedValue(oneDay);
    const { unmount } = renderPage();
    expect(await screen.findByText('On Friday, November 27, 2026')).toBeInTheDocument();
    expect(screen.queryByText(/to Friday/)).toBeNull();
    unmount();
    renderPage({ locale: 'fr' });
    expect(await screen.findByText('Le vendredi 27 novembre 2026')).toBeInTheDocument();
    expect(screen.queryByText(/au vendredi/)).toBeNull();
  });

  it('says why an offer cannot be booked after leaving the list, and shows it withdrawn with the place ended', async () => {
    const message = en.Server.waitlistOfferWithdrawnLeft;
    api.claim.mockRejectedValue(failure(410, 'waitlist_offer_withdrawn', message));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Book this time' }));
    api.view.mockResolvedValue({ ...offered, entry: { ...offered.entry, status: 'left' }, offer: { ...offered.offer!, status: 'withdrawn' } });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This offer was withdrawn because you left the waitlist. It can no longer be booked.');
    expect(await screen.findByText(en.Waitlist.offerStatus.withdrawnLeft)).toBeInTheDocument();
    expect(screen.queryByText(/You stay on the waitlist/)).toBeNull();
    expect(screen.getByText(en.Waitlist.statusNote.left)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book this time' })).not.toBeInTheDocument();
  });

  it('shows an offer withdrawn by the clinic’s removal as such, in French', async () => {
    api.view.mockResolvedValue({ ...offered, entry: { ...offered.entry, status: 'removed' }, offer: { ...offered.offer!, status: 'withdrawn' } });
    renderPage({ locale: 'fr' });
    expect(await screen.findByText('Cette offre a été retirée quand la clinique vous a retiré de la liste d’attente.')).toBeInTheDocument();
    expect(screen.queryByText(/Vous restez sur la liste/)).toBeNull();
  });

  it('shows an offer the clinic replaced with a newer one as replaced, with the place still listed, in both languages', async () => {
    const replaced = { ...offered, entry: { ...offered.entry, status: 'active' as const }, offer: { ...offered.offer!, status: 'withdrawn' as const } };
    api.view.mockResolvedValue(replaced);
    const { unmount } = renderPage();
    expect(await screen.findByText('This offer was replaced by a newer one from the clinic: use the link in the latest e-mail we sent you. You stay on the waitlist.')).toBeInTheDocument();
    // Not "we will e-mail you the next time that fits": the newer offer is already in the mailbox.
    expect(screen.queryByText(/next time that fits/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Book this time' })).not.toBeInTheDocument();
    unmount();
    renderPage({ locale: 'fr' });
    expect(await screen.findByText(/^Cette offre a été remplacée par une offre plus récente de la clinique/)).toBeInTheDocument();
  });
});
