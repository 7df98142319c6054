import { expect, type Page } from '@playwright/test';
import { messages, type Lang } from './booking';

/** Creating accounts as a visitor would: the three sign-up steps. */

const prefix = (lang: Lang) => (lang === 'fr' ? '/fr' : '');

/** Fills the three sign-up steps and creates the account; ends on the verification prompt. */
export async function signUp(page: Page, lang: Lang, person: { email: string; password: string; firstName: string }) {
  const t = messages[lang].Auth.signup;
  await page.goto(`${prefix(lang)}${lang === 'fr' ? '/inscription' : '/signup'}`);
  await page.getByLabel(t.email).fill(person.email);
  await page.getByLabel(t.password, { exact: true }).fill(person.password);
  await page.getByLabel(t.confirmPassword).fill(person.password);
  await expect(page.getByLabel(messages[lang].Auth.languages[lang])).toBeChecked();
  await page.getByRole('button', { name: t.next }).click();

  await page.getByLabel(t.firstName).fill(person.firstName);
  await page.getByLabel(t.lastName).fill('Gagnon');
  await page.getByLabel(t.phone).fill('613 555 0199');
  await page.getByRole('button', { name: t.next }).click();

  await page.getByLabel(t.streetNumber).fill('150');
  await page.getByLabel(t.streetName).fill('Elgin');
  await page.getByLabel(t.city).fill('Ottawa');
  await expect(page.getByLabel(t.province)).toHaveValue('ON');
  await expect(page.getByLabel(t.country)).toHaveValue('CA');
  await page.getByLabel(t.postalCode).fill('k1p 5g3');
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page).toHaveURL(`${prefix(lang)}${lang === 'fr' ? '/demande-de-verification-email' : '/verify-email-prompt'}`);
}
