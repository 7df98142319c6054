import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import fr from '../../messages/fr.json';
import { signUp } from './support/accounts';
import { axe } from './support/axe';
import { linkFromMail, waitForMail } from './support/outbox';

/**
 * Issue #30, in French, as a patient would: download everything the clinic holds (a ZIP with
 * data.json, its schema and a summary), open the summary, then close the account and find that
 * signing in no longer works. axe finds nothing on the profile, the summary or the closing screen.
 */

const main = (page: Page) => page.locator('main');
const violations = async (page: Page) => (await axe(page).analyze()).violations.map((v) => `${v.id}: ${v.nodes.length}`);

async function signIn(page: Page, email: string, password: string) {
  const t = fr.Auth.login;
  await page.goto('/fr/connexion');
  await main(page).getByLabel(t.email).fill(email);
  await main(page).getByLabel(t.password, { exact: true }).fill(password);
  await main(page).getByRole('button', { name: t.submit }).click();
}

test('a patient downloads their data, reads the summary, closes the account and can no longer sign in', async ({ page }) => {
  const email = `e2e-data-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.ca`;
  const password = 'une phrase assez longue pour 2026';
  const signedUpAt = Date.now();
  await signUp(page, 'fr', { email, password, firstName: 'Camille' });
  await page.goto(await linkFromMail(email, { after: signedUpAt }));
  await expect(main(page).getByText(fr.Auth.verify.success)).toBeVisible();
  await signIn(page, email, password);
  await expect(page).toHaveURL('/fr/profile');

  // "Mes données": one link, the ZIP at once.
  const t = fr.Profile;
  await expect(main(page).getByRole('heading', { name: t.myData.heading })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  const [download] = await Promise.all([page.waitForEvent('download'), main(page).getByRole('link', { name: t.myData.download }).click()]);
  expect(download.suggestedFilename()).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files).sort()).toEqual(['data.json', 'data.schema.json', 'summary.html']);
  const data = JSON.parse(strFromU8(files['data.json']!)) as { account: { email: string; first_name: string }; language: string };
  expect(data.account).toMatchObject({ email, first_name: 'Camille' });
  expect(data.language).toBe('fr');

  // The summary opens in the browser, in French, and reads well to a screen reader too.
  const summaryPath = path.join(tmpdir(), `summary-${Date.now()}.html`);
  await writeFile(summaryPath, files['summary.html']!);
  const summary = await page.context().newPage();
  await summary.goto(pathToFileURL(summaryPath).href);
  await expect(summary.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(summary.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(summary.locator('body')).toContainText('Camille');
  expect(await violations(summary)).toEqual([]);
  await summary.close();

  // Closing: the password again (a wrong one is refused at its field), then what was done.
  const c = t.close;
  await main(page).getByRole('button', { name: c.start }).click();
  await main(page).getByLabel(c.password, { exact: true }).fill('pas le bon mot de passe du tout');
  await main(page).getByRole('button', { name: c.submit }).click();
  await expect(main(page).getByLabel(c.password, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await main(page).getByLabel(c.password, { exact: true }).fill(password);
  const closedAt = Date.now();
  await main(page).getByRole('button', { name: c.submit }).click();
  await expect(main(page).getByRole('heading', { name: c.doneHeading })).toBeVisible();
  await expect(main(page)).toContainText(c.doneNothingKept);
  expect(await violations(page)).toEqual([]);
  const confirmation = await waitForMail(email, { after: closedAt, subject: /Votre compte est fermé/ });
  expect(confirmation.text).toContain('vous ne pouvez plus vous y connecter');
  await main(page).getByRole('button', { name: c.finish }).click();
  await expect(page).toHaveURL(/\/fr\/connexion/);

  // The account is closed: the right password no longer signs in.
  await signIn(page, email, password);
  await expect(main(page).getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/fr\/connexion/);
});
