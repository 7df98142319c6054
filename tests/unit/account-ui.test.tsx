// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountMenu } from '@/components/auth/AccountMenu';
import { LoginForm } from '@/components/auth/LoginForm';
import { RequireAuth } from '@/components/auth/RequireAuth';
import { ProfileView } from '@/components/profile/ProfileView';
import { useRoleDescription } from '@/components/profile/useRoleDescription';
import type { AuthApi, User } from '@/lib/api/auth';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { createAppStores, StoresProvider, type AppStores } from '@/stores/StoresProvider';

const nav = vi.hoisted(() => ({
  pathname: '/profile',
  router: { push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() },
}));

/** The page's [locale] segment, as Next would give it (links and the router read it). */
const pageLocale = vi.hoisted(() => ({ value: 'en' as 'en' | 'fr' }));

vi.mock('next/navigation', () => ({
  useRouter: () => nav.router,
  usePathname: () => nav.pathname,
  useParams: () => ({ locale: pageLocale.value }),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

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
  user_profile: {
    profile_picture: null,
    profile_picture_url: null,
    preferred_language: { code: 'fr' },
    phone_number: '16135550142',
  },
  patient_data: { id: 3, preferred_dietitian: null, preferred_dietitian_name: null },
};

/** A controllable session: the token check waits until the test answers it. */
function fakeApi() {
  let answer: (valid: boolean) => void = () => {};
  const api = {
    validateToken: vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve))),
    me: vi.fn(async () => patient),
    login: vi.fn(async () => ({ user: patient })),
    logout: vi.fn(async () => {}),
  };
  return { api, answer: (valid: boolean) => act(async () => answer(valid)) };
}

let stores: AppStores;

function renderWith(ui: ReactNode, api: Partial<AuthApi>, locale: 'en' | 'fr' = 'en') {
  pageLocale.value = locale;
  stores = createAppStores(api as AuthApi);
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="America/Toronto">
      <StoresProvider stores={stores}>{ui}</StoresProvider>
    </NextIntlClientProvider>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  nav.pathname = '/profile';
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('account menu', () => {
  it('holds a neutral place while the start-up check runs, then offers Sign in to a visitor', async () => {
    const { api, answer } = fakeApi();
    renderWith(<AccountMenu texts={en.AccountMenu} />, api);
    // No flash of "Sign in": the place is kept but nothing is shown or announced.
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.getByTestId('account-pending')).toHaveAttribute('aria-hidden', 'true');
    expect(api.validateToken).toHaveBeenCalledTimes(1);

    await answer(false);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows the first name (to the profile) and Sign out for a signed-in visitor', async () => {
    const { api, answer } = fakeApi();
    renderWith(<AccountMenu texts={en.AccountMenu} />, api);
    await answer(true);
    const profile = await screen.findByRole('link', { name: 'Marie, my profile' });
    expect(profile).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.logout).toHaveBeenCalledTimes(1);
  });
});

