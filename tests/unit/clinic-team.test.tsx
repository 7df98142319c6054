// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TeamManager } from '@/components/clinic/team/TeamManager';
import type { User } from '@/lib/api/auth';
import type { TeamRoster } from '@/lib/api/clinicTeam';
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

/* A real HTTP server answering with the team API's shapes; the page goes through the app's axios client. */

const requests: Array<{ method: string; path: string; body: string }> = [];
let roster: TeamRoster;
let deactivateAnswer: { status: number; body: unknown } = { status: 200, body: { employee: { id: 3, is_active: false } } };

serveApi((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push({ method: req.method ?? 'GET', path, body });
    if (path === '/api/clinic/team') return send(req, res, 200, roster);
    if (path === '/api/clinic/invitations') {
      const { email } = JSON.parse(body) as { email: string };
      return send(req, res, 201, { invitation: { id: 9, email, expires_at: '2026-12-01T12:00:00Z' } });
    }
    if (path === '/api/clinic/employees/3/deactivate') return send(req, res, deactivateAnswer.status, deactivateAnswer.body);
    if (path === '/api/clinic/employees/3/registration' && req.method === 'PUT') {
      const { registration_number: number } = JSON.parse(body) as { registration_number: string | null };
      if (number === 'TAKEN-1') {
        return send(req, res, 422, {
          code: 'validation_failed',
          messages: [{ message: 'Check the highlighted field.', type: 'error' }],
          field_errors: { registration_number: ['Another employee already has this number.'] },
        });
      }
      roster = { ...roster, employees: roster.employees.map((e) => (e.id === 3 ? { ...e, registration_number: number } : e)) };
      return send(req, res, 200, { registration_number: number });
    }
    send(req, res, 404, { code: 'not_found', messages: [{ message: 'Not found.', type: 'error' }] });
  });
});

beforeEach(() => {
  requests.length = 0;
  roster = {
    employees: [
      { id: 1, name: 'Claire Bouchard', email: 'claire@example.ca', title: 'Registered Dietitian', is_admin: true, is_active: true, future_appointments: 4, registration_number: 'RD-10234' },
      { id: 3, name: 'Sophie Tremblay', email: 'sophie@example.ca', title: null, is_admin: false, is_active: true, future_appointments: 2, registration_number: null },
    ],
    invitations: [
      { id: 7, email: 'open@example.ca', created_at: '2026-11-20T15:00:00Z', expires_at: '2026-11-27T15:00:00Z', status: 'pending' },
      { id: 6, email: 'old@example.ca', created_at: '2026-10-01T15:00:00Z', expires_at: '2026-10-08T15:00:00Z', status: 'expired' },
    ],
    unreachable_link_origin: null,
  };
  deactivateAnswer = { status: 200, body: { employee: { id: 3, is_active: false } } };
});

const admin: User = { ...clinicEmployee, id: 1, email: 'claire@example.ca', employee_data: { is_admin: true } };

function renderAs(user: User, locale: 'en' | 'fr' = 'en') {
  const stores = storesFor(user);
  stores.user.getState().setProfile(user);
  return renderWithStores(<TeamManager />, stores, { locale });
}

