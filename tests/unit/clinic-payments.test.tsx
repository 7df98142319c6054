// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseDollars } from '@/components/clinic/payments/money';
import { VisitPayments } from '@/components/clinic/payments/VisitPayments';
import type { PaymentItem, ReceiptSummary, VisitPayments as VisitPaymentsData } from '@/lib/api/payments';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

const page = vi.hoisted(() => ({ locale: 'en' }));
const api = vi.hoisted(() => ({ getVisitPayments: vi.fn(), recordPayment: vi.fn(), voidReceipt: vi.fn() }));
vi.mock('@/lib/api/payments', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/payments')>()),
  getVisitPayments: api.getVisitPayments,
  recordPayment: api.recordPayment,
  voidReceipt: api.voidReceipt,
}));
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/profile/agenda',
  useParams: () => ({ locale: page.locale }),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

const NBSP = '\u00a0';

/** A $135 visit: $50 paid by card, its receipt reissued once (the first one had the wrong method). */
const current: ReceiptSummary = {
  id: '0b6f1c2e-6a55-4d39-9a0e-2f1f3c4d5e6f',
  number: 'R-2026-000002',
  issued_at: '2026-11-20T20:10:00Z',
  language: 'en',
  voided: null,
  replaced_by: null,
};
const voided: ReceiptSummary = {
  id: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  number: 'R-2026-000001',
  issued_at: '2026-11-20T20:05:00Z',
  language: 'en',
  voided: { at: '2026-11-20T20:10:00Z', reason: 'Wrong method', by: 'Claire Bouchard' },
  replaced_by: 'R-2026-000002',
};
const cardPayment: PaymentItem = {
  id: 'p1',
  amount_cents: 5000,
  method: 'card',
  paid_on: '2026-11-20',
  reason: null,
  recorded_by: 'Claire Bouchard',
  recorded_at: '2026-11-20T20:05:00Z',
  receipts: [current, voided],
};
const visit: VisitPaymentsData = {
  appointment_id: 7,
  status: 'completed',
  booked_on: '2026-11-12',
  total_cents: 13500,
  paid_cents: 5000,
  balance_cents: 8500,
  refund_due_cents: 0,
  dietitian_registered: true,
  payments: [cardPayment],
};

function renderPanel(locale: 'en' | 'fr' = 'en') {
  page.locale = locale;
  return render(
    <StrictMode>
      <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
        <VisitPayments appointmentId={7} patientName="Olivier Gagné" when="2:00 p.m." headingLevel={4} />
      </NextIntlClientProvider>
    </StrictMode>,
  );
}

/** Opens the panel and waits for the payments. */
async function open(locale: 'en' | 'fr' = 'en') {
  renderPanel(locale);
  fireEvent.click(screen.getByRole('button', { name: locale === 'en' ? /^Payments and receipts/ : /^Paiements et reçus/ }));
  const region = screen.getByRole('region');
  await within(region).findByText(locale === 'en' ? 'Balance due' : 'Solde à payer');
  return region;
}

const amountField = () => screen.getByRole('textbox', { name: /Amount|Montant/ });
/** The payment form is loaded lazily (it brings zod): waits for it to appear in the panel. */
const formLoaded = (region: HTMLElement) => within(region).findByRole('textbox', { name: /Amount|Montant/ });

