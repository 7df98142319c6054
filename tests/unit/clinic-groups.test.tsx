// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupSessions } from '@/components/clinic/groups/GroupSessions';
import { StaffOnly } from '@/components/clinic/patients/StaffOnly';
import type { GroupSessionChoices, GroupSessionView } from '@/lib/schemas/groupSessions';
import type { HandoutView } from '@/lib/schemas/handouts';
import { sendJson as send, serveApi } from '@/tests/support/apiServer';
import { renderWithStores, storesFor, type Locale } from '@/tests/support/renderWithStores';
import { clinicEmployee } from '@/tests/support/users';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/profile/group-sessions',
  useParams: () => ({}),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

/* The clinic's group sessions page (issue #28) through the app's axios client, against a real
   HTTP server answering with the API's shapes. */

const requests: Array<{ method: string; url: string; body: string }> = [];
let sessions: GroupSessionView[] = [];
let refusal: { status: number; body: Record<string, unknown> } | null = null;
const topicFiles: HandoutView[] = [{ id: 7, file_name: 'Recettes.pdf', byte_size: 40_960, scope: 'topic', created_at: '2020-11-01T12:00:00Z' }];
let sessionFiles: HandoutView[] = [];
let sent = 0;
const choices: GroupSessionChoices = {
  topics: [{ id: 1, slug: 'type-2-diabetes', title: 'Living with type 2 diabetes', description: '' }],
  dietitians: [{ id: 3, name: 'Sophie Tremblay' }],
  offices: [{ id: 1, name: 'Centretown', is_virtual: false }],
  price: { price_cents: 6000, tax: 'added' },
};
const cooking: GroupSessionView = {
  id: 11,
  topic: { id: 1, title: 'Living with type 2 diabetes' },
  series_id: 4,
  dietitian: { id: 3, name: 'Sophie Tremblay' },
  office: { id: 1, name: 'Centretown', is_virtual: false },
  start: '2026-12-08T23:00:00Z',
  end: '2026-12-09T00:30:00Z',
  session_language: 'fr',
  capacity: 10,
  seats_taken: 7,
  seats_left: 3,
  total_cents: 6780,
  status: 'scheduled',
};

serveApi((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    requests.push({ method, url: url.pathname + url.search, body });
    if (url.pathname === '/api/clinic/group-sessions/choices') return send(req, res, 200, choices);
    if (url.pathname === '/api/clinic/group-sessions' && method === 'GET') return send(req, res, 200, { sessions });
    // Handouts (issue #28 item 4).
    if (url.pathname === '/api/clinic/group-topics/1/handouts' && method === 'GET') return send(req, res, 200, { handouts: topicFiles });
    if (/^\/api\/clinic\/group-sessions\/\d+\/handouts$/.test(url.pathname) && method === 'GET') {
      return send(req, res, 200, { handouts: [...topicFiles, ...sessionFiles], sent_attendees: sent, unsent_attendees: 2 - sent });
    }
    if (url.pathname.endsWith('/handouts') && method === 'POST') {
      sessionFiles = [...sessionFiles, { id: 8, file_name: 'Plan.pdf', byte_size: 2048, scope: 'session', created_at: '2020-11-20T12:00:00Z' }];
      return send(req, res, 201, { handout: sessionFiles.at(-1), messages: [{ message: '« Plan.pdf » est joint.', type: 'success' }] });
    }
    if (url.pathname.endsWith('/handouts/send')) {
      sent = 2;
      return send(req, res, 200, { sent: 2, messages: [{ message: 'Documents envoyés à 2 participants.', type: 'success' }] });
    }
    if (refusal) return send(req, res, refusal.status, refusal.body);
    if (method === 'PATCH') {
      const { capacity } = JSON.parse(body) as { capacity: number };
      if (capacity < 7) return send(req, res, 409, { code: 'group_capacity_below_seats', messages: [{ message: '7 seats are already taken: the session cannot have fewer seats.', type: 'error' }] });
      sessions = sessions.map((one) => ({ ...one, capacity }));
      return send(req, res, 200, { sessions: 2, messages: [{ message: `The 2 meetings still ahead now have ${capacity} seats each.`, type: 'success' }] });
    }
    if (url.pathname.endsWith('/move')) {
      const { time } = JSON.parse(body) as { time: string };
      if (time === '20:00') return send(req, res, 409, { code: 'group_session_over_session', messages: [{ message: 'On Wednesday, December 10, 2036, the session would overlap another group session of the dietitian. Nothing was changed.', type: 'error' }] });
      return send(req, res, 200, { attendees: 7, messages: [{ message: 'The session is moved; its 7 attendees are told by e-mail.', type: 'success' }] });
    }
    if (url.pathname.endsWith('/cancel')) {
      sessions = sessions.map((one) => ({ ...one, status: 'cancelled' as const }));
      return send(req, res, 200, { sessions: 2, attendees: 7, messages: [{ message: 'The 2 sessions are cancelled; its 7 attendees are told by e-mail.', type: 'success' }] });
    }
    sessions = [...sessions, { ...cooking, id: 12, series_id: null, start: '2026-12-10T23:00:00Z', end: '2026-12-11T00:30:00Z', seats_taken: 0, seats_left: 10 }];
    send(req, res, 201, { sessions: sessions.slice(-1), messages: [{ message: 'The session is scheduled.', type: 'success' }] });
  });
});