describe('page guard', () => {
  it('validates the session of a visitor not marked authenticated, then shows the page', async () => {
    const { api, answer } = fakeApi();
    renderWith(
      <RequireAuth>
        <p>Private</p>
      </RequireAuth>,
      api,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    expect(screen.queryByText('Private')).toBeNull();
    await answer(true);
    expect(await screen.findByText('Private')).toBeInTheDocument();
    expect(nav.router.replace).not.toHaveBeenCalled();
  });

  it('sends a visitor without a session to the sign-in page, with the way back', async () => {
    nav.pathname = '/fr/changer-mot-de-passe';
    const { api, answer } = fakeApi();
    renderWith(
      <RequireAuth>
        <p>Private</p>
      </RequireAuth>,
      api,
      'fr',
    );
    await answer(false);
    await waitFor(() =>
      expect(nav.router.replace).toHaveBeenCalledWith('/fr/connexion?next=%2Fchange-password'),
    );
    expect(screen.queryByText('Private')).toBeNull();
  });
});

describe('login form', () => {
  it('signs in and returns to the page the guard came from', async () => {
    window.history.replaceState(null, '', '/login?next=%2Fchange-password');
    const { api, answer } = fakeApi();
    renderWith(<LoginForm />, api);
    await answer(false);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'marie@example.ca' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), {
      target: { value: 'a long enough password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(nav.router.replace).toHaveBeenCalledWith('/change-password'));
    expect(api.login).toHaveBeenCalledWith({ email: 'marie@example.ca', password: 'a long enough password' });
    expect(stores.auth.getState().isAuthenticated).toBe(true);
  });

  it('ignores a return path to another site', async () => {
    window.history.replaceState(null, '', '/login?next=%2F%2Fevil.example%2F');
    const { api, answer } = fakeApi();
    renderWith(<LoginForm />, api);
    await answer(false);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'marie@example.ca' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(nav.router.replace).toHaveBeenCalledWith('/profile'));
  });

  it('offers a new confirmation link when the address is not verified', async () => {
    const { api, answer } = fakeApi();
    api.login.mockRejectedValue({
      response: {
        status: 403,
        data: {
          code: 'email_not_verified',
          message: 'Please confirm your e-mail address first.',
          require_email_verification: true,
          password_reset_required: false,
        },
      },
    });
    renderWith(<LoginForm />, api);
    await answer(false);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'new@example.ca' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const link = await screen.findByRole('link', { name: 'Send me a new confirmation link' });
    expect(link).toHaveAttribute('href', '/verify-email-prompt');
    // The address is kept in the store, not in the URL.
    expect(stores.auth.getState().pendingEmail).toBe('new@example.ca');
  });

  it('goes to the reset prompt when the server requires a new password', async () => {
    const { api, answer } = fakeApi();
    api.login.mockRejectedValue({
      response: { status: 403, data: { code: 'password_reset_required', password_reset_required: true } },
    });
    renderWith(<LoginForm />, api);
    await answer(false);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'old@example.ca' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(nav.router.push).toHaveBeenCalledWith('/password-reset-prompt'));
  });

  it("shows the server's message, else 'Login failed.'", async () => {
    const { api, answer } = fakeApi();
    api.login.mockRejectedValue(new Error('offline'));
    renderWith(<LoginForm />, api);
    await answer(false);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'marie@example.ca' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed.');
  });

  it('lets the visitor see the password they typed', () => {
    const { api } = fakeApi();
    renderWith(<LoginForm />, api);
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});

describe('profile', () => {
  it('shows the account with its formatted phone, language and role, in French', async () => {
    const { api, answer } = fakeApi();
    renderWith(<ProfileView />, api, 'fr');
    await answer(true);
    expect(await screen.findByText('+1 (613) 555-0142')).toBeInTheDocument();
    expect(screen.getAllByText('Patient')).not.toHaveLength(0);
    expect(screen.getByText('Français')).toBeInTheDocument();
    expect(screen.getByText('15 janvier 2026')).toBeInTheDocument();
    expect(screen.getByText('MT')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('link', { name: 'Changer mon mot de passe' })).toHaveAttribute('href', '/fr/changer-mot-de-passe');
  });

  it('offers to try again when the profile could not be loaded', async () => {
    const { api, answer } = fakeApi();
    api.me.mockRejectedValueOnce(new Error('offline'));
    renderWith(<ProfileView />, api);
    await answer(true);
    expect(await screen.findByText('Your profile could not be loaded.')).toBeInTheDocument();
    expect(stores.auth.getState().needsRefresh).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Marie Tremblay', { selector: 'dd' })).toBeInTheDocument();
  });
});

describe('role description', () => {
  function roleIn(locale: 'en' | 'fr', profile: User | null) {
    pageLocale.value = locale;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr}>
        <StoresProvider stores={stores}>{children}</StoresProvider>
      </NextIntlClientProvider>
    );
    stores = createAppStores({ validateToken: async () => profile !== null, me: async () => profile! } as unknown as AuthApi);
    if (profile) stores.user.getState().setProfile(profile);
    return renderHook(() => useRoleDescription(), { wrapper }).result.current;
  }

  it("is 'Employee', 'Patient' or 'Unknown', localized", () => {
    expect(roleIn('en', { ...patient, is_employee: true })).toBe('Employee');
    expect(roleIn('en', patient)).toBe('Patient');
    expect(roleIn('en', null)).toBe('Unknown');
    expect(roleIn('fr', { ...patient, is_employee: true })).toBe('Employé');
    expect(roleIn('fr', { ...patient, is_patient: false })).toBe('Inconnu');
  });
});

describe('submitting', () => {
  it('sends once while the request runs, keeping focus on the button', async () => {
    const { api, answer } = fakeApi();
    let finish: () => void = () => {};
    api.login.mockImplementation(() => new Promise((resolve) => (finish = () => resolve({ user: patient }))));
    renderWith(<LoginForm />, api);
    await answer(false);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'marie@example.ca' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'x' } });
    const button = screen.getByRole('button', { name: 'Sign in' });
    button.focus();
    fireEvent.click(button);
    const pending = await screen.findByRole('button', { name: 'Signing in…' });
    expect(pending).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(pending);
    fireEvent.click(pending);
    expect(pending).toHaveFocus();
    await act(async () => finish());
    expect(api.login).toHaveBeenCalledTimes(1);
  });
});