describe('team page', () => {
  it('explains itself to a patient and to an employee who is not an administrator, without asking the API', () => {
    const { unmount } = renderAs({ ...admin, is_employee: false, is_patient: true, employee_data: null });
    expect(screen.getByText(en.ClinicTeam.staffOnly)).toBeInTheDocument();
    unmount();
    renderAs({ ...admin, employee_data: { is_admin: false } }, 'fr');
    expect(screen.getByText(fr.ClinicTeam.adminsOnly)).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('lists the open invitations, folds the others away, and marks the administrator themselves', async () => {
    renderAs(admin);
    const employees = await screen.findByRole('region', { name: en.ClinicTeam.employees.heading }, { timeout: 5000 });
    expect(within(employees).getByRole('heading', { name: 'Claire Bouchard (you)' })).toBeInTheDocument();
    // Nobody can deactivate themselves: no button on their own card.
    expect(within(employees).queryByRole('button', { name: /^(Deactivate|Reactivate) Claire Bouchard/ })).toBeNull();
    const invitations = screen.getByRole('region', { name: en.ClinicTeam.invitations.heading });
    expect(within(invitations).getByText('open@example.ca')).toBeVisible();
    expect(within(invitations).getByText('Earlier invitations (1)')).toBeInTheDocument();
    expect(within(invitations).getByText(en.ClinicTeam.invitations.status.expired)).toBeInTheDocument();
    // SITE_URL set (unreachable_link_origin null): no word about it.
    expect(screen.queryByRole('region', { name: en.ClinicTeam.siteUrl.heading })).toBeNull();
  });

  it('says first that e-mail links lead nowhere while SITE_URL is not set on a server others reach', async () => {
    roster = { ...roster, unreachable_link_origin: 'http://localhost:3000' };
    renderAs(admin);
    const warning = await screen.findByRole('region', { name: en.ClinicTeam.siteUrl.heading }, { timeout: 5000 });
    expect(warning).toHaveTextContent(/SITE_URL is not set on the server, .* point to http:\/\/localhost:3000, which only the server itself can open/);
  });

  it('says it in French too', async () => {
    roster = { ...roster, unreachable_link_origin: 'http://localhost:3000' };
    renderAs(admin, 'fr');
    const french = await screen.findByRole('region', { name: fr.ClinicTeam.siteUrl.heading }, { timeout: 5000 });
    expect(french).toHaveTextContent(/SITE_URL n’est pas défini sur le serveur\s: .* mènent à http:\/\/localhost:3000, que seul le serveur/);
  });

  it('sends an invitation and names the address in its confirmation', async () => {
    renderAs(admin);
    await screen.findByRole('region', { name: en.ClinicTeam.employees.heading }, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText(en.ClinicTeam.invite.email), { target: { value: 'New.Colleague@Example.ca' } });
    fireEvent.click(screen.getByLabelText(en.ClinicTeam.invite.languages.fr));
    fireEvent.click(screen.getByRole('button', { name: en.ClinicTeam.invite.submit }));
    expect(await screen.findByText(/Invitation sent to new\.colleague@example\.ca\./)).toBeInTheDocument();
    const sent = requests.find((r) => r.path === '/api/clinic/invitations');
    expect(JSON.parse(sent!.body)).toEqual({ email: 'new.colleague@example.ca', language: 'fr' });
    expect(screen.getByLabelText(en.ClinicTeam.invite.email)).toHaveValue('');
  });

  it('asks before deactivating, and shows the visits that stand in the way as a list of links', async () => {
    deactivateAnswer = {
      status: 409,
      body: {
        code: 'employee_has_appointments',
        messages: [{ message: 'This employee still has 2 booked appointments.', type: 'error' }],
        appointments: [
          { id: 11, starts_at: '2026-12-01T14:00:00Z', ends_at: '2026-12-01T15:00:00Z', patient_id: 42, patient_name: 'Alex Martin', service: 'Individual consultation' },
          { id: 12, starts_at: '2026-12-02T14:00:00Z', ends_at: '2026-12-02T15:00:00Z', patient_id: null, patient_name: 'Gaël Invité', service: 'Follow-up' },
        ],
      },
    };
    renderAs(admin);
    const employees = await screen.findByRole('region', { name: en.ClinicTeam.employees.heading }, { timeout: 5000 });
    fireEvent.click(within(employees).getByRole('button', { name: 'Deactivate Sophie Tremblay' }));
    const group = within(employees).getByRole('group', { name: 'Deactivate Sophie Tremblay?' });
    await waitFor(() => expect(within(group).getByText('Deactivate Sophie Tremblay?')).toHaveFocus());
    expect(requests.some((r) => r.path.endsWith('/deactivate'))).toBe(false);

    fireEvent.click(within(group).getByRole('button', { name: en.ClinicTeam.employees.confirm }));
    const heading = await within(employees).findByRole('heading', { name: 'Sophie Tremblay still has 2 booked appointments' });
    await waitFor(() => expect(heading).toHaveFocus());
    // 9:00 in Ottawa (the clinic's zone), whatever the provider's zone.
    expect(within(employees).getByText(/Dec 1, 2026.*9:00/)).toBeInTheDocument();
    expect(within(employees).getByRole('link', { name: 'Alex Martin' })).toHaveAttribute('href', '/profile/patients/42');
    expect(within(employees).getByText(/Gaël Invité \(guest\)/)).toBeInTheDocument();
    expect(within(employees).getByRole('link', { name: en.ClinicTeam.blocked.agenda })).toHaveAttribute('href', '/profile/agenda');
  });

  it('announces a deactivation and reloads the list', async () => {
    renderAs(admin);
    const employees = await screen.findByRole('region', { name: en.ClinicTeam.employees.heading }, { timeout: 5000 });
    fireEvent.click(within(employees).getByRole('button', { name: 'Deactivate Sophie Tremblay' }));
    roster = { ...roster, employees: roster.employees.map((e) => (e.id === 3 ? { ...e, is_active: false } : e)) };
    fireEvent.click(within(employees).getByRole('button', { name: en.ClinicTeam.employees.confirm }));
    expect(await within(employees).findByText('Sophie Tremblay is deactivated.')).toBeInTheDocument();
    expect(await within(employees).findByRole('button', { name: 'Reactivate Sophie Tremblay' })).toBeInTheDocument();
  });

  it('shows each College registration number, and edits one in place', async () => {
    renderAs(admin);
    const employees = await screen.findByRole('region', { name: en.ClinicTeam.employees.heading }, { timeout: 5000 });
    const claire = within(employees).getByRole('heading', { name: 'Claire Bouchard (you)' }).closest('li')!;
    const sophie = within(employees).getByRole('heading', { name: 'Sophie Tremblay' }).closest('li')!;
    expect(within(claire).getByText('College registration number').nextElementSibling).toHaveTextContent('RD-10234');
    expect(within(sophie).getByText('College registration number').nextElementSibling).toHaveTextContent('Not entered');

    fireEvent.click(within(sophie).getByRole('button', { name: 'Edit the registration number of Sophie Tremblay' }));
    const field = within(sophie).getByRole('textbox', { name: 'College registration number' });
    await waitFor(() => expect(field).toHaveFocus());
    fireEvent.change(field, { target: { value: 'R#1' } });
    fireEvent.click(within(sophie).getByRole('button', { name: 'Save' }));
    expect(await within(sophie).findByText(en.ClinicTeam.employees.registrationInvalid)).toBeInTheDocument();
    expect(requests.some((r) => r.path.endsWith('/registration'))).toBe(false);

    fireEvent.change(field, { target: { value: ' rd-5678 ' } });
    fireEvent.click(within(sophie).getByRole('button', { name: 'Save' }));
    expect(await within(employees).findByText('Sophie Tremblay’s registration number is saved.')).toBeInTheDocument();
    const sent = requests.find((r) => r.path === '/api/clinic/employees/3/registration');
    expect(sent?.method).toBe('PUT');
    expect(JSON.parse(sent!.body)).toEqual({ registration_number: 'RD-5678' });
    await waitFor(() => expect(within(sophie).getByText('College registration number').nextElementSibling).toHaveTextContent('RD-5678'));
    await waitFor(() => expect(within(sophie).getByRole('button', { name: 'Edit the registration number of Sophie Tremblay' })).toHaveFocus());
  });

  it('shows the server’s objection to a registration number at the field, in French', async () => {
    renderAs(admin, 'fr');
    const employees = await screen.findByRole('region', { name: fr.ClinicTeam.employees.heading }, { timeout: 5000 });
    const sophie = within(employees).getByRole('heading', { name: 'Sophie Tremblay' }).closest('li')!;
    expect(within(sophie).getByText('Numéro d’inscription à l’Ordre').nextElementSibling).toHaveTextContent('Non saisi');
    fireEvent.click(within(sophie).getByRole('button', { name: 'Modifier le numéro d’inscription de Sophie Tremblay' }));
    const field = within(sophie).getByRole('textbox', { name: 'Numéro d’inscription à l’Ordre' });
    fireEvent.change(field, { target: { value: 'taken-1' } });
    fireEvent.click(within(sophie).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(sophie).findByText('Another employee already has this number.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(within(sophie).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(within(sophie).getByRole('button', { name: 'Modifier le numéro d’inscription de Sophie Tremblay' })).toHaveFocus());
  });
});