beforeEach(() => {
  requests.length = 0;
  sessions = [cooking];
  refusal = null;
  sessionFiles = [];
  sent = 0;
});

const employee = clinicEmployee;

async function renderPage(locale: Locale = 'en') {
  const stores = storesFor(employee);
  await stores.auth.getState().validate();
  renderWithStores(
    <StaffOnly>
      <GroupSessions />
    </StaffOnly>,
    stores,
    { locale, timeZone: 'America/Toronto' },
  );
}

/** The list of the coming sessions (the topic's handouts are a list too). */
async function comingList(name: string = 'Coming sessions') {
  return within(await screen.findByRole('region', { name })).findByRole('list');
}

describe('the clinic’s group sessions page', () => {
  it('lists the coming sessions by date with their seats taken', async () => {
    await renderPage();
    const list = await comingList();
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('Living with type 2 diabetes · Series');
    expect(item).toHaveTextContent('7/10 seats');
    expect(item).toHaveTextContent('Sophie Tremblay · Centretown · French');
    expect(screen.getByRole('heading', { level: 3, name: 'Tuesday, December 8, 2026' })).toBeInTheDocument();
  });

  it('checks the form before sending, then schedules and announces it', async () => {
    await renderPage();
    await comingList();
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.getByLabelText('Topic')).toHaveAccessibleDescription(/./));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Dietitian'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Office'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Date of the first meeting'), { target: { value: '2026-12-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The session is scheduled.');
    const posted = JSON.parse(requests.find((r) => r.method === 'POST')!.body);
    expect(posted).toEqual({ topic_id: 1, employee_id: 3, office_id: 1, date: '2026-12-10', time: '18:00', session_language: 'en', capacity: 10, meetings: 1 });
    expect(await screen.findByRole('heading', { level: 3, name: 'Thursday, December 10, 2026' })).toBeInTheDocument();
  });

  it('a series takes the price of its whole seat, typed in dollars; what is not an amount is refused before sending', async () => {
    await renderPage('fr');
    await screen.findByRole('list');
    const price = screen.getByLabelText('Prix d’une place ($)');
    expect(price).toHaveAccessibleDescription(/Vide\u00a0: 60,00\u00a0\$ par rencontre\. La TVH s’ajoute\./);
    fireEvent.change(screen.getByLabelText('Thème'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Diététiste'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Lieu'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Date de la première rencontre'), { target: { value: '2026-12-10' } });
    fireEvent.change(screen.getByLabelText('Rencontres (hebdomadaires)'), { target: { value: '6' } });
    fireEvent.change(price, { target: { value: 'deux cents' } });
    fireEvent.click(screen.getByRole('button', { name: 'Planifier' }));
    await waitFor(() => expect(price).toHaveAccessibleDescription(/Entrez un prix de 0 à 10\u00a0000\u00a0\$/));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    fireEvent.change(price, { target: { value: '240,00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Planifier' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body)).toMatchObject({ meetings: 6, price_cents: 24000 });
  });

  it('shows the server’s refusal in French above the form', async () => {
    refusal = {
      status: 409,
      body: { code: 'group_session_over_visit', messages: [{ message: 'Le jeudi 10 décembre 2026, la rencontre chevaucherait un rendez-vous de la diététiste. Rien n’a été planifié.', type: 'error' }] },
    };
    await renderPage('fr');
    await comingList('Prochaines séances');
    expect(screen.getByText('7/10 places')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Thème'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Diététiste'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Lieu'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Date de la première rencontre'), { target: { value: '2026-12-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Planifier' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('la rencontre chevaucherait un rendez-vous');
  });

  it('changes a session’s seats, shows a refusal below the seats taken, and cancels the series after a second click', async () => {
    sessions = [{ ...cooking, start: '2036-12-09T23:00:00Z', end: '2036-12-10T00:30:00Z' }];
    await renderPage();
    const item = within(await comingList()).getByRole('listitem');
    const seats = within(item).getByLabelText('Seats');
    fireEvent.change(seats, { target: { value: '5' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Save seats' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('7 seats are already taken');
    fireEvent.change(seats, { target: { value: '60' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Save seats' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('Enter a number of seats from 1 to 50.');
    fireEvent.change(seats, { target: { value: '12' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Save seats' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The 2 meetings still ahead now have 12 seats each.');
    expect(await screen.findByText('7/12 seats')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => [r.url, JSON.parse(r.body)])).toEqual([
      ['/api/clinic/group-sessions/11', { capacity: 5 }],
      ['/api/clinic/group-sessions/11', { capacity: 12 }],
    ]);

    const again = within(within(screen.getByRole('region', { name: 'Coming sessions' })).getByRole('list')).getByRole('listitem');
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel the rest of the series' }));
    expect(within(again).getByRole('group')).toHaveTextContent('The 7 people with a seat are told by e-mail. Cancel every meeting of the series still ahead?');
    expect(requests.filter((r) => r.url.endsWith('/cancel'))).toHaveLength(0);
    fireEvent.click(within(again).getByRole('button', { name: 'Yes, cancel the series' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The 2 sessions are cancelled'));
    expect(JSON.parse(requests.find((r) => r.url.endsWith('/cancel'))!.body)).toEqual({ whole_series: true });
    await waitFor(() => expect(within(within(screen.getByRole('region', { name: 'Coming sessions' })).getByRole('list')).getByRole('listitem')).toHaveTextContent('Cancelled'));
    expect(within(within(screen.getByRole('region', { name: 'Coming sessions' })).getByRole('list')).queryByRole('button')).toBeNull();
  });

  it('moves a session: the form starts at its date, time and office, shows a refusal above its fields, and announces the move', async () => {
    sessions = [{ ...cooking, start: '2036-12-09T23:00:00Z', end: '2036-12-10T00:30:00Z' }];
    await renderPage();
    const item = within(await comingList()).getByRole('listitem');
    fireEvent.click(within(item).getByRole('button', { name: 'Move this session' }));
    const form = within(item).getByRole('form', { name: 'Move the session' });
    expect(within(form).getByLabelText('New date')).toHaveValue('2036-12-09');
    expect(within(form).getByLabelText('Time')).toHaveValue('18:00');
    expect(within(form).getByLabelText('Office')).toHaveValue('1');
    fireEvent.change(within(form).getByLabelText('New date'), { target: { value: '2036-12-10' } });
    fireEvent.change(within(form).getByLabelText('Time'), { target: { value: '20:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Move and tell the attendees' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('would overlap another group session');
    fireEvent.change(within(form).getByLabelText('Time'), { target: { value: '19:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Move and tell the attendees' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The session is moved; its 7 attendees are told by e-mail.'));
    expect(requests.filter((r) => r.url.endsWith('/move')).map((r) => JSON.parse(r.body))).toEqual([
      { date: '2036-12-10', time: '20:00', office_id: 1 },
      { date: '2036-12-10', time: '19:00', office_id: 1 },
    ]);
  });

  it('moves the focus into what opens and back to its button when it closes (keyboard and screen readers)', async () => {
    sessions = [{ ...cooking, start: '2036-12-09T23:00:00Z', end: '2036-12-10T00:30:00Z' }];
    await renderPage();
    const item = within(await comingList()).getByRole('listitem');
    fireEvent.click(within(item).getByRole('button', { name: 'Cancel this session' }));
    await waitFor(() => expect(within(item).getByText(/Cancel this session\?$/)).toHaveFocus());
    fireEvent.click(within(item).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(within(item).getByRole('button', { name: 'Cancel this session' })).toHaveFocus());
    fireEvent.click(within(item).getByRole('button', { name: 'Move this session' }));
    await waitFor(() => expect(within(item).getByLabelText('New date')).toHaveFocus());
    fireEvent.click(within(item).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(within(item).getByRole('button', { name: 'Move this session' })).toHaveFocus());
  });

  it('attaches a PDF to a session that took place and sends its handouts, saying how many were sent (in French)', async () => {
    sessions = [{ ...cooking, start: '2020-11-20T23:00:00Z', end: '2020-11-21T00:30:00Z' }];
    await renderPage('fr');
    const recent = await screen.findByRole('region', { name: 'Séances récentes' });
    const item = within(recent).getByRole('listitem');
    // A session that took place can no longer be moved or cancelled: only its handouts.
    expect(within(item).queryByRole('button', { name: 'Déplacer cette séance' })).toBeNull();
    const toggle = within(item).getByRole('button', { name: 'Documents' });
    fireEvent.click(toggle);
    await waitFor(() => expect(within(item).getByRole('heading', { name: 'Documents de cette séance' })).toHaveFocus());
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await within(item).findByText(/Recettes\.pdf/)).toHaveTextContent('Recettes.pdf (40 ko · du thème)');
    // A topic's handout is removed from the topic's list, not from a session's.
    expect(within(item).queryByRole('button', { name: 'Retirer Recettes.pdf' })).toBeNull();

    const input = within(item).getByLabelText('Fichier PDF (10 Mo au plus)');
    fireEvent.click(within(item).getByRole('button', { name: 'Joindre' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('Choisissez un fichier PDF à joindre.');
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.7 plan'], 'Plan.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(within(item).getByRole('button', { name: 'Joindre' }));
    expect(await screen.findByRole('status')).toHaveTextContent('« Plan.pdf » est joint.');
    const upload = requests.find((r) => r.method === 'POST' && r.url === '/api/clinic/group-sessions/11/handouts')!;
    expect(upload.body).toContain('filename="Plan.pdf"');
    expect(await within(item).findByRole('button', { name: 'Retirer Plan.pdf' })).toBeInTheDocument();

    expect(within(item).getByText(/2 personnes marquées présentes ne les ont pas encore reçus/)).toBeInTheDocument();
    fireEvent.click(within(item).getByRole('button', { name: 'Envoyer les documents' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Documents envoyés à 2 participants.'));
    expect(requests.filter((r) => r.url.endsWith('/handouts/send'))).toHaveLength(1);
    expect(await within(item).findByText(/Aucune personne marquée présente n’attend les documents; 2 envois jusqu’ici\./)).toBeInTheDocument();

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveFocus());
  });

  it('does not offer to send the handouts of a session still ahead', async () => {
    sessions = [{ ...cooking, start: '2036-12-09T23:00:00Z', end: '2036-12-10T00:30:00Z' }];
    await renderPage();
    const item = within(await screen.findByRole('region', { name: 'Coming sessions' })).getByRole('listitem');
    fireEvent.click(within(item).getByRole('button', { name: 'Handouts' }));
    expect(await within(item).findByText('The handouts can be sent to the attendees marked present once the session has started.')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Send handouts' })).toBeNull();
  });
});
