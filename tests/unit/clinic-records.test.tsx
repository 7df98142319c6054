// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RecordsRequests } from '@/components/clinic/records/RecordsRequests';
import type { User } from '@/lib/api/auth';
import { localDateOf } from '@/lib/format/dates';
import type { RecordsRequestView } from '@/lib/schemas/recordsRequests';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { sendJson as send, serveApi } from '@/tests/support/apiServer';
import { renderWithStores, storesFor } from '@/tests/support/renderWithStores';
import { clinicEmployee } from '@/tests/support/users';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/profile/records-requests',
  useParams: () => ({}),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

/* A real HTTP server answering with the records requests API's shapes; the page goes through the app's axios client. */

const requests: Array<{ method: string; path: string; search: string; body: string }> = [];
let listed: RecordsRequestView[] = [];
let recordAnswer: { status: number; body: unknown } = { status: 201, body: {} };

serveApi((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? 'GET', path: url.pathname, search: url.search, body });
    if (url.pathname === '/api/clinic/records-requests' && req.method === 'GET') return send(req, res, 200, { requests: listed });
    if (url.pathname === '/api/clinic/records-requests' && req.method === 'POST') return send(req, res, recordAnswer.status, recordAnswer.body);
    if (url.pathname === '/api/clinic/records-requests/people') {
      return send(req, res, 200, { patients: [{ id: 42, name: 'Gisèle Ancienne', email: 'gisele@example.ca', closed: true }] });
    }
    if (url.pathname.startsWith('/api/clinic/records-requests/') && req.method === 'PATCH') {
      return send(req, res, 200, { request: listed[0], messages: [{ message: 'The request is marked refused.', type: 'success' }] });
    }
    send(req, res, 404, { code: 'not_found', messages: [{ message: 'Not found.', type: 'error' }] });
  });
});

const overdue: RecordsRequestView = {
  id: '6f1c7a7e-3b1d-4c7e-9a55-2b0d1f3e4a10',
  kind: 'correction',
  person: { kind: 'patient', patient_id: 42, name: 'Gisèle Ancienne', email: 'gisele@example.ca', closed: true },
  received_on: '2026-10-27',
  due_on: '2026-11-26',
  days_left: -2,
  status: 'open',
  outcome: null,
  details: 'Allergie notée par erreur.',
  created_by: 'Claire Bouchard',
  handled_by: null,
  handled_at: null,
};
const soon: RecordsRequestView = {
  ...overdue,
  id: '0b7c2d61-5c38-4a8e-8d2f-7e6a1b9c3d20',
  kind: 'access',
  person: { kind: 'guest', email: 'guest@example.ca' },
  received_on: '2026-10-30',
  due_on: '2026-11-29',
  days_left: 3,
  details: null,
};
const done: RecordsRequestView = {
  ...soon,
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  status: 'completed',
  days_left: null,
  outcome: 'Copie remise.',
  handled_by: 'Claire Bouchard',
  handled_at: '2026-11-20T15:00:00Z',
};

beforeEach(() => {
  requests.length = 0;
  listed = [overdue, soon, done];
  recordAnswer = { status: 201, body: { request: soon, messages: [{ message: 'Request recorded. It is due on December 26, 2026.', type: 'success' }] } };
});

const admin: User = { ...clinicEmployee, employee_data: { is_admin: true } };

function renderAs(user: User, locale: 'en' | 'fr' = 'en') {
  const stores = storesFor(user);
  stores.user.getState().setProfile(user);
  return renderWithStores(<RecordsRequests />, stores, { locale });
}

