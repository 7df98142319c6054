import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { AccountMenu } from '@/components/auth/AccountMenu';
import { EmployeeSignupForm } from '@/components/auth/EmployeeSignupForm';
import { LoginForm } from '@/components/auth/LoginForm';
import { RequireAuth } from '@/components/auth/RequireAuth';
import { SignupWizard } from '@/components/auth/signup/SignupWizard';
import { VerifyEmail } from '@/components/auth/VerifyEmail';
import { VerifyEmailPrompt } from '@/components/auth/VerifyEmailPrompt';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { StoresProvider } from '@/stores/StoresProvider';

/**
 * The account pages are prerendered on the server (no window, no session known): each
 * client component must render there, in its neutral state, in both languages.
 */

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => '/profile',
  useParams: () => ({}),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

function html(ui: ReactNode, locale: 'en' | 'fr' = 'en') {
  return renderToString(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="America/Toronto">
      <StoresProvider>{ui}</StoresProvider>
    </NextIntlClientProvider>,
  );
}

describe('server rendering of the account components', () => {
  it('the header entry is a hidden placeholder until the session check runs in the browser', () => {
    const out = html(<AccountMenu linkClassName="nav" texts={en.AccountMenu} />);
    expect(out).toContain('aria-hidden="true"');
    expect(out).not.toContain('href="/login"');
  });

  it('guarded content waits for the browser', () => {
    const out = html(
      <RequireAuth>
        <p>Private</p>
      </RequireAuth>,
      'fr',
    );
    expect(out).toContain(fr.Auth.guard.checking);
    expect(out).not.toContain('Private');
  });

  it('the forms are in the HTML, labelled', () => {
    expect(html(<LoginForm />)).toContain(en.Auth.login.email);
    expect(html(<SignupWizard />, 'fr')).toContain(fr.Auth.signup.steps.credentials);
    expect(html(<EmployeeSignupForm />)).toContain(en.Auth.employee.firstName);
    expect(html(<VerifyEmail />)).toContain(en.Auth.verify.verifying);
    expect(html(<VerifyEmailPrompt />, 'fr')).toContain(fr.Auth.verifyPrompt.resendHeading);
  });
});
