// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { SignupWizard } from '@/components/auth/signup/SignupWizard';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import type { AuthApi } from '@/lib/api/auth';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { createAppStores, StoresProvider, type AppStores } from '@/stores/StoresProvider';

/** The Next.js app router, replaced by spies (next-intl's navigation wraps it). */
const nav = vi.hoisted(() => {
  const router = { push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() };
  return { router };
});

vi.mock('next/navigation', () => ({
  useRouter: () => nav.router,
  usePathname: () => '/signup',
  useParams: () => ({}),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

/** The account endpoints the wizard calls; the rest of lib/api/auth (failure reading) is real. */
const api = vi.hoisted(() => ({
  signup: vi.fn(),
  addressMetadata: vi.fn(),
  validateToken: vi.fn(),
}));

vi.mock('@/lib/api/auth', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/api/auth')>();
  return { ...actual, authApi: { ...actual.authApi, ...api } };
});

const metadata = {
  provinces: [
    { code: 'ON', name: 'Ontario' },
    { code: 'QC', name: 'Quebec' },
  ],
  countries: [
    { code: 'CA', name: 'Canada' },
    { code: 'US', name: 'United States' },
  ],
  language: 'en',
};

let stores: AppStores;

function renderWizard(locale: 'en' | 'fr' = 'en') {
  stores = createAppStores({ ...({} as AuthApi), validateToken: api.validateToken } as AuthApi);
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="America/Toronto">
      <StoresProvider stores={stores}>
        <SignupWizard />
      </StoresProvider>
    </NextIntlClientProvider>,
  );
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

const stepHeading = () => screen.getByRole('heading', { level: 2 });

async function fillCredentials() {
  type('E-mail address', 'Marie@Example.ca');
  type('Password', 'a sentence that is long enough');
  type('Confirm the password', 'a sentence that is long enough');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(stepHeading()).toHaveTextContent('Step 2 of 3'));
}

async function fillContact() {
  type('First name', 'Marie');
  type('Last name', 'Tremblay');
  type('Phone number', '613 555 0142');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(stepHeading()).toHaveTextContent('Step 3 of 3'));
}

beforeEach(() => {
  vi.clearAllMocks();
  api.validateToken.mockResolvedValue(false);
  api.addressMetadata.mockResolvedValue(metadata);
  api.signup.mockResolvedValue({ user: null });
});