describe('records requests page', () => {
  it('explains itself to a patient and to an employee who is not an administrator, without asking the API', () => {
    const { unmount } = renderAs({ ...admin, is_employee: false, is_patient: true, employee_data: null });
    expect(screen.getByText(en.RecordsRequests.staffOnly)).toBeInTheDocument();
    unmount();
    renderAs({ ...admin, employee_data: { is_admin: false } }, 'fr');
    expect(screen.getByText(fr.RecordsRequests.adminsOnly)).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('lists the requests in a captioned table with their due dates, days left or overdue, and a download link', async () => {
    renderAs(admin);
    const table = await screen.findByRole('table', { name: en.RecordsRequests.list.caption }, { timeout: 5000 });
    expect(requests[0]).toMatchObject({ path: '/api/clinic/records-requests', search: '?status=all' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Person', 'Kind', 'Received', 'Due', 'Status', 'Handled by', 'Actions']);
    const gisele = within(table).getByRole('rowheader', { name: /Gisèle Ancienne/ }).closest('tr')!;
    expect(gisele).toHaveTextContent('closed account');
    expect(gisele).toHaveTextContent('November 26, 2026');
    expect(gisele).toHaveTextContent('overdue by 2 days');
    const link = within(gisele).getByRole('link', { name: /Download their data/ });
    expect(link).toHaveAttribute('href', '/api/clinic/data-export?patient_id=42');
    expect(link).toHaveAttribute('download');
    const guest = within(table).getAllByRole('rowheader', { name: /guest@example\.ca/ })[0]!.closest('tr')!;
    expect(guest).toHaveTextContent('3 days left');
    expect(within(guest).getByRole('link', { name: /Download their data/ })).toHaveAttribute('href', '/api/clinic/data-export?email=guest%40example.ca');
    const handled = within(table).getAllByRole('row').find((row) => row.textContent?.includes('Completed'))!;
    expect(handled).toHaveTextContent('Claire Bouchard');
  });

  it('says it in French: « en retard de 2 jours », dates as « 26 novembre 2026 »', async () => {
    renderAs(admin, 'fr');
    const table = await screen.findByRole('table', { name: fr.RecordsRequests.list.caption }, { timeout: 5000 });
    const gisele = within(table).getByRole('rowheader', { name: /Gisèle Ancienne/ }).closest('tr')!;
    expect(gisele).toHaveTextContent('26 novembre 2026');
    expect(gisele).toHaveTextContent('en retard de 2 jours');
    expect(within(gisele).getByRole('link', { name: /Télécharger ses données/ })).toBeInTheDocument();
    expect(within(table).getAllByRole('rowheader', { name: /guest@example\.ca/ })[0]!.closest('tr')).toHaveTextContent('3 jours restants');
  });

  it('records a correction for a patient found by the search, and wants what it asks first', async () => {
    renderAs(admin);
    await screen.findByRole('table', {}, { timeout: 5000 });
    const form = screen.getByRole('region', { name: en.RecordsRequests.new.heading });
    fireEvent.click(within(form).getByLabelText(en.RecordsRequests.new.kinds.correction));
    expect(within(form).getByLabelText(en.RecordsRequests.new.receivedOn)).toHaveValue(localDateOf(new Date()));

    fireEvent.change(within(form).getByRole('searchbox', { name: en.RecordsRequests.new.search }), { target: { value: 'gisele' } });
    fireEvent.click(within(form).getByRole('button', { name: en.RecordsRequests.new.searchButton }));
    fireEvent.click(await within(form).findByRole('button', { name: /Gisèle Ancienne/ }));
    const chosen = within(form).getByText(/Patient: Gisèle Ancienne \(gisele@example\.ca\) · closed account/);
    await waitFor(() => expect(chosen).toHaveFocus());

    fireEvent.click(within(form).getByRole('button', { name: en.RecordsRequests.new.submit }));
    const details = within(form).getByRole('textbox', { name: en.RecordsRequests.new.detailsCorrection });
    expect(await within(form).findByText(en.Validation.recordsDetailsRequired)).toBeInTheDocument();
    expect(details).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(details, { target: { value: 'Allergie notée par erreur.' } });
    fireEvent.click(within(form).getByRole('button', { name: en.RecordsRequests.new.submit }));
    expect(await screen.findByText('Request recorded. It is due on December 26, 2026.')).toBeInTheDocument();
    const sent = requests.find((r) => r.method === 'POST');
    expect(JSON.parse(sent!.body)).toEqual({ kind: 'correction', patient_id: 42, received_on: localDateOf(new Date()), details: 'Allergie notée par erreur.' });
  });

  it("shows the server's field error at its field, in French", async () => {
    recordAnswer = {
      status: 400,
      body: {
        code: 'validation_error',
        messages: [{ message: 'Vérifiez les champs indiqués.', type: 'error' }],
        field_errors: { received_on: ['La date de réception ne peut pas être dans le futur.'] },
      },
    };
    renderAs(admin, 'fr');
    await screen.findByRole('table', {}, { timeout: 5000 });
    const form = screen.getByRole('region', { name: fr.RecordsRequests.new.heading });
    fireEvent.click(within(form).getByLabelText(fr.RecordsRequests.new.whoOptions.guest));
    fireEvent.change(within(form).getByLabelText(fr.RecordsRequests.new.guestEmail), { target: { value: 'invite@example.ca' } });
    fireEvent.click(within(form).getByRole('button', { name: fr.RecordsRequests.new.submit }));
    const date = within(form).getByLabelText(fr.RecordsRequests.new.receivedOn);
    await waitFor(() => expect(date).toHaveAccessibleDescription(/La date de réception ne peut pas être dans le futur\./));
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body)).toMatchObject({ kind: 'access', guest_email: 'invite@example.ca' });
  });

  it('refuses an open request only with its reason', async () => {
    renderAs(admin);
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    const toggle = within(table).getByRole('button', { name: /Complete or refuse \(Gisèle Ancienne\)/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const handleForm = within(table).getByRole('form', { name: 'Complete or refuse the request of Gisèle Ancienne' });
    expect(within(table).getByText('Allergie notée par erreur.')).toBeInTheDocument();
    fireEvent.click(within(handleForm).getByLabelText(en.RecordsRequests.handle.statuses.refused));
    fireEvent.click(within(handleForm).getByRole('button', { name: en.RecordsRequests.handle.submit }));
    expect(await within(handleForm).findByText(en.Validation.recordsOutcomeRequired)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    fireEvent.change(within(handleForm).getByRole('textbox', { name: en.RecordsRequests.handle.outcome }), { target: { value: 'Le dossier est exact.' } });
    fireEvent.click(within(handleForm).getByRole('button', { name: en.RecordsRequests.handle.submit }));
    expect(await screen.findByText('The request is marked refused.')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect(patch.path).toBe(`/api/clinic/records-requests/${overdue.id}`);
    expect(JSON.parse(patch.body)).toEqual({ status: 'refused', outcome: 'Le dossier est exact.' });
  });
});
