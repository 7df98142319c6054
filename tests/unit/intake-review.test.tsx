// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IntakeDetail } from '@/components/intake/review/IntakeDetail';
import { IntakeList } from '@/components/intake/review/IntakeList';
import { IntakeFormsLinks } from '@/components/profile/IntakeFormsLinks';
import type { User } from '@/lib/api/auth';
import type { IntakeDetail as Detail, IntakeListPage, IntakeSummary } from '@/lib/api/intakeReview';
import { intakeAnswersSchema, intakeSteps } from '@/lib/schemas/intake';
import { sendJson as send, serveApi } from '@/tests/support/apiServer';
import { completeIntakeAnswers } from '@/tests/support/intakeAnswers';
import { messages, renderWithStores, storesFor, type Locale } from '@/tests/support/renderWithStores';
import { clinicEmployee } from '@/tests/support/users';

/** The page's [locale] segment, as Next would give it (links and the router read it). */
const pageLocale = vi.hoisted(() => ({ value: 'en' as 'en' | 'fr' }));

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/profile/intake-forms',
  useParams: () => ({ locale: pageLocale.value }),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

/* A real HTTP server on 127.0.0.1 answering with the intake API's shapes; the components go
   through the app's own axios client (lib/api/client.ts), pointed at it. */

const ID = '3f6c1a9e-8b2d-4e7f-9a10-5c4d3b2a1f00';
const requests: string[] = [];
const details = new Map<string, Detail>();
let listAnswer: (url: URL) => IntakeListPage = () => ({ results: [], count: 0, page: 1, page_size: 20 });
/** The list answers 503 this many more times (the client retries a failed GET once). */
let listFailures = 0;

serveApi((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  requests.push(url.pathname + url.search);
  if (url.pathname === '/api/intake' && listFailures > 0) {
    listFailures -= 1;
    return send(req, res, 503, { code: 'unavailable', messages: [{ message: 'Try again later.', type: 'error' }] });
  }
  if (url.pathname === '/api/intake') return send(req, res, 200, listAnswer(url));
  const detail = details.get(decodeURIComponent(url.pathname.replace('/api/intake/', '')));
  if (detail) return send(req, res, 200, detail);
  send(req, res, 404, { code: 'not_found', messages: [{ message: 'Not found.', type: 'error' }] });
});

beforeEach(() => {
  requests.length = 0;
  details.clear();
  listFailures = 0;
});

const employee: User = { ...clinicEmployee, email: 'julie.roy@equilibre.example', first_name: 'Julie', last_name: 'Roy', full_name: 'Julie Roy' };
const patient: User = { ...employee, id: 9, is_employee: false, is_patient: true, employee_data: null };

/** A message by its dotted path (the intake texts are keyed by the schemas' ids). */
function msg(locale: Locale, path: string): string {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], messages[locale]);
  if (typeof value !== 'string') throw new Error(`no message ${locale} ${path}`);
  return value;
}

function renderIn(ui: ReactNode, { locale = 'en', user = employee }: { locale?: Locale; user?: User } = {}) {
  pageLocale.value = locale;
  // Strict Mode runs effects twice in development: the detail must still be read only once.
  // The provider's zone is UTC: times are right only if the components use the clinic's.
  return renderWithStores(ui, storesFor(user), { locale });
}

type Overrides = Parameters<typeof completeIntakeAnswers>[0];

function detailOf(overrides: Overrides = {}, extra: Partial<Detail> = {}): Detail {
  return {
    id: ID,
    first_name: 'Camille',
    last_name: 'Tremblay',
    email: 'camille.tremblay@example.com',
    submitted_at: '2026-11-03T15:30:00Z',
    language: 'fr',
    consent_version: '2026-11-01',
    consented_at: '2026-11-03T15:29:00Z',
    linked_to_account: true,
    answers: intakeAnswersSchema.parse(completeIntakeAnswers(overrides)),
    reasons: [
      { id: 1, name: 'Digestive health' },
      { id: 3, name: 'Weight management' },
    ],
    ...extra,
  };
}

