import { axe } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import en from '../../messages/en.json';
import fr from '../../messages/fr.json';
import { signUp } from './support/accounts';
import { linkFromMail } from './support/outbox';

/**
 * SPEC §4 authentication, end to end: sign-up, e-mail verification (link read from the file
 * outbox), sign-in, the profile guard, password change and reset, sign-out.
 */

const messages = { en, fr } as const;
type Lang = keyof typeof messages;

const demo = {
  patient: { email: 'patient@demo.equilibrenutrition.ca', password: 'demo patient password 2026' },
  employee: { email: 'dietitian@demo.equilibrenutrition.ca', password: 'demo dietitian password 2026' },
};

const uniqueEmail = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.ca`;

/** The page's own content (the header has its own "Sign in" link). */
const main = (page: Page) => page.locator('main');

async function signIn(page: Page, lang: Lang, email: string, password: string) {
  const t = messages[lang].Auth.login;
  await main(page).getByLabel(t.email).fill(email);
  await main(page).getByLabel(t.password, { exact: true }).fill(password);
  await main(page).getByRole('button', { name: t.submit }).click();
}

test.describe('accounts', () => {
  test('sign up in French, verify the address, sign in, change the password, sign out', async ({ page }) => {
    const t = messages.fr;
    const email = uniqueEmail();
    const password = 'une phrase assez longue pour 2026';
    const newPassword = 'une autre phrase encore plus longue';

    const sentAfter = Date.now();
    await signUp(page, 'fr', { email, password, firstName: 'Camille' });
    await expect(main(page)).toContainText(email);

    // The e-mailed link opens the French verification page, which confirms at once.
    const link = await linkFromMail(email, { after: sentAfter });
    expect(link).toMatch(/^\/fr\/verifier-courriel\?/);
    await page.goto(link);
    await expect(main(page).getByText(t.Auth.verify.success)).toBeVisible();
    await main(page).getByRole('link', { name: t.Auth.verify.signIn }).click();

    await expect(page).toHaveURL('/fr/connexion');
    await signIn(page, 'fr', email, password);
    await expect(page).toHaveURL('/fr/profile');
    await expect(main(page)).toContainText('Camille Gagnon');
    await expect(main(page)).toContainText('+1 (613) 555-0199');
    await expect(main(page)).toContainText(t.Profile.roles.Patient);
    await expect(main(page)).toContainText(t.Profile.languages.fr);
    await expect(page.getByRole('banner').getByRole('link', { name: `Camille, ${t.AccountMenu.profileSuffix}` })).toBeVisible();

    await main(page).getByRole('link', { name: t.Profile.changePassword }).click();
    await expect(page).toHaveURL('/fr/changer-mot-de-passe');
    const c = t.Auth.changePassword;
    // A wrong current password is reported at its field.
    await page.getByLabel(c.current, { exact: true }).fill('pas le bon mot de passe du tout');
    await page.getByLabel(c.new, { exact: true }).fill(newPassword);
    await page.getByLabel(c.confirm).fill(newPassword);
    await page.getByRole('button', { name: c.submit }).click();
    await expect(page.getByLabel(c.current, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel(c.current, { exact: true }).fill(password);
    await page.getByRole('button', { name: c.submit }).click();
    await expect(page).toHaveURL('/fr/profile');

    // Signing out on a page that needs an account leads to the sign-in page.
    await main(page).getByRole('button', { name: t.Profile.signOut }).click();
    await expect(page).toHaveURL(/\/fr\/connexion\?next=%2Fprofile$/);
    await expect(page.getByRole('banner').getByRole('link', { name: t.AccountMenu.signIn })).toBeVisible();

    // The old password no longer works; the new one does, and returns to the profile.
    await signIn(page, 'fr', email, password);
    await expect(main(page).getByRole('alert')).toBeVisible();
    await signIn(page, 'fr', email, newPassword);
    await expect(page).toHaveURL('/fr/profile');
  });

  test('a forgotten password is reset through the e-mailed link, once', async ({ page }) => {
    const t = messages.en.Auth;
    const email = uniqueEmail();
    const password = 'a sentence long enough to be a password';
    const newPassword = 'another sentence that is just as long';

    const signedUpAt = Date.now();
    await signUp(page, 'en', { email, password, firstName: 'Alex' });
    await page.goto(await linkFromMail(email, { after: signedUpAt }));
    await expect(main(page).getByText(t.verify.success)).toBeVisible();

    await page.goto('/login');
    await main(page).getByRole('link', { name: t.login.forgot }).click();
    await expect(page).toHaveURL('/password-reset');
    const askedAt = Date.now();
    await main(page).getByLabel(t.resetRequest.email).fill(email);
    await main(page).getByRole('button', { name: t.resetRequest.submit }).click();
    await expect(page).toHaveURL('/password-reset-prompt');
    await expect(main(page)).toContainText(email);

    const link = await linkFromMail(email, { after: askedAt });
    expect(link).toMatch(/^\/reset-password\/[^/]+\/[^/]+$/);
    await page.goto(link);
    // The token in the address must not leak through the Referer header.
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    await page.getByLabel(t.resetConfirm.newPassword, { exact: true }).fill(newPassword);
    await page.getByLabel(t.resetConfirm.confirmPassword).fill(newPassword);
    await page.getByRole('button', { name: t.resetConfirm.submit }).click();
    await expect(page).toHaveURL('/login');

    await signIn(page, 'en', email, newPassword);
    await expect(page).toHaveURL('/profile');

    // A reset link works once.
    await page.goto(link);
    await page.getByLabel(t.resetConfirm.newPassword, { exact: true }).fill('yet another long enough sentence');
    await page.getByLabel(t.resetConfirm.confirmPassword).fill('yet another long enough sentence');
    await page.getByRole('button', { name: t.resetConfirm.submit }).click();
    await expect(main(page).getByText(t.resetConfirm.invalid)).toBeVisible();
  });

  test('the reset request answers the same for an address without an account', async ({ page }) => {
    const t = messages.en.Auth.resetRequest;
    await page.goto('/password-reset');
    await main(page).getByLabel(t.email).fill(uniqueEmail());
    await main(page).getByRole('button', { name: t.submit }).click();
    await expect(page).toHaveURL('/password-reset-prompt');
  });

  test('the guard sends a signed-out visitor to sign in, and back afterwards', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL('/login?next=%2Fprofile');
    await signIn(page, 'en', demo.patient.email, demo.patient.password);
    await expect(page).toHaveURL('/profile');
    await expect(main(page)).toContainText(messages.en.Profile.roles.Patient);

    // Marked authenticated now: the other guarded page opens at once.
    await page.goto('/change-password');
    await expect(page.getByLabel(messages.en.Auth.changePassword.current, { exact: true })).toBeVisible();
  });

  test('a signed-out visitor asking for change-password in French signs in and returns there', async ({ page }) => {
    await page.goto('/fr/changer-mot-de-passe');
    await expect(page).toHaveURL('/fr/connexion?next=%2Fchange-password');
    await signIn(page, 'fr', demo.patient.email, demo.patient.password);
    await expect(page).toHaveURL('/fr/changer-mot-de-passe');
  });

  test('an employee sees the employee role', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'en', demo.employee.email, demo.employee.password);
    await expect(page).toHaveURL('/profile');
    await expect(main(page)).toContainText(messages.en.Profile.roles.Employee);
  });

  test('a signed-in visitor never sees "Sign in" flash in the header on a new page load', async ({ page }) => {
    // /fr/inscription above set the French cookie: forget it to sign in on the English page.
    await page.context().clearCookies();
    await page.goto('/login');
    await signIn(page, 'en', demo.patient.email, demo.patient.password);
    await expect(page).toHaveURL('/profile');

    // Records whether a visible "Sign in" link ever appears in the header while loading.
    await page.addInitScript((label) => {
      const w = window as unknown as { sawSignIn: boolean };
      w.sawSignIn = false;
      new MutationObserver(() => {
        for (const link of document.querySelectorAll('header a')) {
          if (link.textContent?.trim() === label) w.sawSignIn = true;
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    }, messages.en.AccountMenu.signIn);
    await page.goto('/about-us');
    await expect(page.getByRole('banner').getByRole('button', { name: messages.en.AccountMenu.signOut })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sawSignIn: boolean }).sawSignIn)).toBe(false);

    // Content renders without waiting for the session check.
    await expect(page.locator('main h1')).toBeVisible();
  });

  test('wrong credentials are explained at the form', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'en', demo.patient.email, 'not the password of this account');
    await expect(main(page).getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('banner').getByRole('link', { name: messages.en.AccountMenu.signIn })).toBeVisible();
  });

  test('an unverified account is offered a new link, to the address kept from the sign-in', async ({ page }) => {
    const t = messages.en.Auth;
    const email = uniqueEmail();
    const password = 'a sentence long enough to be a password';
    await signUp(page, 'en', { email, password, firstName: 'Sam' });

    await page.goto('/login');
    await signIn(page, 'en', email, password);
    await main(page).getByRole('link', { name: t.login.resendLink }).click();
    await expect(page).toHaveURL('/verify-email-prompt');
    // The address is known (kept in the store, not the URL): only the button is needed.
    await expect(main(page)).toContainText(email);
    const resentAt = Date.now();
    await main(page).getByRole('button', { name: t.resend.submit }).click();
    await expect(main(page).getByText(t.resend.verificationSent)).toBeVisible();
    expect(await linkFromMail(email, { after: resentAt })).toMatch(/^\/verify-email\?/);
  });

  test('an invalid verification link offers a new one', async ({ page }) => {
    const t = messages.en.Auth;
    await page.goto('/verify-email?uid=MTI&token=not-a-real-token');
    await expect(main(page).getByText(t.verify.invalid)).toBeVisible();
    await expect(main(page).getByLabel(t.resend.email)).toBeVisible();
  });

  test('employee sign-up needs an invitation', async ({ page }) => {
    const t = messages.en.Auth.employee;
    await page.goto('/signup/employee');
    await expect(main(page).getByText(t.missingInvite)).toBeVisible();

    await page.goto('/signup/employee?invite=not-a-real-invitation');
    await page.getByLabel(t.firstName).fill('Jordan');
    await page.getByLabel(t.lastName).fill('Roy');
    await page.getByLabel(t.password, { exact: true }).fill('a sentence long enough to be a password');
    await page.getByLabel(t.confirmPassword).fill('a sentence long enough to be a password');
    await page.getByRole('button', { name: t.submit }).click();
    await expect(main(page).getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL('/signup/employee?invite=not-a-real-invitation');
  });

  test('sign-up errors are shown at the fields, with no axe violations', async ({ page }) => {
    const t = messages.en.Auth.signup;
    await page.goto('/signup');
    await page.getByRole('button', { name: t.next }).click();
    await expect(page.getByLabel(t.email)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(t.email)).toBeFocused();
    const audit = await axe(page).analyze();
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });

  test('a signed-in profile has no axe violations', async ({ page }) => {
    // /fr/inscription above set the French cookie: forget it to sign in on the English page.
    await page.context().clearCookies();
    await page.goto('/login');
    await signIn(page, 'en', demo.patient.email, demo.patient.password);
    await expect(page).toHaveURL('/profile');
    await expect(main(page)).toContainText(messages.en.Profile.detailsHeading);
    const audit = await axe(page).analyze();
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });

  test('sign-in works with the keyboard alone', async ({ page }) => {
    const t = messages.en.Auth.login;
    await page.goto('/login');
    await main(page).getByLabel(t.email).focus();
    await page.keyboard.type(demo.patient.email);
    await page.keyboard.press('Tab');
    await expect(main(page).getByLabel(t.password, { exact: true })).toBeFocused();
    await page.keyboard.type(demo.patient.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/profile');
  });

  test('account pages fit a 320 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    for (const path of ['/login', '/signup', '/fr/inscription', '/password-reset', '/verify-email-prompt']) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    // /fr/inscription above set the French cookie: forget it to sign in on the English page.
    await page.context().clearCookies();
    await page.goto('/login');
    await signIn(page, 'en', demo.patient.email, demo.patient.password);
    await expect(page).toHaveURL('/profile');
    await expect(main(page)).toContainText(messages.en.Profile.detailsHeading);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
