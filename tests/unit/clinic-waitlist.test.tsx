// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StaffOnly } from '@/components/clinic/patients/StaffOnly';
import { Waitlist } from '@/components/clinic/waitlist/Waitlist';
import type { User } from '@/lib/api/auth';
import type { AppointmentOptions } from '@/lib/schemas/bookingSlots';
import type { ClinicWaitlistEntry } from '@/lib/schemas/waitlist';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { sendJson as send, serveApi } from '@/tests/support/apiServer';
import { renderWithStores, storesFor, type Locale } from '@/tests/support/renderWithStores';
import { clinicEmployee } from '@/tests/support/users';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/profile/waitlist',
  useParams: () => ({}),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

/* A real HTTP server on 127.0.0.1 answering with the clinic waitlist API's shapes; the page goes
   through the app's own axios client (lib/api/client.ts), pointed at it. */

const requests: Array<{ method: string; url: string; body: string }> = [];
let entries: ClinicWaitlistEntry[] = [];
let slots: AppointmentOptions = {};
/** The next offer's answer instead of a 201. */
let offerRefusal: { status: number; code: string; message: string } | null = null;

/** Hélène waits for any dietitian at Centretown; Olivier, a guest, for Sophie, online. */
const helene: ClinicWaitlistEntry = {
  id: 4,
  created_at: '2026-11-02T15:00:00Z',
  person: { name: 'Hélène Côté', email: 'helene@example.ca', phone: '16135550177', kind: 'patient', patient_id: 12 },
  session_language: 'fr',
  service: { id: 3, name: 'Follow-up' },
  office: { id: 1, name: 'Centretown', is_virtual: false },
  dietitian: null,
  from_date: '2026-11-30',
  to_date: '2026-12-11',
  times_of_day: ['morning', 'afternoon'],
  weekdays: [1, 2, 3],
  open_offer: null,
};
const olivier: ClinicWaitlistEntry = {
  id: 5,
  created_at: '2026-11-05T15:00:00Z',
  person: { name: 'Olivier Gagné', email: 'olivier@example.com', phone: null, kind: 'guest', patient_id: null },
  session_language: 'en',
  service: { id: 2, name: 'Individual consultation' },
  office: { id: 9, name: 'Online', is_virtual: true },
  dietitian: { id: 3, name: 'Sophie Tremblay' },
  from_date: '2026-12-01',
  to_date: '2026-12-01',
  times_of_day: ['morning', 'afternoon', 'evening'],
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  // 9:00 to 9:45 in Ottawa, offered until 11:00 the same day.
  open_offer: { start: '2026-12-01T14:00:00Z', end: '2026-12-01T14:45:00Z', expires_at: '2026-12-01T16:00:00Z', dietitian_name: 'Sophie Tremblay' },
};

serveApi((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    requests.push({ method, url: url.pathname + url.search, body });
    if (url.pathname === '/api/services/all') {
      return send(req, res, 200, [
        { id: 2, translated_name: 'Individual consultation', is_active: true },
        { id: 3, translated_name: 'Follow-up', is_active: true },
        { id: 6, translated_name: 'Grocery store tour', is_active: true },
      ]);
    }
    if (url.pathname === '/api/clinic/waitlist') {
      const service = url.searchParams.get('service_id');
      const list = service ? entries.filter((entry) => entry.service.id === Number(service)) : entries;
      return send(req, res, 200, { entries: list });
    }
    const match = /^\/api\/clinic\/waitlist\/(\d+)(\/slots|\/offers)?$/.exec(url.pathname);
    const entry = match ? entries.find((e) => e.id === Number(match[1])) : undefined;
    if (!entry) return send(req, res, 404, { code: 'waitlist_entry_not_found', messages: [{ message: 'This waitlist entry no longer exists. Reload the list.', type: 'error' }] });
    if (method === 'DELETE') {
      entries = entries.filter((e) => e !== entry);
      return send(req, res, 200, { removed: true, messages: [{ message: 'The entry was removed from the waitlist.', type: 'success' }] });
    }
    if (match?.[2] === '/slots') return send(req, res, 200, { appointment_options: slots });
    if (offerRefusal) {
      const refusal = offerRefusal;
      offerRefusal = null;
      return send(req, res, refusal.status, { code: refusal.code, messages: [{ message: refusal.message, type: 'error' }] });
    }
    const { start } = JSON.parse(body) as { start: string };
    const offer = { start, end: new Date(Date.parse(start) + 45 * 60_000).toISOString(), expires_at: '2026-11-30T20:00:00Z' };
    entries = entries.map((e) => (e === entry ? { ...e, open_offer: { ...offer, dietitian_name: 'Claire Bouchard' } } : e));
    send(req, res, 201, { offer, messages: [{ message: 'The time was offered by e-mail.', type: 'success' }] });
  });
});

