// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { getBookingStores } from '@/stores/useBookingStores';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PatientDetail } from '@/components/clinic/patients/PatientDetail';
import { PatientList } from '@/components/clinic/patients/PatientList';
import { StaffOnly } from '@/components/clinic/patients/StaffOnly';
import type { User } from '@/lib/api/auth';
import type { AppointmentSummary } from '@/lib/api/booking';
import type { ClinicPatient } from '@/lib/api/clinicPatients';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { sendJson as send, serveApi } from '@/tests/support/apiServer';
import { renderWithStores, storesFor, type Locale } from '@/tests/support/renderWithStores';
import { clinicEmployee } from '@/tests/support/users';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/profile/patients',
  useParams: () => ({}),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

/* A real HTTP server on 127.0.0.1 answering with the clinic API's shapes; the components go
   through the app's own axios client (lib/api/client.ts), pointed at it. */

const requests: string[] = [];
const records = new Map<string, ClinicPatient>();
/** Status codes the next detail request answers with instead of a record. */
let detailStatus: number | null = null;

serveApi((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  requests.push(url.pathname + url.search);
  if (url.pathname === '/api/clinic/patients') {
    const search = url.searchParams.get('search') ?? '';
    const rows = search === 'nobody' ? [] : [{ id: 12, name: 'Hélène Côté', email: 'helene@example.ca', phone: '16135550177', preferred_dietitian: 'Claire Bouchard', next_appointment: '2026-12-07T15:00:00Z' }];
    return send(req, res, 200, { results: rows, count: rows.length, page: 1, page_size: 20 });
  }
  if (detailStatus) return send(req, res, detailStatus, { code: 'refused', messages: [{ message: 'No.', type: 'error' }] });
  const record = records.get(url.pathname.replace('/api/clinic/patients/', ''));
  if (record) return send(req, res, 200, record);
  send(req, res, 404, { code: 'not_found', messages: [{ message: 'Not found.', type: 'error' }] });
});

beforeEach(() => {
  requests.length = 0;
  records.clear();
  detailStatus = null;
});

const employee = clinicEmployee;
const patient: User = { ...employee, id: 9, is_employee: false, is_patient: true, employee_data: null };

async function renderIn(ui: ReactNode, { locale = 'en', user = employee }: { locale?: Locale; user?: User } = {}) {
  const stores = storesFor(user);
  await stores.auth.getState().validate();
  renderWithStores(ui, stores, { locale });
  return stores;
}

function visit(id: number, status: string, start: string, changeable: boolean): AppointmentSummary {
  return {
    id,
    start,
    end: new Date(Date.parse(start) + 20 * 60_000).toISOString(),
    status,
    session_language: 'fr',
    service: { id: 3, translated_name: 'Follow-up' },
    office: { id: 1, name: 'Centretown', is_virtual: false },
    join_url: null,
    dietitian: { id: 2, name: 'Claire Bouchard' },
    patient: { id: 12, name: 'Hélène Côté' },
    reasons: [{ id: 5, translated_name: 'Weight management' }],
    message: null,
    can_cancel: changeable,
    can_reschedule: changeable,
  };
}

const upcoming = visit(40, 'booked', '2026-12-07T15:00:00Z', true);
const record: ClinicPatient = {
  id: 12,
  first_name: 'Hélène',
  last_name: 'Côté',
  full_name: 'Hélène Côté',
  email: 'helene@example.ca',
  phone: '16135550177',
  preferred_language: 'fr',
  address: {
    street_number: '12',
    street_name: 'Rue Principale',
    unit_number: '4',
    city: 'Gatineau',
    province: { code: 'QC', name: 'Quebec' },
    country: { code: 'CA', label: 'Canada' },
    postal_code: 'J8X1A1',
  },
  preferred_dietitian: { id: 2, name: 'Claire Bouchard' },
  created_at: '2026-03-01T12:00:00Z',
  appointments: [
    upcoming,
    visit(31, 'no_show', '2026-10-07T15:00:00Z', false),
    visit(30, 'completed', '2026-09-07T15:00:00Z', false),
    visit(29, 'cancelled', '2026-08-07T15:00:00Z', false),
  ],
  statistics: {
    today_appointments: 0,
    preferred_patients: 0,
    weekly_appointments: 0,
    monthly_appointments: 0,
    completed_appointments: 1,
    total_appointments: 3,
    upcoming_count: 1,
    average_gap_days: 30,
    longest_gap_days: 30,
    consistency_score: 100,
    next_appointment: upcoming,
  },
  intake_forms: [{ id: '3f6c1a9e-8b2d-4e7f-9a10-5c4d3b2a1f00', submitted_at: '2026-03-02T12:00:00Z' }],
};

