// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TeamManager } from '@/components/clinic/team/TeamManager';
import type { User } from '@/lib/api/auth';
import type { FailedMail, TeamRoster } from '@/lib/api/clinicTeam';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { sendJson as send, serveApi } from '@/tests/support/apiServer';
import { renderWithStores, storesFor } from '@/tests/support/renderWithStores';
import { clinicEmployee } from '@/tests/support/users';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/profile/team',
  useParams: () => ({}),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

/* A real HTTP server answering with the mail-failure API's shapes; the page goes through the app's axios client. */

const requests: Array<{ method: string; path: string }> = [];
let emails: FailedMail[];
let listStatus = 200;
/** The retry's answer waits for this gate, so the test sees the button busy first. */
let openRetryGate: () => void = () => {};
let retryGate: Promise<void> = Promise.resolve();

const roster: TeamRoster = {
  employees: [
    { id: 1, name: 'Claire Bouchard', email: 'claire@example.ca', title: null, is_admin: true, is_active: true, future_appointments: 0, registration_number: null },
  ],
  invitations: [],
  unreachable_link_origin: null,
};

serveApi((req, res) => {
  req.resume();
  req.on('end', () => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push({ method: req.method ?? 'GET', path });
    if (path === '/api/clinic/team') return send(req, res, 200, roster);
    if (path === '/api/clinic/mail-failures') {
      if (listStatus !== 200) return send(req, res, listStatus, { code: 'server_error', messages: [{ message: 'Oops.', type: 'error' }] });
      return send(req, res, 200, { emails });
    }
    const retry = /^\/api\/clinic\/mail-failures\/(\d+)\/retry$/.exec(path);
    if (retry && req.method === 'POST') {
      void retryGate.then(() => {
        const id = Number(retry[1]);
        if (!emails.some((mail) => mail.id === id)) {
          return send(req, res, 404, { code: 'mail_not_found', messages: [{ message: fr.Server.mailNotFound, type: 'error' }] });
        }
        emails = emails.filter((mail) => mail.id !== id);
        send(req, res, 200, { messages: [{ message: fr.Server.mailRetried, type: 'success' }] });
      });
      return;
    }
    send(req, res, 404, { code: 'not_found', messages: [{ message: 'Not found.', type: 'error' }] });
  });
});

beforeEach(() => {
  requests.length = 0;
  listStatus = 200;
  retryGate = Promise.resolve();
  emails = [
    {
      id: 5,
      purpose: 'appointment reminder',
      recipient: 'alex.martin@example.ca',
      subject: 'Rappel : votre rendez-vous de demain',
      attempts: 9,
      last_error: 'connect ECONNREFUSED 127.0.0.1:587',
      created_at: '2026-11-20T15:00:00Z',
    },
    {
      id: 4,
      purpose: 'newsletter test',
      recipient: 'info@equilibrenutrition.ca',
      subject: 'Essai',
      attempts: 3,
      last_error: null,
      created_at: '2026-11-19T13:30:00Z',
    },
  ];
});

const admin: User = {
  ...clinicEmployee,
  id: 1,
  email: 'claire@example.ca',
  employee_data: { is_admin: true },
  user_profile: { ...clinicEmployee.user_profile, preferred_language: { code: 'fr' } },
};

const t = fr.ClinicTeam.mailFailures;

function renderAs(user: User, locale: 'en' | 'fr' = 'fr') {
  const stores = storesFor(user);
  stores.user.getState().setProfile(user);
  return renderWithStores(<TeamManager />, stores, { locale });
}

const section = () => screen.findByRole('region', { name: t.heading }, { timeout: 5000 });