describe('sign-up wizard', () => {
  it('shows where the visitor is: step 1 of 3, credentials', () => {
    renderWizard();
    expect(stepHeading()).toHaveTextContent('Step 1 of 3Credentials');
    const steps = screen.getByRole('list', { name: 'Sign-up progress' });
    expect(steps.querySelector('[aria-current="step"]')).toHaveTextContent('Credentials');
    // The interface language is the default preferred language.
    expect(screen.getByLabelText('English')).toBeChecked();
  });

  it('an invalid step cannot advance: errors show at the fields and focus goes to the first', async () => {
    renderWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    const email = screen.getByLabelText('E-mail address');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription(en.Validation.required);
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAccessibleDescription(
      expect.stringContaining(en.Validation.passwordTooShort),
    );
    expect(stepHeading()).toHaveTextContent('Step 1 of 3');

    // A short password, then a confirmation that does not match: still step 1.
    type('E-mail address', 'marie@example.ca');
    type('Password', 'too short');
    type('Confirm the password', 'too short');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(en.Validation.passwordTooShort)).toBeInTheDocument();
    type('Password', 'a sentence that is long enough');
    type('Confirm the password', 'a different sentence, also long');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(en.Validation.passwordsDoNotMatch)).toBeInTheDocument();
    expect(stepHeading()).toHaveTextContent('Step 1 of 3');
  });

  it('Back keeps what was typed, in every step', async () => {
    renderWizard();
    await fillCredentials();
    expect(stepHeading()).toHaveFocus();
    type('First name', 'Marie');
    type('Phone number', '613');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));

    await waitFor(() => expect(stepHeading()).toHaveTextContent('Step 1 of 3'));
    expect(screen.getByLabelText('E-mail address')).toHaveValue('Marie@Example.ca');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveValue('a sentence that is long enough');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Step 2 of 3'));
    // Unfinished input of step 2 came back too.
    expect(screen.getByLabelText('First name')).toHaveValue('Marie');
    expect(screen.getByLabelText('Phone number')).toHaveValue('613');

    // An invalid phone keeps the visitor on step 2.
    type('Last name', 'Tremblay');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(en.Validation.phoneInvalid)).toBeInTheDocument();
    expect(stepHeading()).toHaveTextContent('Step 2 of 3');

    type('Phone number', '613 555 0142');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Step 3 of 3'));
    type('Street name', 'Rue Principale');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Step 2 of 3'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Step 3 of 3'));
    expect(screen.getByLabelText('Street name')).toHaveValue('Rue Principale');
  });

  it('creates the account with the three steps in one body, then asks to check the inbox', async () => {
    renderWizard();
    await fillCredentials();
    await fillContact();

    // Defaults: Ontario, Canada, from the address metadata.
    const province = await screen.findByRole('combobox', { name: 'Province or territory' });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Quebec' })).toBeInTheDocument());
    expect(province).toHaveValue('ON');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('CA');

    type('Street number', '150');
    type('Street name', 'Elgin Street');
    type('City', 'Ottawa');
    const postal = screen.getByLabelText('Postal code');
    fireEvent.change(postal, { target: { value: 'k1p5g3' } });
    fireEvent.blur(postal);
    await waitFor(() => expect(postal).toHaveValue('K1P-5G3'));

    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(api.signup).toHaveBeenCalledTimes(1));
    expect(api.signup).toHaveBeenCalledWith({
      password: 'a sentence that is long enough',
      preferred_language: 'en',
      contact: {
        firstName: 'Marie',
        lastName: 'Tremblay',
        email: 'marie@example.ca',
        phone: '16135550142',
        createAccount: true,
      },
      address: {
        streetNumber: '150',
        streetName: 'Elgin Street',
        unitNumber: '',
        city: 'Ottawa',
        province: 'ON',
        postalCode: 'K1P5G3',
        country: 'CA',
      },
    });
    await waitFor(() => expect(nav.router.push).toHaveBeenCalledWith('/verify-email-prompt'));
    expect(stores.auth.getState().pendingEmail).toBe('marie@example.ca');
  });

  it('a province must fit the country: a non-Canadian address asks for its own region', async () => {
    renderWizard();
    await fillCredentials();
    await fillContact();
    await screen.findByRole('option', { name: 'United States' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'US' } });
    const region = await screen.findByLabelText('State, province or region');
    expect(region).toHaveValue('');
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'CA' } });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Province or territory' })).toHaveValue('ON'));
  });

  it("takes the server's field errors back to their step and focuses the first", async () => {
    api.signup.mockRejectedValue({
      response: {
        status: 409,
        data: {
          code: 'email_taken',
          messages: [{ message: 'An account already uses this e-mail address.', type: 'error' }],
        },
      },
    });
    renderWizard();
    await fillCredentials();
    await fillContact();
    type('Street number', '150');
    type('Street name', 'Elgin Street');
    type('City', 'Ottawa');
    type('Postal code', 'K1P 5G3');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    });

    await waitFor(() => expect(stepHeading()).toHaveTextContent('Step 1 of 3'));
    const email = screen.getByLabelText('E-mail address');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('An account already uses this e-mail address.');
    expect(email).toHaveValue('Marie@Example.ca');
    expect(nav.router.push).not.toHaveBeenCalled();
  });

  it('maps dotted field_errors paths of a validation error onto the address step', async () => {
    api.signup.mockRejectedValue({
      response: {
        status: 400,
        data: {
          code: 'validation_error',
          messages: [{ message: 'Some fields need checking.', type: 'error' }],
          field_errors: { 'address.city': ['Enter the city.'] },
        },
      },
    });
    renderWizard();
    await fillCredentials();
    await fillContact();
    type('Street number', '150');
    type('Street name', 'Elgin Street');
    type('City', 'Ottawa');
    type('Postal code', 'K1P 5G3');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    const city = screen.getByLabelText('City');
    await waitFor(() => expect(city).toHaveAccessibleDescription('Enter the city.'));
    expect(city).toHaveFocus();
    expect(stepHeading()).toHaveTextContent('Step 3 of 3');
  });

  it('speaks French under /fr, French being the default preferred language', async () => {
    renderWizard('fr');
    expect(stepHeading()).toHaveTextContent('Étape 1 sur 3');
    expect(screen.getByLabelText('Français')).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText(fr.Validation.passwordTooShort)).toBeInTheDocument();
  });

  it("shows zod's own texts (checks without a Validation key) in French under /fr", async () => {
    const schema = z.object({ code: z.string().min(3) });
    const { result } = renderHook(() => useZodResolver(schema), {
      wrapper: ({ children }) => (
        <NextIntlClientProvider locale="fr" messages={fr}>
          {children}
        </NextIntlClientProvider>
      ),
    });
    const outcome = await result.current({ code: 'a' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(outcome.errors.code?.message).toMatch(/Trop petit/);
  });
});
