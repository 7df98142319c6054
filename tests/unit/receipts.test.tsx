// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManageAppointment } from '@/components/booking/ManageAppointment';
import { ProfileView } from '@/components/profile/ProfileView';
import { Receipts } from '@/components/profile/receipts/Receipts';
import type { AuthApi, User } from '@/lib/api/auth';
import type { BookingApi } from '@/lib/api/booking';
import type { ManagedAppointment } from '@/lib/schemas/manageAppointment';
import type { PatientReceipt, PatientReceiptYears } from '@/lib/api/payments';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { createAppStores, StoresProvider } from '@/stores/StoresProvider';

const payments = vi.hoisted(() => ({ getMyReceipts: vi.fn(), manageReceipts: vi.fn(), manageReceiptPdf: vi.fn() }));
const manage = vi.hoisted(() => ({ view: vi.fn(), cancel: vi.fn(), slots: vi.fn(), reschedule: vi.fn() }));

// The addresses are the real ones: what the links point at is part of the behaviour.
vi.mock(import('@/lib/api/payments'), async (importOriginal) => ({ ...(await importOriginal()), ...payments }));
vi.mock('@/lib/api/manage', () => ({ manageApi: manage }));

/** The page's [locale] segment, as Next would give it (links read it). */
const pageLocale = vi.hoisted(() => ({ value: 'en' as 'en' | 'fr' }));
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/profile',
  useParams: () => ({ locale: pageLocale.value }),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

const FIRST = '3f2b8c1e-5d4a-4b7e-9c1a-2e6f8d0b4a11';
const REFUND = '7a9c2d4e-1b3f-4e5a-8d6c-0f2e4b6a8c22';
const OLD = 'c4e6a8b0-2d4f-4a6c-9e8b-1a3c5e7f9b33';

/** 10:00 in Ottawa on 2 March 2026 (15:00 UTC); issued the same afternoon. */
const paid: PatientReceipt = {
  id: FIRST,
  number: 'R-2026-000001',
  issued_at: '2026-03-02T20:15:00Z',
  service_name: 'Nutrition evaluation',
  service_date: '2026-03-02T15:00:00Z',
  amount_cents: 15000,
  voided: false,
};
const refunded: PatientReceipt = {
  id: REFUND,
  number: 'R-2026-000002',
  issued_at: '2026-03-09T14:00:00Z',
  service_name: 'Nutrition evaluation',
  service_date: '2026-03-02T15:00:00Z',
  amount_cents: -5000,
  voided: false,
};
/** 23:30 UTC on 31 December 2025 is still 2025 in Ottawa (18:30). */
const voided: PatientReceipt = {
  id: OLD,
  number: 'R-2025-000042',
  issued_at: '2025-12-31T23:30:00Z',
  service_name: 'Follow-up',
  service_date: '2025-12-31T16:00:00Z',
  amount_cents: 9500,
  voided: true,
};
const years: PatientReceiptYears = {
  years: [
    { year: 2026, receipts: [paid, refunded] },
    { year: 2025, receipts: [voided] },
  ],
};

function withIntl(ui: ReactNode, locale: 'en' | 'fr') {
  pageLocale.value = locale;
  // The provider's zone is UTC: dates are right only if the component uses the clinic's.
  return (
    <NextIntlClientProvider locale={locale} messages={locale === 'fr' ? fr : en} timeZone="UTC">
      {ui}
    </NextIntlClientProvider>
  );
}

const card = (number: string) => screen.getByRole('article', { name: new RegExp(`^${number}`) });
const fact = (article: HTMLElement, term: string) => within(article).getByText(term, { selector: 'dt' }).nextElementSibling;

beforeEach(() => {
  vi.clearAllMocks();
  payments.getMyReceipts.mockResolvedValue(years);
});