beforeEach(() => {
  requests.length = 0;
  entries = [helene, olivier];
  slots = {
    '2026-12-01': [
      { start: '2026-12-01T14:00:00Z', end: '2026-12-01T14:45:00Z', recommended_employee: { id: 2, name: 'Claire Bouchard' } },
      { start: '2026-12-01T19:00:00Z', end: '2026-12-01T19:45:00Z', recommended_employee: { id: 2, name: 'Claire Bouchard' } },
    ],
    '2026-12-02': [{ start: '2026-12-02T15:00:00Z', end: '2026-12-02T15:45:00Z', recommended_employee: { id: 3, name: 'Sophie Tremblay' } }],
  };
  offerRefusal = null;
});

const employee = clinicEmployee;
const patient: User = { ...employee, id: 9, is_employee: false, is_patient: true, employee_data: null };

async function renderWaitlist({ locale = 'en', user = employee }: { locale?: Locale; user?: User } = {}) {
  const stores = storesFor(user);
  await stores.auth.getState().validate();
  renderWithStores(
    <StaffOnly>
      <Waitlist />
    </StaffOnly>,
    stores,
    { locale },
  );
}

const waitlistCalls = () => requests.filter((r) => r.url.startsWith('/api/clinic/waitlist') && r.method === 'GET').map((r) => r.url);

