import { axe } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { localizedPath } from '../../lib/i18n/paths';
import { demo, main, messages, signIn, type Lang } from './support/booking';
import { linkFromMail } from './support/outbox';

/**
 * The team page (issue #8 item 4): the demo dietitian (an administrator) invites a colleague,
 * who signs up from the e-mailed link (read from the file outbox) and signs in; the new account
 * is deactivated and reactivated from the page with the keyboard. Only accounts this spec creates
 * are changed: the seeded dietitians other specs book with are never deactivated.
 */

const teamPath = (lang: Lang) => localizedPath('/profile/team', lang);
const uniqueEmail = () => `e2e-team-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.ca`;
const password = 'une phrase assez longue pour 2026';

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const employeesSection = (page: Page) => main(page).locator('section[aria-labelledby="team-employees"]');
const invitationsSection = (page: Page) => main(page).locator('section[aria-labelledby="team-invitations"]');

test.describe('team', () => {
  test('an administrator invites a colleague, who signs up from the e-mailed link once', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const t = messages.en.ClinicTeam;
    const email = uniqueEmail();
    await signIn(page, 'en', demo.employee);
    await page.goto(teamPath('en'));
    await expect(employeesSection(page)).toBeVisible();

    // The invitation goes out in French: the colleague's language, not the administrator's.
    await main(page).getByLabel(t.invite.email).fill(email);
    await main(page).getByLabel(t.invite.languages.fr).check();
    const sentAt = Date.now();
    await main(page).getByRole('button', { name: t.invite.submit }).click();
    await expect(main(page).getByText(t.invite.sent.replace('{email}', email))).toBeVisible();
    await expect(invitationsSection(page)).toContainText(email);

    const link = await linkFromMail(email, { after: sentAt });
    expect(link).toMatch(/^\/fr\/inscription\/employe\?invite=/);

    // The colleague, in a browser of their own.
    const colleagueContext = await browser.newContext();
    const colleague = await colleagueContext.newPage();
    const a = messages.fr.Auth.employee;
    await colleague.goto(link);
    await main(colleague).getByLabel(a.firstName).fill('Noémie');
    await main(colleague).getByLabel(a.lastName).fill('Lavoie');
    await main(colleague).getByLabel(a.password, { exact: true }).fill(password);
    await main(colleague).getByLabel(a.confirmPassword).fill(password);
    await main(colleague).getByRole('button', { name: a.submit }).click();
    // The invitation proved the address: the next step is signing in, as after a verified sign-up.
    await expect(colleague).toHaveURL('/fr/connexion');
    const login = messages.fr.Auth.login;
    await main(colleague).getByLabel(login.email).fill(email);
    await main(colleague).getByLabel(login.password, { exact: true }).fill(password);
    await main(colleague).getByRole('button', { name: login.submit }).click();
    await expect(colleague).toHaveURL('/fr/profile');
    await expect(main(colleague)).toContainText('Noémie Lavoie');
    await expect(main(colleague)).toContainText(messages.fr.Profile.roles.Employee);

    // The link works once.
    await colleague.context().clearCookies();
    await colleague.goto(link);
    await main(colleague).getByLabel(a.firstName).fill('Noémie');
    await main(colleague).getByLabel(a.lastName).fill('Lavoie');
    await main(colleague).getByLabel(a.password, { exact: true }).fill(password);
    await main(colleague).getByLabel(a.confirmPassword).fill(password);
    await main(colleague).getByRole('button', { name: a.submit }).click();
    await expect(main(colleague).getByText(messages.fr.Server.inviteInvalid)).toBeVisible();
    await colleagueContext.close();

    // Back on the team page: the new colleague is listed, and is deactivated with the keyboard.
    await page.reload();
    const card = employeesSection(page).getByRole('listitem').filter({ hasText: email });
    await expect(card).toContainText('Noémie Lavoie');
    await card.getByRole('button', { name: `${t.employees.deactivate} Noémie Lavoie` }).focus();
    await page.keyboard.press('Enter');
    const question = t.employees.confirmQuestion.replace('{name}', 'Noémie Lavoie');
    await expect(card.getByText(question)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: t.employees.confirm })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(employeesSection(page).getByText(t.employees.deactivated.replace('{name}', 'Noémie Lavoie'))).toBeVisible();
    await expect(card).toContainText(t.employees.inactive);
    await expectNoAxeViolations(page);

    await card.getByRole('button', { name: `${t.employees.reactivate} Noémie Lavoie` }).click();
    await expect(employeesSection(page).getByText(t.employees.reactivated.replace('{name}', 'Noémie Lavoie'))).toBeVisible();
    await expect(card).toContainText(t.employees.active);
  });

  for (const lang of ['en', 'fr'] as const) {
    test(`the team page has no axe violations and fits 320 px (${lang})`, async ({ page }) => {
      const t = messages[lang].ClinicTeam;
      await signIn(page, lang, demo.employee);
      await page.goto(teamPath(lang));
      await expect(employeesSection(page).getByRole('heading', { name: 'Claire Bouchard' })).toBeVisible();
      await expectNoAxeViolations(page);

      // An invalid address is reported at its field, in the page's language.
      await main(page).getByLabel(t.invite.email).fill('not an address');
      await main(page).getByRole('button', { name: t.invite.submit }).click();
      await expect(main(page).getByLabel(t.invite.email)).toHaveAttribute('aria-invalid', 'true');
      await expect(main(page).getByText(messages[lang].Validation.emailInvalid)).toBeVisible();
      await expectNoAxeViolations(page);

      // The confirmation step, opened and left without changing anything.
      const other = employeesSection(page).getByRole('listitem').filter({ hasText: 'Sophie Tremblay' });
      await other.getByRole('button', { name: `${t.employees.deactivate} Sophie Tremblay` }).click();
      await expect(other.getByRole('group')).toBeVisible();
      await expectNoAxeViolations(page);
      await other.getByRole('button', { name: t.employees.cancel }).click();
      await expect(other.getByRole('button', { name: `${t.employees.deactivate} Sophie Tremblay` })).toBeFocused();

      await page.setViewportSize({ width: 320, height: 720 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });
  }

  test('a patient is told the page is for clinic staff', async ({ page }) => {
    await signIn(page, 'en', demo.patient);
    await page.goto(teamPath('en'));
    await expect(main(page).getByText(messages.en.ClinicTeam.staffOnly)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