describe('e-mails not delivered, on the team page', () => {
  it('is not shown to an employee who is not an administrator, and asks nothing', () => {
    renderAs({ ...admin, employee_data: { is_admin: false } });
    expect(screen.queryByRole('region', { name: t.heading })).toBeNull();
    expect(requests).toEqual([]);
  });

  it('lists the e-mails in French, in the clinic’s time zone, with their kind, tries and last error', async () => {
    renderAs(admin);
    const region = await section();
    const items = await within(region).findAllByRole('listitem');
    expect(items).toHaveLength(2);

    const reminder = within(items[0]!);
    expect(reminder.getByRole('heading', { name: 'Rappel : votre rendez-vous de demain' })).toBeInTheDocument();
    expect(reminder.getByText(t.purposes.reminder)).toBeInTheDocument();
    expect(reminder.getByText('alex.martin@example.ca')).toBeInTheDocument();
    // 15:00 UTC is 10:00 in Ottawa (the clinic's zone), whatever the provider's zone.
    expect(reminder.getByText(/20 nov\. 2026.*10/)).toHaveAttribute('dateTime', '2026-11-20T15:00:00Z');
    expect(reminder.getByText(/20 nov\. 2026.*10/).textContent).not.toMatch(/15/);
    expect(reminder.getByText('9')).toBeInTheDocument();
    expect(reminder.getByText('connect ECONNREFUSED 127.0.0.1:587')).toBeInTheDocument();
    expect(reminder.getByRole('button', { name: 'Renvoyer «\u00a0Rappel : votre rendez-vous de demain\u00a0» à alex.martin@example.ca' })).toBeInTheDocument();

    // An unknown kind shows its raw label; no recorded error says so.
    const other = within(items[1]!);
    expect(other.getByText('newsletter test')).toBeInTheDocument();
    expect(other.getByText(t.noError)).toBeInTheDocument();
  });

  it('says when every e-mail has been delivered', async () => {
    emails = [];
    renderAs(admin);
    const region = await section();
    expect(await within(region).findByText(t.empty)).toBeInTheDocument();
    expect(within(region).queryByRole('list')).toBeNull();
  });

  it('sends an e-mail again and removes it from the list once the server accepted', async () => {
    retryGate = new Promise<void>((resolve) => (openRetryGate = resolve));
    renderAs(admin);
    const region = await section();
    const button = await within(region).findByRole('button', { name: /^Renvoyer «\sRappel/ });
    fireEvent.click(button);

    // Busy until the server answers; the item stays meanwhile.
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveTextContent(t.sending);
    fireEvent.click(button);
    expect(within(region).getByText('alex.martin@example.ca')).toBeInTheDocument();

    openRetryGate();
    await waitFor(() => expect(within(region).queryByText('alex.martin@example.ca')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', path: '/api/clinic/mail-failures/5/retry' }]);
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    expect(within(region).getByText('Essai')).toBeInTheDocument();
    await waitFor(() => expect(within(region).getByRole('heading', { level: 2, name: t.heading })).toHaveFocus());
  });

  it('removes an e-mail a colleague already sent again (404 mail_not_found)', async () => {
    renderAs(admin);
    const region = await section();
    await within(region).findAllByRole('listitem');
    emails = emails.filter((mail) => mail.id !== 5);
    fireEvent.click(within(region).getByRole('button', { name: /^Renvoyer «\sRappel/ }));
    await waitFor(() => expect(within(region).queryByText('alex.martin@example.ca')).toBeNull());
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
  });

  it('offers to try again when the list could not be loaded', async () => {
    listStatus = 500;
    renderAs(admin, 'en');
    const region = await screen.findByRole('region', { name: en.ClinicTeam.mailFailures.heading }, { timeout: 5000 });
    expect(await within(region).findByText(en.ClinicTeam.mailFailures.loadFailed, {}, { timeout: 5000 })).toBeInTheDocument();
    listStatus = 200;
    fireEvent.click(within(region).getByRole('button', { name: en.ClinicTeam.mailFailures.reload }));
    expect(within(region).getByText(en.ClinicTeam.mailFailures.loading)).toBeInTheDocument();
    expect(await within(region).findByRole('heading', { name: 'Essai' })).toBeInTheDocument();
  });
});