describe('the clinic waitlist', () => {
  it('lists who waits for what, where, with whom and when, and the time offered', async () => {
    await renderWaitlist();
    const first = await screen.findByRole('article', { name: 'Hélène Côté' });
    expect(screen.getAllByRole('status').some((s) => s.textContent === '2 people waiting')).toBe(true);
    expect(within(first).getByRole('link', { name: 'helene@example.ca' })).toHaveAttribute('href', 'mailto:helene@example.ca');
    expect(within(first).getByRole('link', { name: '+1 (613) 555-0177' })).toHaveAttribute('href', 'tel:+16135550177');
    expect(within(first).getByRole('link', { name: en.ClinicWaitlist.patientRecord })).toHaveAttribute('href', '/profile/patients/12');
    expect(first).toHaveTextContent('French');
    expect(first).toHaveTextContent('Follow-up');
    expect(first).toHaveTextContent('Centretown');
    expect(first).toHaveTextContent(en.ClinicWaitlist.anyDietitian);
    expect(first).toHaveTextContent(/November 30\s–\sDecember 11, 2026/);
    expect(first).toHaveTextContent('Morning and Afternoon');
    expect(first).toHaveTextContent('Monday, Tuesday, and Wednesday');
    expect(first).toHaveTextContent('November 2, 2026');
    expect(within(first).queryByText(/^Offered:/)).toBeNull();

    const second = screen.getByRole('article', { name: 'Olivier Gagné' });
    expect(second).toHaveTextContent(en.ClinicWaitlist.guest);
    expect(second).toHaveTextContent('Virtual');
    expect(second).toHaveTextContent('Sophie Tremblay');
    expect(second).toHaveTextContent('December 1, 2026');
    expect(second).toHaveTextContent(en.ClinicWaitlist.anyTime);
    expect(second).toHaveTextContent(en.ClinicWaitlist.everyDay);
    expect(within(second).getByText(/^Offered:/)).toHaveTextContent(/^Offered: Tue, Dec 1, 9:00\sa\.m\. with Sophie Tremblay, until 11:00\sa\.m\.$/);
    expect(within(second).queryByRole('link', { name: /\+1/ })).toBeNull();
  });

  it('asks again with each filter, offering every option met and the clinic’s services', async () => {
    await renderWaitlist();
    await screen.findByRole('article', { name: 'Hélène Côté' });
    expect(waitlistCalls()).toEqual(['/api/clinic/waitlist']);

    const service = screen.getByRole('combobox', { name: en.ClinicWaitlist.filters.service });
    await waitFor(() => expect(within(service).getByRole('option', { name: 'Grocery store tour' })).toBeInTheDocument());
    fireEvent.change(service, { target: { value: '3' } });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Olivier Gagné' })).toBeNull());
    expect(waitlistCalls().at(-1)).toBe('/api/clinic/waitlist?service_id=3');

    // The other filters still offer what the first answer held.
    const dietitian = screen.getByRole('combobox', { name: en.ClinicWaitlist.filters.dietitian });
    expect(within(dietitian).getByRole('option', { name: 'Sophie Tremblay' })).toBeInTheDocument();
    const office = screen.getByRole('combobox', { name: en.ClinicWaitlist.filters.office });
    expect(within(office).getAllByRole('option').map((o) => o.textContent)).toEqual([en.ClinicWaitlist.filters.allOffices, 'Centretown', 'Virtual']);

    fireEvent.change(office, { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText(en.ClinicWaitlist.filters.date), { target: { value: '2026-12-01' } });
    await waitFor(() => expect(waitlistCalls().at(-1)).toBe('/api/clinic/waitlist?service_id=3&office_id=9&date=2026-12-01'));

    fireEvent.change(service, { target: { value: '6' } });
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === en.ClinicWaitlist.noMatch)).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: en.ClinicWaitlist.filters.clear }));
    await screen.findByRole('article', { name: 'Olivier Gagné' });
    expect(waitlistCalls().at(-1)).toBe('/api/clinic/waitlist');
  });

  it('removes an entry only once confirmed, then moves on to the next person', async () => {
    await renderWaitlist();
    const card = await screen.findByRole('article', { name: 'Hélène Côté' });
    fireEvent.click(within(card).getByRole('button', { name: 'Remove Hélène Côté' }));
    const question = within(card).getByRole('group', { name: 'Remove Hélène Côté from the waitlist?' });

    fireEvent.click(within(question).getByRole('button', { name: en.ClinicWaitlist.keep }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Remove Hélène Côté' })).toHaveFocus());

    fireEvent.click(within(card).getByRole('button', { name: 'Remove Hélène Côté' }));
    fireEvent.click(within(card).getByRole('button', { name: en.ClinicWaitlist.removeConfirm }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Hélène Côté' })).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/clinic/waitlist/4']);
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'The entry was removed from the waitlist.')).toBe(true);
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Olivier Gagné' })).toHaveFocus());
    expect(screen.getAllByRole('status').some((s) => s.textContent === '1 person waiting')).toBe(true);
  });

  it('offers a chosen free time and shows the offer once the list comes back', async () => {
    await renderWaitlist();
    const card = await screen.findByRole('article', { name: 'Hélène Côté' });
    const open = within(card).getByRole('button', { name: 'Offer a time to Hélène Côté' });
    fireEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const panel = within(card).getByRole('region', { name: 'Offer a time to Hélène Côté' });
    await waitFor(() => expect(requests.map((r) => r.url)).toContain('/api/clinic/waitlist/4/slots'));

    const offer = within(panel).getByRole('button', { name: en.ClinicWaitlist.offer.submit });
    expect(offer).toBeDisabled();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Tuesday, December 1, 2026, times available' }));
    expect(within(panel).getByRole('heading', { name: 'Free times on Tuesday, December 1, 2026' })).toBeInTheDocument();

    // A refusal is shown in the panel, which asks for the free times again.
    offerRefusal = { status: 409, code: 'slot_unavailable', message: 'This time was just taken. Please choose another.' };
    fireEvent.click(within(panel).getByRole('button', { name: /^2:00\sp\.m\. to 2:45\sp\.m\./ }));
    fireEvent.click(offer);
    expect(await within(panel).findByRole('alert')).toHaveTextContent('This time was just taken. Please choose another.');
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/clinic/waitlist/4/slots')).toHaveLength(2));

    fireEvent.click(within(panel).getByRole('button', { name: /^9:00\sa\.m\. to 9:45\sa\.m\./ }));
    expect(within(panel).getByRole('button', { name: /^9:00\sa\.m\. to 9:45\sa\.m\./ })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(offer);
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'The time was offered by e-mail.')).toBe(true));
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.url)).toEqual(['/api/clinic/waitlist/4/offers', '/api/clinic/waitlist/4/offers']);
    expect(JSON.parse(posts[1]!.body)).toEqual({ start: '2026-12-01T14:00:00Z' });

    expect(within(card).queryByRole('region')).toBeNull();
    await waitFor(() => expect(within(card).getByText(/^Offered:/)).toHaveTextContent(/^Offered: Tue, Dec 1, 9:00\sa\.m\. with Claire Bouchard, until Mon, Nov 30, 3:00\sp\.m\.$/));
    expect(waitlistCalls().filter((url) => url === '/api/clinic/waitlist')).toHaveLength(2);
  });

  it('speaks French', async () => {
    entries = [];
    await renderWaitlist({ locale: 'fr' });
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === fr.ClinicWaitlist.empty)).toBe(true));
    expect(screen.getByRole('heading', { level: 2, name: 'Personnes en attente' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Filtrer la liste' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Diététiste' })).toHaveDisplayValue('Toutes les diététistes');

    entries = [olivier];
    fireEvent.change(screen.getByLabelText('Disponible le'), { target: { value: '2026-12-01' } });
    const card = await screen.findByRole('article', { name: 'Olivier Gagné' });
    expect(card).toHaveTextContent('Personne invitée (sans compte)');
    expect(card).toHaveTextContent('Virtuel');
    expect(card).toHaveTextContent('1er décembre 2026');
    expect(card).toHaveTextContent('N’importe quel jour de la semaine');
    expect(within(card).getByText(/^Offert :/)).toHaveTextContent(/^Offert : mar\. 1er déc\., 9(:|\sh\s)00 avec Sophie Tremblay, jusqu’à 11(:|\sh\s)00$/);
    expect(within(card).getByRole('button', { name: 'Offrir une plage à Olivier Gagné' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Retirer Olivier Gagné' })).toBeInTheDocument();
  });

  it('tells a patient it is for clinic staff, without asking the API', async () => {
    await renderWaitlist({ user: patient, locale: 'fr' });
    expect(screen.getByText(fr.ClinicPatients.staffOnly)).toBeInTheDocument();
    expect(waitlistCalls()).toEqual([]);
  });
});