async function showDetail(detail: Detail, options?: { locale?: Locale; user?: User }) {
  details.set(detail.id, detail);
  renderIn(<IntakeDetail id={detail.id} />, options);
  await screen.findByRole('heading', { level: 2, name: `${detail.first_name} ${detail.last_name}` });
}

/** The answer shown for a field: the <dd> after its label, in its step's section. */
function answer(locale: Locale, step: string, field: string): HTMLElement {
  const section = screen.getByRole('region', { name: msg(locale, `Intake.steps.${step}.title`) });
  const label = within(section).getByText(msg(locale, `Intake.fields.${step}.${field}.label`), { selector: 'dt' });
  return label.nextElementSibling as HTMLElement;
}

function hasLabel(locale: Locale, step: string, field: string): boolean {
  const section = screen.getByRole('region', { name: msg(locale, `Intake.steps.${step}.title`) });
  return within(section).queryByText(msg(locale, `Intake.fields.${step}.${field}.label`), { selector: 'dt' }) !== null;
}

describe('intake detail', () => {
  it('reads the submission once, then shows a section per step in the form order', async () => {
    await showDetail(detailOf());
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Camille Tremblay', ...intakeSteps.map((step) => msg('en', `Intake.steps.${step.id}.title`))]);
    // A little later still, and despite Strict Mode's double effects: one read, one audit entry.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([`/api/intake/${ID}`]);
  });

  it('shows the header: e-mail, times in the clinic zone, consent version, account link', async () => {
    await showDetail(detailOf());
    const summary = screen.getByRole('region', { name: 'Camille Tremblay' });
    expect(summary).toHaveTextContent('camille.tremblay@example.com');
    expect(summary).toHaveTextContent('November 3, 2026 at 10:30 a.m.');
    expect(summary).toHaveTextContent('Given on November 3, 2026 at 10:29 a.m. (consent text version 2026-11-01)');
    expect(summary).toHaveTextContent('Linked to a patient account');
    expect(summary).toHaveTextContent('French');
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/profile/intake-forms');
  });

  it('formats every kind of answer', async () => {
    await showDetail(detailOf({ objective: { goals: 'More energy during night shifts.\nFewer cravings at 3 a.m.' } }));
    const option = (step: string, field: string, value: string) => msg('en', `Intake.fields.${step}.${field}.options.${value}`);

    // text, tel, address, radio
    expect(answer('en', 'contact', 'firstName')).toHaveTextContent('Camille');
    expect(answer('en', 'contact', 'phone')).toHaveTextContent('+1 (613) 555-0199');
    const address = answer('en', 'contact', 'address');
    expect(address).toHaveTextContent('120 Rideau Street');
    expect(address).toHaveTextContent('Ottawa ON K1N-5X6');
    expect(address).toHaveTextContent('Canada');
    expect(answer('en', 'contact', 'preferredLanguage')).toHaveTextContent(option('contact', 'preferredLanguage', 'fr'));
    // date as typed, optional text left empty, toggle, checklist, number
    expect(answer('en', 'personalInformation', 'dateOfBirth')).toHaveTextContent('1988-04-12');
    expect(answer('en', 'personalInformation', 'gender')).toHaveTextContent('Not answered');
    expect(answer('en', 'personalInformation', 'shiftWork')).toHaveTextContent('Yes');
    const household = within(answer('en', 'personalInformation', 'household')).getAllByRole('listitem');
    expect(household.map((li) => li.textContent)).toEqual([
      option('personalInformation', 'household', 'partner'),
      option('personalInformation', 'household', 'children'),
    ]);
    expect(answer('en', 'personalInformation', 'householdSize')).toHaveTextContent('4');
    // skills (the response's names), textarea keeping its line break, select, scale
    const reasons = within(answer('en', 'objective', 'reasons')).getAllByRole('listitem');
    expect(reasons.map((li) => li.textContent)).toEqual(['Digestive health', 'Weight management']);
    expect(answer('en', 'objective', 'goals').textContent).toBe('More energy during night shifts.\nFewer cravings at 3 a.m.');
    expect(answer('en', 'objective', 'referralSource')).toHaveTextContent(option('objective', 'referralSource', 'physician'));
    expect(answer('en', 'objective', 'readiness')).toHaveTextContent('8 / 10');
    // conditional fields that were shown, optional textarea left empty
    expect(answer('en', 'medicalInfo', 'otherConditions')).toHaveTextContent('Migraines');
    expect(answer('en', 'medicalInfo', 'pregnancyWeeks')).toHaveTextContent('14');
    expect(answer('en', 'medicalInfo', 'surgeries')).toHaveTextContent('Not answered');
    expect(answer('en', 'medicalTeam', 'physicianPhone')).toHaveTextContent('+1 (613) 555-0150');
    // weight cards in the step's units, prefer not to say
    expect(answer('en', 'weightHistory', 'height')).toHaveTextContent('165 cm');
    expect(answer('en', 'weightHistory', 'currentWeight')).toHaveTextContent('72.5 kg');
    expect(answer('en', 'weightHistory', 'highestWeight')).toHaveTextContent('Prefer not to say');
    expect(answer('en', 'weightHistory2', 'recentChangeDetails')).toHaveTextContent('About 4 kg since the spring');
    // fluid cards
    expect(answer('en', 'fluidIntake', 'water')).toHaveTextContent('6 cups a day');
    expect(answer('en', 'fluidIntake', 'juice')).toHaveTextContent('0 cups a day');
    expect(answer('en', 'fluidIntake', 'drinksWithMeals')).toHaveTextContent('Yes');
  });

  it('shows repeatable rows as tables with column headers, or the field\'s "none" text', async () => {
    await showDetail(detailOf());
    const medications = screen.getByRole('table', { name: msg('en', 'Intake.fields.medicalInfo.medications.label') });
    expect(within(medications).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      msg('en', 'Intake.fields.medicalInfo.medications.columns.name.label'),
      msg('en', 'Intake.fields.medicalInfo.medications.columns.dose.label'),
      msg('en', 'Intake.fields.medicalInfo.medications.columns.frequency.label'),
    ]);
    expect(within(medications).getByRole('row', { name: /Metformin/ })).toHaveTextContent('Metformin500 mgTwice a day');

    const journal = screen.getByRole('table', { name: msg('en', 'Intake.fields.foodJournal.entries.label') });
    const oatmeal = within(journal).getByRole('row', { name: /Oatmeal/ });
    expect(oatmeal).toHaveTextContent(msg('en', 'Intake.fields.foodJournal.entries.columns.place.options.home'));
    expect(oatmeal).toHaveTextContent(msg('en', 'Intake.fields.foodJournal.entries.columns.hungerBefore.options.4'));
    expect(oatmeal).toHaveTextContent('07:00');

    const team = screen.getByRole('region', { name: msg('en', 'Intake.steps.medicalTeam.title') });
    expect(within(team).queryByRole('table')).toBeNull();
    expect(team).toHaveTextContent(msg('en', 'Intake.fields.medicalTeam.specialists.empty'));
  });

  it('skips the fields hidden by their condition, and reads imperial units (in French)', async () => {
    await showDetail(
      detailOf({
        medicalInfo: { conditions: ['prediabetes'], pregnancy: 'notApplicable' },
        psychosocial2: { eatingDisorderHistory: 'no' },
        weightHistory: {
          units: 'imperial',
          height: { cm: '', feet: '5', inches: '6', preferNot: false },
          currentWeight: { value: '160.5', preferNot: false },
          usualWeight: { value: '150', preferNot: false },
          highestWeight: { value: '', preferNot: true },
          lowestWeight: { value: '140', preferNot: false },
        },
        weightHistory2: { recentChange: 'stable' },
        physicalActivity: { frequency: 'none' },
      }),
      { locale: 'fr' },
    );
    expect(hasLabel('fr', 'medicalInfo', 'otherConditions')).toBe(false);
    expect(hasLabel('fr', 'medicalInfo', 'pregnancyWeeks')).toBe(false);
    expect(hasLabel('fr', 'medicalInfo', 'pregnancy')).toBe(true);
    expect(hasLabel('fr', 'psychosocial2', 'eatingDisorderDetails')).toBe(false);
    expect(hasLabel('fr', 'weightHistory2', 'recentChangeDetails')).toBe(false);
    for (const field of ['types', 'minutesPerSession', 'intensity']) {
      expect(hasLabel('fr', 'physicalActivity', field)).toBe(false);
    }
    expect(hasLabel('fr', 'physicalActivity', 'limitations')).toBe(true);

    const headings = screen.getAllByRole('heading', { level: 2 }).slice(1).map((h) => h.textContent);
    expect(headings).toEqual(intakeSteps.map((step) => msg('fr', `Intake.steps.${step.id}.title`)));
    expect(answer('fr', 'weightHistory', 'height')).toHaveTextContent('5 pi 6 po');
    expect(answer('fr', 'weightHistory', 'currentWeight')).toHaveTextContent('160,5 lb');
    expect(answer('fr', 'weightHistory', 'highestWeight')).toHaveTextContent('Préfère ne pas répondre');
    expect(answer('fr', 'fluidIntake', 'water')).toHaveTextContent('6 tasses par jour');
    expect(answer('fr', 'fluidIntake', 'juice')).toHaveTextContent('0 tasse par jour');
    expect(answer('fr', 'personalInformation', 'shiftWork')).toHaveTextContent('Oui');
    expect(answer('fr', 'personalInformation', 'gender')).toHaveTextContent('Sans réponse');
    expect(screen.getByRole('region', { name: 'Camille Tremblay' })).toHaveTextContent('3 novembre 2026 à 10 h 30');
    expect(screen.getByRole('link', { name: 'Retour à la liste' })).toHaveAttribute('href', '/fr/profile/formulaires-accueil');
  });

  it('says so when the submission does not exist or is not the reader\'s, after one request', async () => {
    renderIn(<IntakeDetail id="8d0f7a52-1c3e-4b6a-9f21-0a9b8c7d6e5f" />, { user: patient });
    expect(await screen.findByRole('alert')).toHaveTextContent('This intake form does not exist, or it is not yours to see.');
    expect(screen.queryByRole('region')).toBeNull();
    expect(requests).toEqual(['/api/intake/8d0f7a52-1c3e-4b6a-9f21-0a9b8c7d6e5f']);
  });
});