describe('the patient list', () => {
  it('lists the patients with links to their records, and searches', async () => {
    await renderIn(<PatientList />);
    const link = await screen.findByRole('link', { name: 'Hélène Côté' });
    expect(link).toHaveAttribute('href', '/profile/patients/12');
    const item = link.closest('li')!;
    expect(item).toHaveTextContent('+1 (613) 555-0177');
    expect(item).toHaveTextContent('Claire Bouchard');

    fireEvent.change(screen.getByRole('searchbox', { name: en.ClinicPatients.list.searchLabel }), { target: { value: ' nobody ' } });
    fireEvent.click(screen.getByRole('button', { name: en.ClinicPatients.list.search }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No patient matches “nobody”.'));
    expect(requests).toContain('/api/clinic/patients?search=nobody');
    expect(screen.queryByRole('link', { name: 'Hélène Côté' })).toBeNull();
  });

  it('tells a patient the page is for clinic staff, without asking the server', async () => {
    await renderIn(
      <StaffOnly>
        <PatientList />
      </StaffOnly>,
      { locale: 'fr', user: patient },
    );
    expect(screen.getByText(fr.ClinicPatients.staffOnly)).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});

describe('the patient record', () => {
  it('shows the contact details, the upcoming visit with its actions, the history and the intake forms', async () => {
    records.set('12', record);
    const stores = await renderIn(<PatientDetail id="12" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Hélène Côté' })).toBeInTheDocument();
    const t = en.ClinicPatients.detail;

    const contact = screen.getByRole('region', { name: t.contactHeading });
    expect(within(contact).getByRole('link', { name: 'helene@example.ca' })).toHaveAttribute('href', 'mailto:helene@example.ca');
    expect(contact).toHaveTextContent('4-12 Rue Principale');
    expect(contact).toHaveTextContent('Gatineau (Quebec) J8X-1A1');
    expect(contact).toHaveTextContent('French');

    const next = screen.getByRole('region', { name: t.upcomingHeading });
    const card = within(next).getByRole('article');
    expect(within(card).getByRole('button', { name: en.Appointments.reschedule })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: en.Appointments.cancel })).toBeInTheDocument();

    const history = screen.getByRole('region', { name: t.historyHeading });
    const items = within(history).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/No-show|Completed|Booked|Cancelled/).textContent)).toEqual(['No-show', 'Completed', 'Cancelled']);
    // Each visit not cancelled has its payments and receipts, closed until asked for.
    expect(items.map((item) => within(item).queryByRole('button', { name: /^Payments and receipts for/ }) !== null)).toEqual([true, true, false]);
    expect(within(items[0]!).getByRole('button', { name: /^Payments and receipts for/ })).toHaveAttribute('aria-expanded', 'false');
    expect(within(next).getByRole('button', { name: /^Payments and receipts for Monday, December 7, 2026/ })).toBeInTheDocument();
    expect(requests.some((path) => path.includes('/payments'))).toBe(false);

    const form = screen.getByRole('link', { name: /^Form sent on/ });
    expect(form).toHaveAttribute('href', '/profile/intake-forms/3f6c1a9e-8b2d-4e7f-9a10-5c4d3b2a1f00');

    // Booking for the patient starts afresh: a reschedule left in the store is dropped.
    getBookingStores(stores).bookingAppointment.getState().startReschedule(upcoming);
    const book = screen.getByRole('link', { name: t.book });
    expect(book).toHaveAttribute('href', '/book-online?patient=12');
    fireEvent.click(book);
    expect(getBookingStores(stores).bookingAppointment.getState().rescheduling).toBeNull();
  });

  it('says so for an unknown patient', async () => {
    await renderIn(<PatientDetail id="999" />, { locale: 'fr' });
    expect(await screen.findByText(fr.ClinicPatients.detail.notFound)).toBeInTheDocument();
  });

  it('shows the staff notice when the server refuses the reader', async () => {
    detailStatus = 403;
    await renderIn(<PatientDetail id="12" />);
    expect(await screen.findByText(en.ClinicPatients.staffOnly)).toBeInTheDocument();
  });
});
