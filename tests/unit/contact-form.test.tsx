// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from '@/components/contact/ContactForm';
import { sendContactMessage } from '@/lib/api/contact';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => '/contact-us',
  useParams: () => ({}),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));
vi.mock('@/lib/api/contact', () => ({ sendContactMessage: vi.fn() }));
const send = vi.mocked(sendContactMessage);

function renderForm(locale: 'en' | 'fr' = 'en') {
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="America/Toronto">
      <ContactForm />
    </NextIntlClientProvider>,
  );
  return locale === 'en' ? en : fr;
}

function fillValid(t: typeof en.Contact.form) {
  fireEvent.change(screen.getByLabelText(t.name), { target: { value: 'Olivia Chen' } });
  fireEvent.change(screen.getByLabelText(t.email), { target: { value: 'Olivia@Example.ca' } });
  fireEvent.change(screen.getByLabelText(t.phone, { exact: false }), { target: { value: '(613) 555-0123' } });
  fireEvent.change(screen.getByLabelText(t.subject), { target: { value: 'Fees' } });
  fireEvent.change(screen.getByLabelText(t.message), { target: { value: 'Are your visits covered by insurance?' } });
  fireEvent.click(screen.getByRole('checkbox'));
}

beforeEach(() => send.mockReset());

describe('ContactForm', () => {
  it('shows French field errors tied to their fields and sends nothing', async () => {
    const m = renderForm('fr');
    fireEvent.click(screen.getByRole('button', { name: m.Contact.form.submit }));
    await waitFor(() => expect(screen.getByLabelText(m.Contact.form.name)).toHaveAccessibleDescription(m.Validation.required));
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(m.Validation.consentRequired);
    expect(screen.getByRole('link', { name: 'politique de confidentialité' })).toBeInTheDocument();
    expect(screen.getByLabelText(m.Contact.form.name)).toHaveFocus();

    const t = m.Contact.form;
    fireEvent.change(screen.getByLabelText(t.email), { target: { value: 'pas-une-adresse' } });
    fireEvent.change(screen.getByLabelText(t.phone, { exact: false }), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText(t.message), { target: { value: 'Court' } });
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    await waitFor(() =>
      expect(screen.getByLabelText(t.phone, { exact: false })).toHaveAccessibleDescription(`${t.phoneHint} ${m.Validation.phoneInvalid}`),
    );
    expect(screen.getByLabelText(t.email)).toHaveAccessibleDescription(m.Validation.emailInvalid);
    expect(screen.getByLabelText(t.message)).toHaveAccessibleDescription(`${t.messageHint} ${m.Validation.messageTooShort}`);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the parsed values and replaces the form with the thank-you in the live region', async () => {
    const m = renderForm();
    send.mockResolvedValue(m.Server.contactSent);
    fillValid(m.Contact.form);
    fireEvent.click(screen.getByRole('button', { name: m.Contact.form.submit }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(m.Server.contactSent));
    expect(send).toHaveBeenCalledWith({
      name: 'Olivia Chen',
      email: 'olivia@example.ca',
      phone: '16135550123',
      subject: 'Fees',
      message: 'Are your visits covered by insurance?',
      consent: true,
      website: '',
    });
    // The thank-you takes focus in the effect after it renders: on a busy machine, a tick later.
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.queryByRole('button', { name: m.Contact.form.submit })).not.toBeInTheDocument();
  });

  it('puts the server field errors on their fields, and other failures above the form', async () => {
    const m = renderForm();
    send.mockRejectedValueOnce({ response: { status: 400, data: { code: 'validation_error', field_errors: { email: ['Refused address.'] } }, headers: {} } });
    fillValid(m.Contact.form);
    fireEvent.click(screen.getByRole('button', { name: m.Contact.form.submit }));
    await waitFor(() => expect(screen.getByLabelText(m.Contact.form.email)).toHaveAccessibleDescription('Refused address.'));

    const tooMany = 'You have sent several messages in a short time.';
    send.mockRejectedValueOnce({ response: { status: 429, data: { code: 'rate_limited', messages: [{ message: tooMany, type: 'error' }] }, headers: { 'retry-after': '600' } } });
    fireEvent.click(screen.getByRole('button', { name: m.Contact.form.submit }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(tooMany));
  });
});