const camille: IntakeSummary = {
  id: ID,
  first_name: 'Camille',
  last_name: 'Tremblay',
  email: 'camille.tremblay@example.com',
  submitted_at: '2026-11-03T15:30:00Z',
  language: 'fr',
};
const omar: IntakeSummary = {
  id: '0b8e2c4d-6f1a-4e3b-8c9d-7a6b5c4d3e2f',
  first_name: 'Omar',
  last_name: 'Haddad',
  email: 'omar.haddad@example.com',
  submitted_at: '2026-11-02T20:05:00Z',
  language: 'en',
};

describe('intake list', () => {
  it('lists the submissions for an employee, searches by name and pages through', async () => {
    listAnswer = (url) => {
      const search = url.searchParams.get('search');
      if (search === 'tremblay') return { results: [camille], count: 1, page: 1, page_size: 20 };
      if (search) return { results: [], count: 0, page: 1, page_size: 20 };
      const page = Number(url.searchParams.get('page') ?? 1);
      return { results: page === 1 ? [camille, omar] : [omar], count: 21, page, page_size: 20 };
    };
    renderIn(<IntakeList />);
    expect(await screen.findByRole('heading', { name: 'Submitted intake forms' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('21 intake forms'));

    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const link = within(items[0]!).getByRole('link', { name: 'Camille Tremblay' });
    expect(link).toHaveAttribute('href', `/profile/intake-forms/${ID}`);
    expect(items[0]).toHaveTextContent('camille.tremblay@example.com');
    expect(items[0]).toHaveTextContent('Nov 3, 2026, 10:30 a.m.');
    expect(items[0]).toHaveTextContent('French');
    expect(items[1]).toHaveTextContent('Nov 2, 2026, 3:05 p.m.');
    // The list never reads a detail (each read of one is audited).
    expect(requests.every((path) => !path.startsWith('/api/intake/'))).toBe(true);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next page' })));
    await waitFor(() => expect(requests).toContain('/api/intake?page=2'));
    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeInTheDocument());

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), { target: { value: ' tremblay ' } });
    await act(async () => fireEvent.submit(screen.getByRole('search')));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 intake form matches “tremblay”.'));
    expect(requests.at(-1)).toBe('/api/intake?search=tremblay');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('navigation')).toBeNull();

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Nobody' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No intake form matches “Nobody”.'));
    expect(screen.queryByRole('list')).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear the search' })));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('21 intake forms'));
    expect(requests.at(-1)).toBe('/api/intake');
  });

  it('shows a patient their own forms in French, without a search', async () => {
    listAnswer = () => ({ results: [camille], count: 1, page: 1, page_size: 20 });
    renderIn(<IntakeList />, { locale: 'fr', user: patient });
    expect(await screen.findByRole('heading', { name: 'Vos formulaires d’accueil' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /^Transmis le 3 nov\. 2026/ });
    expect(link).toHaveAttribute('href', `/fr/profile/formulaires-accueil/${ID}`);
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.getByRole('link', { name: 'Remplir le formulaire d’accueil' })).toHaveAttribute('href', '/fr/formulaire-patient');
  });

  it('offers a retry when the list cannot load, then tells a patient with no form yet', async () => {
    listAnswer = () => ({ results: [], count: 0, page: 1, page_size: 20 });
    // Strict Mode's first request is cancelled at once; the second one fails, retried or not.
    listFailures = 4;
    renderIn(<IntakeList />, { user: patient });
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('The intake forms could not be loaded.');
    listFailures = 0;
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try again' })));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You have not submitted an intake form yet.'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('profile links', () => {
  it('leads an employee to the list, and a patient to their forms and to the form itself', () => {
    const { unmount } = renderIn(<IntakeFormsLinks employee />);
    expect(screen.getByRole('link', { name: 'See the intake forms' })).toHaveAttribute('href', '/profile/intake-forms');
    expect(screen.queryByRole('link', { name: 'Fill in the intake form' })).toBeNull();
    unmount();
    renderIn(<IntakeFormsLinks employee={false} />, { locale: 'fr', user: patient });
    expect(screen.getByRole('heading', { name: 'Vos formulaires d’accueil' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir les formulaires transmis' })).toHaveAttribute('href', '/fr/profile/formulaires-accueil');
    expect(screen.getByRole('link', { name: 'Remplir le formulaire d’accueil' })).toHaveAttribute('href', '/fr/formulaire-patient');
  });
});

describe('texts', () => {
  it('has every text the review reads, in both languages', () => {
    for (const locale of ['en', 'fr'] as const) {
      for (const step of intakeSteps) {
        msg(locale, `Intake.steps.${step.id}.title`);
        for (const field of step.fields) {
          const base = `Intake.fields.${step.id}.${field.name}`;
          msg(locale, `${base}.label`);
          for (const option of field.options ?? []) msg(locale, `${base}.options.${option}`);
          for (const column of field.columns ?? []) {
            msg(locale, `${base}.columns.${column.name}.label`);
            for (const option of column.options ?? []) msg(locale, `${base}.columns.${column.name}.options.${option}`);
          }
        }
      }
    }
  });
});
