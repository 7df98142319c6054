import { expect, type Page } from '@playwright/test';
import en from '../../../messages/en.json';
import fr from '../../../messages/fr.json';

/** Driving /book-online as a visitor would, with the texts the app itself uses. */

export const messages = { en, fr } as const;
export type Lang = keyof typeof messages;

export const bookingPath = (lang: Lang) => (lang === 'fr' ? '/fr/reserver-en-ligne' : '/book-online');
const b = (lang: Lang) => messages[lang].Booking;

export const demo = {
  patient: { email: 'patient@demo.equilibrenutrition.ca', password: 'demo patient password 2026' },
  employee: { email: 'dietitian@demo.equilibrenutrition.ca', password: 'demo dietitian password 2026' },
};

export const main = (page: Page) => page.locator('main');
const stepHeading = (page: Page) => page.locator('#booking-step-title');

/** Waits for a step by its heading (which has focus once the step opened). */
export async function atStep(page: Page, title: string) {
  await expect(stepHeading(page)).toHaveText(title, { timeout: 20_000 });
}

export async function continueStep(page: Page, lang: Lang) {
  await main(page).getByRole('button', { name: b(lang).continue, exact: true }).click();
}

export async function signIn(page: Page, lang: Lang, who: { email: string; password: string }) {
  const t = messages[lang].Auth.login;
  await page.goto(lang === 'fr' ? '/fr/connexion' : '/login');
  await main(page).getByLabel(t.email).fill(who.email);
  await main(page).getByLabel(t.password, { exact: true }).fill(who.password);
  await main(page).getByRole('button', { name: t.submit }).click();
  // Signing in hashes the password (argon2id) and then renders the profile on the server.
  await expect(page).toHaveURL(lang === 'fr' ? '/fr/profile' : '/profile', { timeout: 20_000 });
}

/** Language step: the interface language is chosen already; continue. */
export async function passSession(page: Page, lang: Lang) {
  await atStep(page, b(lang).session.title);
  await continueStep(page, lang);
}

export async function chooseService(page: Page, lang: Lang, serviceName: string) {
  await atStep(page, b(lang).service.title);
  await main(page).getByRole('button', { name: new RegExp(serviceName) }).click();
  await expect(main(page).getByRole('button', { name: new RegExp(serviceName) })).toHaveAttribute('aria-pressed', 'true');
  await continueStep(page, lang);
}

export async function fillContact(page: Page, lang: Lang, person: { firstName: string; lastName: string; email: string; phone: string }) {
  const t = b(lang).contact;
  await atStep(page, t.title);
  await main(page).getByLabel(t.firstName, { exact: true }).fill(person.firstName);
  await main(page).getByLabel(t.lastName, { exact: true }).fill(person.lastName);
  await main(page).getByLabel(t.email, { exact: true }).fill(person.email);
  await main(page).getByLabel(t.phone, { exact: true }).fill(person.phone);
  await continueStep(page, lang);
}

export async function fillAddress(page: Page, lang: Lang) {
  const t = messages[lang].Auth.signup;
  await atStep(page, b(lang).address.title);
  await main(page).getByLabel(t.streetNumber).fill('150');
  await main(page).getByLabel(t.streetName).fill('Elgin Street');
  await main(page).getByLabel(t.city).fill('Ottawa');
  await main(page).getByLabel(t.postalCode).fill('k2p 1l4');
  await continueStep(page, lang);
}

/** Reasons: the first one by its visible name; offices are fetched once it is checked. */
export async function chooseReason(page: Page, lang: Lang, reason: string, message = '') {
  await atStep(page, b(lang).reasons.title);
  await main(page).getByLabel(b(lang).reasons.reason.replace('{number}', '1')).selectOption({ label: reason });
  if (message) await main(page).getByLabel(b(lang).reasons.message).fill(message);
  await continueStep(page, lang);
}

export async function chooseOffice(page: Page, lang: Lang, office: string) {
  await atStep(page, b(lang).location.title);
  await main(page).getByRole('button', { name: new RegExp(office) }).click();
  await continueStep(page, lang);
}

/**
 * Picks the `dateIndex`-th date with free times (counted across months, the last one if there
 * are fewer), then its `slotIndex`-th time; returns the time's text.
 */
/**
 * Clicks the `index`-th date with free times, counted across months (› when the month shown has
 * fewer: at the end of a month, the first one shown may hold a single date), or the last one.
 */
export async function chooseDate(page: Page, lang: Lang, index: number): Promise<void> {
  const enabled = main(page).locator('table button:not([disabled])');
  const nextMonth = main(page).getByRole('button', { name: b(lang).datetime.nextMonth });
  await expect(enabled.first()).toBeVisible({ timeout: 20_000 });
  let left = index;
  for (;;) {
    const count = await enabled.count();
    if (left < count) {
      await enabled.nth(left).click();
      return;
    }
    if ((await nextMonth.getAttribute('aria-disabled')) === 'true') {
      await enabled.last().click();
      return;
    }
    left -= count;
    await nextMonth.click();
  }
}

export async function chooseFirstSlot(page: Page, lang: Lang, dateIndex = 0, slotIndex = 0): Promise<string> {
  await atStep(page, b(lang).datetime.title);
  await chooseDate(page, lang, dateIndex);
  const slots = main(page).locator('ul[aria-labelledby="booking-slots"] button');
  const slot = slots.nth(Math.min(slotIndex, (await slots.count()) - 1));
  const text = (await slot.textContent()) ?? '';
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await continueStep(page, lang);
  return text;
}

export async function confirm(page: Page, lang: Lang, label: string = b(lang).confirmation.book) {
  await atStep(page, b(lang).confirmation.title);
  await main(page).getByRole('button', { name: label }).click();
}