beforeEach(() => {
  vi.clearAllMocks();
  api.getVisitPayments.mockResolvedValue(visit);
  // 22:00 on 20 November in Ottawa: already the 21st in UTC. The date paid defaults to the clinic's today.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T03:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('a visit’s payments panel', () => {
  it('starts closed, loads on opening, then shows the price, what was paid and the balance', async () => {
    renderPanel();
    const toggle = screen.getByRole('button', { name: 'Payments and receipts for Olivier Gagné, 2:00 p.m.' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(api.getVisitPayments).not.toHaveBeenCalled();

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: /Payments and receipts/ });
    expect(toggle).toHaveAttribute('aria-controls', region.id);
    expect(region).toHaveTextContent('Loading payments…');

    const balance = await within(region).findByText('Balance due');
    expect(api.getVisitPayments).toHaveBeenCalledWith(7, expect.any(AbortSignal));
    expect(balance.nextElementSibling).toHaveTextContent('$85.00');
    expect(within(region).getByText('Visit price').nextElementSibling).toHaveTextContent('$135.00');
    expect(within(region).getByText('Paid').nextElementSibling).toHaveTextContent('$50.00');
    expect(within(region).getByRole('heading', { level: 5, name: 'Payment of $50.00' })).toBeInTheDocument();
    expect(within(region).getByText('Recorded by').nextElementSibling).toHaveTextContent('Claire Bouchard');
    await formLoaded(region);
    // The balance is offered as the amount; the date is the clinic's today.
    expect(amountField()).toHaveValue('85.00');
    expect(screen.getByLabelText('Date paid')).toHaveValue('2026-11-20');
    expect(region).not.toHaveTextContent('Loading payments…');
  });

  it('says so when the payments cannot be loaded, and tries again', async () => {
    api.getVisitPayments.mockRejectedValue(new Error('offline'));
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: /^Payments and receipts/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The payments could not be loaded.');
    api.getVisitPayments.mockResolvedValue(visit);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Balance due')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows amounts, methods and labels in French', async () => {
    const region = await open('fr');
    await formLoaded(region);
    expect(screen.getByRole('button', { name: 'Paiements et reçus pour Olivier Gagné, 2:00 p.m.' })).toBeInTheDocument();
    expect(within(region).getByText('Solde à payer').nextElementSibling?.textContent).toBe(`85,00${NBSP}$`);
    expect(within(region).getByRole('heading', { name: `Paiement de 50,00${NBSP}$` })).toBeInTheDocument();
    expect(within(region).getByText('Carte', { selector: 'dd' })).toBeInTheDocument();
    expect(amountField()).toHaveValue('85,00');
    for (const label of ['Carte', 'Comptant', 'Virement Interac', 'Facturation directe à l’assureur']) {
      expect(within(region).getByRole('radio', { name: label })).toBeInTheDocument();
    }
    expect(within(region).getByRole('button', { name: 'Enregistrer le paiement' })).toBeInTheDocument();
  });

  it('records a payment in cents with its method and date, announces it with the new receipt, and goes to it', async () => {
    const added: PaymentItem = {
      ...cardPayment,
      id: 'p2',
      amount_cents: 8550,
      method: 'e_transfer',
      recorded_at: '2026-11-21T03:00:00Z',
      receipts: [{ ...current, id: 'c9d8e7f6-a5b4-4c3d-9e2f-1a0b9c8d7e6f', number: 'R-2026-000003', issued_at: '2026-11-21T03:00:00Z' }],
    };
    api.recordPayment.mockResolvedValue({ ...visit, paid_cents: 13550, balance_cents: -50, payments: [cardPayment, added] });
    const region = await open();
    await formLoaded(region);
    fireEvent.change(amountField(), { target: { value: '85,5' } });
    fireEvent.click(within(region).getByRole('radio', { name: 'E-transfer' }));
    fireEvent.click(within(region).getByRole('button', { name: 'Record payment' }));

    await waitFor(() => expect(api.recordPayment).toHaveBeenCalledWith(7, { amount_cents: 8550, method: 'e_transfer', paid_on: '2026-11-20' }));
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((s) => s.textContent === 'Payment of $85.50 recorded. Receipt R-2026-000003 issued.')).toBe(true),
    );
    await waitFor(() => expect(within(region).getByRole('heading', { name: 'Payment of $85.50' })).toHaveFocus());
    expect(within(region).getByRole('link', { name: 'Download receipt R-2026-000003' })).toBeInTheDocument();
    // Nothing left to pay: the amount starts empty for the next one.
    expect(amountField()).toHaveValue('');
  });

  it('checks the amount and the method before sending anything', async () => {
    const region = await open();
    await formLoaded(region);
    const submit = within(region).getByRole('button', { name: 'Record payment' });
    fireEvent.click(submit);
    expect(await within(region).findByText('Choose a payment method.')).toBeInTheDocument();

    fireEvent.change(amountField(), { target: { value: '12.345' } });
    fireEvent.click(submit);
    expect(await within(region).findByText('Enter an amount in dollars, e.g. 135 or 135.50.')).toBeInTheDocument();
    fireEvent.change(amountField(), { target: { value: '10000.01' } });
    fireEvent.click(submit);
    expect(await within(region).findByText('Enter an amount above zero, up to $10,000.00.')).toBeInTheDocument();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(api.recordPayment).not.toHaveBeenCalled();
  });

  it('asks a refund for its reason, then sends a negative amount with it', async () => {
    api.recordPayment.mockResolvedValue(visit);
    const region = await open();
    await formLoaded(region);
    fireEvent.change(amountField(), { target: { value: '20' } });
    fireEvent.click(within(region).getByRole('radio', { name: 'Cash' }));
    fireEvent.click(within(region).getByRole('checkbox', { name: 'This is a refund' }));
    fireEvent.click(within(region).getByRole('button', { name: 'Record refund' }));
    expect(await within(region).findByText('Give the reason for the refund.')).toBeInTheDocument();
    expect(api.recordPayment).not.toHaveBeenCalled();

    fireEvent.change(within(region).getByRole('textbox', { name: 'Reason for the refund' }), { target: { value: ' Session shortened ' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Record refund' }));
    await waitFor(() =>
      expect(api.recordPayment).toHaveBeenCalledWith(7, { amount_cents: -2000, method: 'cash', paid_on: '2026-11-20', reason: 'Session shortened' }),
    );
  });

  it('shows the server’s refusal in an alert, and its field errors at their fields', async () => {
    api.recordPayment.mockRejectedValueOnce({
      response: {
        status: 409,
        data: { code: 'dietitian_not_registered', messages: [{ message: 'Enter the dietitian’s registration number first.', type: 'error' }] },
      },
    });
    const region = await open();
    await formLoaded(region);
    fireEvent.click(within(region).getByRole('radio', { name: 'Card' }));
    fireEvent.click(within(region).getByRole('button', { name: 'Record payment' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Enter the dietitian’s registration number first.');

    api.recordPayment.mockRejectedValueOnce({
      response: { status: 422, data: { code: 'validation', messages: [], field_errors: { paid_on: ['This date is in the future.'] } } },
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Record payment' }));
    expect(await within(region).findByText('This date is in the future.')).toBeInTheDocument();
    expect(screen.getByLabelText('Date paid')).toHaveAttribute('aria-invalid', 'true');
  });

  it('lists receipts with downloads in either language, and what voided ones were replaced by', async () => {
    const region = await open();
    const download = within(region).getByRole('link', { name: 'Download receipt R-2026-000002' });
    expect(download).toHaveAttribute('href', `/api/clinic/receipts/${current.id}/pdf`);
    expect(download).toHaveAttribute('download');
    const french = within(region).getByRole('link', { name: 'Download R-2026-000002 in French' });
    expect(french).toHaveAttribute('href', `/api/clinic/receipts/${current.id}/pdf?lang=fr`);
    expect(french).toHaveAttribute('hreflang', 'fr');
    expect(region).toHaveTextContent('Issued on November 20, 2026, in English');
    expect(within(region).getByRole('link', { name: 'Download receipt R-2026-000001' })).toHaveAttribute('href', `/api/clinic/receipts/${voided.id}/pdf`);
    expect(within(region).getByText('Voided: Wrong method Replaced by R-2026-000002')).toBeInTheDocument();
    // Only the current receipt can be voided.
    expect(within(region).getAllByRole('button', { name: /^Void and reissue/ })).toHaveLength(1);
    expect(within(region).getByRole('button', { name: 'Void and reissue R-2026-000002' })).toBeInTheDocument();
  });

  it('voids and reissues a receipt only with a reason, sending just what is corrected', async () => {
    const reissued: ReceiptSummary = { ...current, id: '5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716', number: 'R-2026-000003' };
    api.voidReceipt.mockResolvedValue({
      ...visit,
      payments: [{ ...cardPayment, method: 'cash', receipts: [reissued, { ...current, voided: voided.voided, replaced_by: 'R-2026-000003' }, voided] }],
    });
    const region = await open();
    fireEvent.click(within(region).getByRole('button', { name: 'Void and reissue R-2026-000002' }));
    // The void form is loaded lazily too.
    const form = await within(region).findByRole('form', { name: 'Void receipt R-2026-000002 and issue a new one?' });
    await waitFor(() => expect(within(form).getByText('Void receipt R-2026-000002 and issue a new one?')).toHaveFocus());

    fireEvent.click(within(form).getByRole('button', { name: 'Void and issue a new receipt' }));
    expect(await within(form).findByText('Give the reason for voiding this receipt.')).toBeInTheDocument();
    expect(api.voidReceipt).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByRole('textbox', { name: 'Reason for voiding' }), { target: { value: 'Paid in cash, not by card' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Corrected payment method' }), { target: { value: 'cash' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Void and issue a new receipt' }));
    await waitFor(() => expect(api.voidReceipt).toHaveBeenCalledWith(current.id, { reason: 'Paid in cash, not by card', method: 'cash' }));
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((s) => s.textContent === 'Receipt R-2026-000002 voided. Receipt R-2026-000003 issued.')).toBe(true),
    );
    expect(within(region).queryByRole('form')).toBeNull();
    expect(within(region).getByRole('button', { name: 'Void and reissue R-2026-000003' })).toBeInTheDocument();
    await waitFor(() => expect(within(region).getByRole('heading', { name: 'Payment of $50.00' })).toHaveFocus());
  });

  it('closes the void form on Cancel and returns to its button', async () => {
    const region = await open();
    fireEvent.click(within(region).getByRole('button', { name: 'Void and reissue R-2026-000002' }));
    fireEvent.click(await within(region).findByRole('button', { name: 'Keep this receipt' }));
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Void and reissue R-2026-000002' })).toHaveFocus());
  });

  it('says receipts wait for the dietitian’s registration number, and still lets a payment be recorded', async () => {
    api.getVisitPayments.mockResolvedValue({ ...visit, dietitian_registered: false, payments: [] });
    const region = await open('fr');
    await formLoaded(region);
    expect(region).toHaveTextContent('Aucun reçu ne peut être émis tant que le numéro d’inscription à l’Ordre');
    expect(within(region).getByRole('link', { name: 'page de l’équipe' })).toHaveAttribute('href', '/fr/profile/equipe');
    expect(within(region).getByText('Aucun paiement enregistré pour l’instant.')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Enregistrer le paiement' })).toBeInTheDocument();
  });

  it('keeps payment dates between the day the visit was booked and today, saying which bound was crossed', async () => {
    const region = await open();
    await formLoaded(region);
    const date = screen.getByLabelText('Date paid');
    expect(date).toHaveAttribute('min', '2026-11-12');
    expect(date).toHaveAttribute('max', '2026-11-20');
    expect(region).toHaveTextContent('From November 12, 2026 to today.');
    fireEvent.click(within(region).getByRole('radio', { name: 'Card' }));
    fireEvent.change(date, { target: { value: '2026-11-11' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Record payment' }));
    expect(await within(region).findByText('The payment date cannot be before the visit was booked (November 12, 2026).')).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2026-11-21' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Record payment' }));
    expect(await within(region).findByText('The payment date cannot be in the future.')).toBeInTheDocument();
    expect(api.recordPayment).not.toHaveBeenCalled();
    fireEvent.change(date, { target: { value: '2026-11-12' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.recordPayment).toHaveBeenCalledWith(7, { amount_cents: 8500, method: 'card', paid_on: '2026-11-12' }));
  });

  it('offers a cancelled visit paid in advance only its refund, of what is due back, in French too', async () => {
    const cancelled = { ...visit, status: 'cancelled' as const, balance_cents: 0, refund_due_cents: 5000 };
    api.getVisitPayments.mockResolvedValue(cancelled);
    api.recordPayment.mockResolvedValue({ ...cancelled, paid_cents: 0, refund_due_cents: 0 });
    const region = await open('fr');
    await formLoaded(region);
    // (toHaveTextContent reads no-break spaces as spaces.)
    expect(region).toHaveTextContent('Cette consultation a été annulée : il reste 50,00 $ à rembourser.');
    expect(within(region).getByRole('heading', { name: 'Enregistrer le remboursement' })).toBeInTheDocument();
    expect(within(region).queryByRole('checkbox')).toBeNull();
    expect(amountField()).toHaveValue('50,00');
    fireEvent.click(within(region).getByRole('radio', { name: 'Carte' }));
    fireEvent.click(within(region).getByRole('button', { name: 'Enregistrer le remboursement' }));
    expect(await within(region).findByText('Indiquez le motif du remboursement.')).toBeInTheDocument();
    fireEvent.change(within(region).getByRole('textbox', { name: 'Motif du remboursement' }), { target: { value: 'Rendez-vous annulé' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Enregistrer le remboursement' }));
    await waitFor(() =>
      expect(api.recordPayment).toHaveBeenCalledWith(7, { amount_cents: -5000, method: 'card', paid_on: '2026-11-20', reason: 'Rendez-vous annulé' }),
    );
  });

  it('shows a cancelled visit’s payments read-only once nothing is left to refund', async () => {
    api.getVisitPayments.mockResolvedValue({ ...visit, status: 'cancelled', paid_cents: 0, balance_cents: 0, refund_due_cents: 0 });
    const region = await open();
    expect(region).toHaveTextContent(en.ClinicPayments.cancelledNote);
    expect(within(region).getByRole('link', { name: 'Download receipt R-2026-000002' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /Void and reissue/ })).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Record payment' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('typed dollars', () => {
  it('reads dots and commas, and nothing else', () => {
    expect(parseDollars('135')).toBe(13500);
    expect(parseDollars('135.5')).toBe(13550);
    expect(parseDollars('135,50')).toBe(13550);
    expect(parseDollars(' $ 135.05 ')).toBe(13505);
    expect(parseDollars('.5')).toBe(50);
    expect(parseDollars('-5')).toBeNull();
    expect(parseDollars('1,234.50')).toBeNull();
    expect(parseDollars('12.345')).toBeNull();
    expect(parseDollars('abc')).toBeNull();
  });
});