describe('the profile’s receipts', () => {
  it('groups the receipts by year, newest first, each with its facts and downloads', async () => {
    render(withIntl(<Receipts />, 'en'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your receipts…');

    const section = screen.getByRole('region', { name: 'Receipts' });
    const headings = await within(section).findAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual(['2026', '2025']);

    const first = card('R-2026-000001');
    expect(fact(first, 'Date issued')).toHaveTextContent('March 2, 2026');
    expect(fact(first, 'Service')).toHaveTextContent('Nutrition evaluation');
    expect(fact(first, 'Date of service')).toHaveTextContent('March 2, 2026');
    expect(fact(first, 'Amount')).toHaveTextContent('$150.00');
    expect(within(first).queryByText('Voided')).toBeNull();
    expect(within(first).getByRole('link', { name: 'Download receipt R-2026-000001' })).toHaveAttribute('href', `/api/receipts/${FIRST}/pdf`);
    expect(within(first).getByRole('link', { name: 'Download receipt R-2026-000001, French version' })).toHaveAttribute(
      'href',
      `/api/receipts/${FIRST}/pdf?lang=fr`,
    );
    for (const link of within(first).getAllByRole('link')) expect(link).toHaveAttribute('download');

    expect(fact(card('R-2026-000002'), 'Amount')).toHaveTextContent('Refund of $50.00');

    const old = card('R-2025-000042');
    expect(old).toHaveAccessibleName('R-2025-000042 Voided');
    expect(fact(old, 'Date issued')).toHaveTextContent('December 31, 2025');
    expect(fact(old, 'Amount')).toHaveTextContent('$95.00');

    const year2026 = screen.getByRole('region', { name: '2026' });
    expect(within(year2026).getAllByRole('article')).toHaveLength(2);
    expect(within(year2026).getByRole('link', { name: 'Download all 2026 receipts (PDF)' })).toHaveAttribute('href', '/api/receipts/year/2026/pdf');
    expect(screen.getByRole('link', { name: 'Download all 2025 receipts (PDF)' })).toHaveAttribute('href', '/api/receipts/year/2025/pdf');
  });

  it('says it all in French, with the English version on offer', async () => {
    render(withIntl(<Receipts />, 'fr'));
    const section = await screen.findByRole('region', { name: 'Reçus' });
    await within(section).findByRole('heading', { name: '2026', level: 3 });

    const first = card('R-2026-000001');
    expect(fact(first, 'Date d’émission')).toHaveTextContent('2 mars 2026');
    expect(fact(first, 'Date du service')).toHaveTextContent('2 mars 2026');
    expect(fact(first, 'Montant')).toHaveTextContent(/^150,00\s\$$/);
    expect(within(first).getByRole('link', { name: 'Télécharger le reçu R-2026-000001' })).toHaveAttribute('href', `/api/receipts/${FIRST}/pdf`);
    expect(within(first).getByRole('link', { name: 'Télécharger le reçu R-2026-000001, version anglaise' })).toHaveAttribute(
      'href',
      `/api/receipts/${FIRST}/pdf?lang=en`,
    );
    expect(fact(card('R-2026-000002'), 'Montant')).toHaveTextContent(/^Remboursement de 50,00\s\$$/);
    expect(within(card('R-2025-000042')).getByText('Annulé')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Télécharger tous les reçus de 2026 (PDF)' })).toHaveAttribute('href', '/api/receipts/year/2026/pdf');
  });

  it('says when there are no receipts yet', async () => {
    payments.getMyReceipts.mockResolvedValueOnce({ years: [] });
    render(withIntl(<Receipts />, 'en'));
    expect(await screen.findByText('No receipts yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('offers to try again when the receipts could not be loaded', async () => {
    payments.getMyReceipts.mockRejectedValueOnce(new Error('offline'));
    render(withIntl(<Receipts />, 'fr'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Impossible de charger vos reçus.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: '2026' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(payments.getMyReceipts).toHaveBeenCalledTimes(2);
  });
});

describe('the receipts on the profile page', () => {
  const patient: User = {
    id: 7,
    email: 'marie@example.ca',
    first_name: 'Marie',
    last_name: 'Tremblay',
    full_name: 'Marie Tremblay',
    is_active: true,
    is_employee: false,
    is_patient: true,
    groups: [],
    created_date: '2026-01-15T14:00:00Z',
    employee_data: null,
    user_profile: { profile_picture: null, profile_picture_url: null, preferred_language: { code: 'fr' }, phone_number: null },
    patient_data: { id: 3, preferred_dietitian: null, preferred_dietitian_name: null },
  };
  const employee: User = {
    ...patient,
    is_employee: true,
    is_patient: false,
    employee_data: { id: 2, title: 'Dietitian', is_admin: false } as User['employee_data'],
    patient_data: null,
  };

  function renderProfile(user: User) {
    const auth = { validateToken: async () => true, me: vi.fn(async () => user) } as unknown as AuthApi;
    const booking = { bookedAppointments: vi.fn(() => new Promise(() => {})) } as unknown as BookingApi;
    return render(withIntl(<StoresProvider stores={createAppStores(auth, booking)}><ProfileView /></StoresProvider>, 'en'));
  }

  it('shows a patient their receipts after the appointments', async () => {
    renderProfile(patient);
    const receipts = await screen.findByRole('region', { name: 'Receipts' });
    const appointments = screen.getByRole('region', { name: 'Appointments' });
    expect(appointments.compareDocumentPosition(receipts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(receipts).findByRole('heading', { name: '2026' })).toBeInTheDocument();
  });

  it('shows an employee no receipts section', async () => {
    renderProfile(employee);
    expect(await screen.findByRole('region', { name: 'Appointments' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Receipts' })).toBeNull();
    expect(payments.getMyReceipts).not.toHaveBeenCalled();
  });
});

describe('the receipts on the manage page', () => {
  const TOKEN = 'A'.repeat(40) + '_-9';
  const completed: ManagedAppointment = {
    status: 'completed',
    first_name: 'Marie',
    service_name: 'Nutrition evaluation',
    start: '2026-03-02T15:00:00Z',
    end: '2026-03-02T15:50:00Z',
    location: { kind: 'office', name: 'Centretown', address: '123 Bank Street, Ottawa' },
    dietitian_name: 'Julie Roy',
    total_cents: 15000,
    tax_cents: 0,
    cancellation_notice_hours: 24,
    can_change: false,
    can_move: false,
    has_started: true,
    join_url: null,
    join_opens_at: null,
  };
  const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
  let saved: Array<{ href: string; download: string }>;

  function renderManage(locale: 'en' | 'fr') {
    window.history.replaceState(null, '', `/manage-appointment#${TOKEN}`);
    return render(withIntl(<ManageAppointment />, locale));
  }

  beforeEach(() => {
    manage.view.mockResolvedValue({ appointment: completed });
    payments.manageReceipts.mockResolvedValue([paid, { ...voided, voided: true }]);
    payments.manageReceiptPdf.mockResolvedValue(pdf);
    saved = [];
    // jsdom has neither object URLs nor downloads: record what the page asks the browser to save.
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/file-1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('lists the visit’s receipts and saves one, in its language or the other, with the token in the body only', async () => {
    renderManage('en');
    const section = await screen.findByRole('region', { name: 'Receipts' });
    expect(payments.manageReceipts).toHaveBeenCalledWith(TOKEN);

    const first = within(section).getByRole('article', { name: 'R-2026-000001' });
    expect(fact(first, 'Date issued')).toHaveTextContent('March 2, 2026');
    expect(fact(first, 'Amount')).toHaveTextContent('$150.00');
    expect(within(section).getByRole('article', { name: 'R-2025-000042 Voided' })).toBeInTheDocument();

    fireEvent.click(within(first).getByRole('button', { name: 'Download receipt R-2026-000001' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(payments.manageReceiptPdf).toHaveBeenCalledWith(TOKEN, FIRST, undefined);
    expect(URL.createObjectURL).toHaveBeenCalledWith(pdf);
    expect(saved[0]).toEqual({ href: 'blob:http://localhost/file-1', download: 'R-2026-000001.pdf' });

    fireEvent.click(within(first).getByRole('button', { name: 'Download receipt R-2026-000001, French version' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(payments.manageReceiptPdf).toHaveBeenLastCalledWith(TOKEN, FIRST, 'fr');
    expect(saved[1]!.download).toBe('R-2026-000001-fr.pdf');
    expect(window.location.pathname + window.location.search).toBe('/manage-appointment');
  });

  it('offers the English version on the French page, and frees the file once saved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderManage('fr');
      const section = await screen.findByRole('region', { name: 'Reçus' });
      const first = within(section).getByRole('article', { name: 'R-2026-000001' });
      expect(fact(first, 'Montant')).toHaveTextContent(/^150,00\s\$$/);
      expect(within(section).getByText('Annulé')).toBeInTheDocument();
      fireEvent.click(within(first).getByRole('button', { name: 'Télécharger le reçu R-2026-000001, version anglaise' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(payments.manageReceiptPdf).toHaveBeenCalledWith(TOKEN, FIRST, 'en');
      await act(async () => vi.advanceTimersByTime(60_000));
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/file-1');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when a receipt could not be downloaded', async () => {
    payments.manageReceiptPdf.mockRejectedValueOnce(new Error('offline'));
    renderManage('fr');
    const section = await screen.findByRole('region', { name: 'Reçus' });
    fireEvent.click(within(section).getByRole('button', { name: 'Télécharger le reçu R-2026-000001' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Le reçu R-2026-000001 n’a pas pu être téléchargé. Vérifiez votre connexion et réessayez.',
    );
    expect(saved).toHaveLength(0);
  });

  it.each([
    ['has none', () => payments.manageReceipts.mockResolvedValue([])],
    ['cannot be read', () => payments.manageReceipts.mockRejectedValue(new Error('offline'))],
  ])('shows no receipts section when the visit %s', async (_, arrange) => {
    arrange();
    renderManage('en');
    expect(await screen.findByText('Julie Roy')).toBeInTheDocument();
    await waitFor(() => expect(payments.manageReceipts).toHaveBeenCalledWith(TOKEN));
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Receipts' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
