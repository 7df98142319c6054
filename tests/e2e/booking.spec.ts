import { axe } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from './support/outbox';
import {
  atStep,
  bookingPath,
  chooseFirstSlot,
  chooseOffice,
  chooseReason,
  chooseService,
  confirm,
  continueStep,
  demo,
  fillAddress,
  fillContact,
  main,
  messages,
  passSession,
  signIn,
  type Lang,
} from './support/booking';

/**
 * SPEC §4 booking in the browser, on the demo clinic: a guest in French, a patient who books,
 * moves and cancels, an employee booking for a patient, and axe on every step.
 */

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.ca`;

async function expectNoAxeViolations(page: Page) {
  const audit = await axe(page).analyze();
  expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('booking', () => {
  test('a guest books a guest-bookable service in French, gets the French e-mail with its .ics', async ({ page }) => {
    const lang: Lang = 'fr';
    const t = messages.fr;
    const email = uniqueEmail('invite');
    await page.goto(bookingPath(lang));
    await expect(main(page).getByRole('heading', { name: t.Booking.howTo.title })).toBeVisible();
    await passSession(page, lang);

    // Guests see only the guest-bookable services.
    await atStep(page, t.Booking.service.title);
    await expect(main(page).getByRole('button', { name: new RegExp(t.Services['individual-consultation'].name) })).toBeVisible();
    await expect(main(page).getByRole('button', { name: new RegExp(t.Services['nutrition-plan'].name) })).toHaveCount(0);
    await expect(main(page)).toContainText('160,00');
    await chooseService(page, lang, t.Services['individual-consultation'].name);

    await fillContact(page, lang, { firstName: 'Élise', lastName: 'Gauthier', email, phone: '613 555 0142' });
    await fillAddress(page, lang);
    await chooseReason(page, lang, 'Gestion du poids');
    await chooseOffice(page, lang, 'Centre-ville');
    const slot = await chooseFirstSlot(page, lang);
    // Canadian French times (issue 26): « 9 h 45 à 10 h 30 », no-break spaces, never « 09:45 ».
    expect(slot).toMatch(/^\d{1,2}\u00a0h\u00a0\d{2} à \d{1,2}\u00a0h\u00a0\d{2}/);
    await atStep(page, t.Booking.confirmation.title);
    await expect(main(page)).toContainText('Élise Gauthier');
    await expect(main(page)).toContainText('K2P-1L4');
    await expect(main(page)).toContainText('+1 (613) 555-0142');
    const sentAfter = Date.now();
    await confirm(page, lang);

    await expect(main(page).getByRole('heading', { name: t.Booking.success.title })).toBeFocused();
    await expect(main(page).getByRole('link', { name: t.Booking.success.ics })).toHaveAttribute('href', /^data:text\/calendar/);
    await expect(main(page).getByRole('link', { name: t.Booking.success.google })).toHaveAttribute('href', /^https:\/\/calendar\.google\.com\//);

    const mail = (await waitForMail(email, { after: sentAfter })) as Awaited<ReturnType<typeof waitForMail>> & {
      attachments?: Array<{ filename: string; contentType: string }>;
    };
    expect(mail.language).toBe('fr');
    expect(mail.subject).toMatch(/Rendez-vous confirmé/i);
    expect(mail.attachments?.map((a) => a.filename)).toEqual(['rendez-vous.ics']);
  });

  test('a patient books, sees it on the profile, moves it and cancels it', async ({ page }) => {
    const lang: Lang = 'en';
    const t = messages.en;
    await signIn(page, lang, demo.patient);
    await page.goto(`${bookingPath(lang)}?service=individual-consultation`);
    await passSession(page, lang);
    // The service page's link chose the service; a patient sees every service.
    await atStep(page, t.Booking.service.title);
    await expect(main(page).getByRole('button', { name: new RegExp(t.Services['individual-consultation'].name) })).toHaveAttribute('aria-pressed', 'true');
    await continueStep(page, lang);
    // Prefilled from the account.
    await atStep(page, t.Booking.contact.title);
    await expect(main(page).getByLabel(t.Booking.contact.email)).toHaveValue(demo.patient.email);
    await continueStep(page, lang);
    await fillAddress(page, lang);
    await chooseReason(page, lang, 'Heart health and cholesterol', 'Bring my last blood test');
    await chooseOffice(page, lang, 'Virtual');
    await chooseFirstSlot(page, lang, 3);
    // The summary names a virtual office once ("Virtual (video call)", not "... — Virtual").
    await atStep(page, t.Booking.confirmation.title);
    await expect(main(page).locator('dd').filter({ hasText: /^Virtual \(video call\)$/ })).toHaveCount(1);
    await confirm(page, lang);
    await expect(main(page).getByRole('heading', { name: t.Booking.success.title })).toBeVisible();

    await main(page).getByRole('link', { name: t.Booking.success.profile }).click();
    await expect(page).toHaveURL('/profile');
    const card = main(page).getByRole('article').filter({ hasText: t.Services['individual-consultation'].name }).first();
    await expect(card).toBeVisible();
    const before = await card.textContent();

    // Move it: the booking flow opens in reschedule mode with the service and reasons kept.
    await card.getByRole('button', { name: 'Reschedule', exact: true }).click();
    await expect(page).toHaveURL(bookingPath(lang));
    await expect(main(page).getByRole('heading', { name: t.Booking.rescheduleTitle })).toBeVisible();
    // The notice (loaded with its date formatting only when moving) names the appointment moved.
    const notice = main(page).getByText(t.Booking.rescheduleNotice.split('{service}')[0]!);
    await expect(notice).toContainText(t.Services['individual-consultation'].name);
    await expect(notice).toContainText(/20\d\d/);
    await expect(main(page).getByRole('button', { name: t.Booking.cancelReschedule })).toBeVisible();
    await atStep(page, t.Booking.service.title);
    await expect(main(page).getByRole('button', { name: new RegExp(t.Services['individual-consultation'].name) })).toHaveAttribute('aria-pressed', 'true');
    await continueStep(page, lang);
    await atStep(page, t.Booking.contact.title);
    await continueStep(page, lang);
    await fillAddress(page, lang);
    await atStep(page, t.Booking.reasons.title);
    await expect(main(page).getByLabel('Reason 1')).toHaveValue(/\d+/);
    await continueStep(page, lang);
    await chooseOffice(page, lang, 'Virtual');
    // Another day than the first booking's.
    await chooseFirstSlot(page, lang, 5, 1);
    await confirm(page, lang, t.Booking.confirmation.move);
    await expect(main(page).getByRole('heading', { name: t.Booking.success.movedTitle })).toBeVisible();

    await main(page).getByRole('link', { name: t.Booking.success.profile }).click();
    const moved = main(page).getByRole('article').filter({ hasText: t.Services['individual-consultation'].name }).first();
    await expect(moved).toBeVisible();
    expect(await moved.textContent()).not.toBe(before);

    // Cancel it, through the confirmation dialog. Other tests book for the demo patient at the
    // same time, so the card is followed by its time, not by counting cards.
    const movedTime = (await moved.locator('time').textContent())!;
    await moved.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /Cancel appointment/ }).click();
    await expect(dialog).toBeHidden();
    await expect(
      main(page).getByRole('article').filter({ hasText: t.Services['individual-consultation'].name }).filter({ hasText: movedTime }),
    ).toHaveCount(0);
  });

  test('an employee books for a patient with automatic dietitian selection', async ({ page }) => {
    const lang: Lang = 'en';
    const t = messages.en;
    await signIn(page, lang, demo.employee);
    await page.goto(bookingPath(lang));
    await atStep(page, t.Booking.session.title);
    await main(page).getByLabel(t.Booking.employee.searchLabel).fill('demo');
    await main(page).getByRole('button', { name: t.Booking.employee.search, exact: true }).click();
    await main(page).getByRole('button', { name: /Choose .*Alex/ }).click();
    await expect(main(page).getByLabel(t.Booking.employee.dietitianLabel)).toHaveValue('-1');
    await continueStep(page, lang);
    await chooseService(page, lang, t.Services['nutrition-plan'].name);
    // The patient's own details, from their file.
    await atStep(page, t.Booking.contact.title);
    await expect(main(page).getByLabel(t.Booking.contact.email)).toHaveValue(demo.patient.email);
    await continueStep(page, lang);
    await atStep(page, t.Booking.address.title);
    await continueStep(page, lang);
    await chooseReason(page, lang, 'Diabetes and prediabetes');
    await chooseOffice(page, lang, 'Centretown');
    const slot = await chooseFirstSlot(page, lang, 8);
    expect(slot).toMatch(/with /);
    await atStep(page, t.Booking.confirmation.title);
    await expect(main(page)).toContainText('HST');
    await confirm(page, lang);
    await expect(main(page).getByRole('heading', { name: t.Booking.success.title })).toBeVisible();
  });

  for (const lang of ['en', 'fr'] as const) {
    test(`axe finds no violations on any step (${lang})`, async ({ page }) => {
      const t = messages[lang];
      await page.goto(bookingPath(lang));
      await atStep(page, t.Booking.session.title);
      await expectNoAxeViolations(page);
      await continueStep(page, lang);
      await atStep(page, t.Booking.service.title);
      await expectNoAxeViolations(page);
      await chooseService(page, lang, t.Services['nutrition-evaluation'].name);
      await atStep(page, t.Booking.contact.title);
      // Errors shown are part of the page too.
      await continueStep(page, lang);
      await expect(main(page).getByRole('alert').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await fillContact(page, lang, { firstName: 'Sam', lastName: 'Roy', email: uniqueEmail('axe'), phone: '6135550123' });
      await atStep(page, t.Booking.address.title);
      await expectNoAxeViolations(page);
      await fillAddress(page, lang);
      await atStep(page, t.Booking.reasons.title);
      await expectNoAxeViolations(page);
      await chooseReason(page, lang, lang === 'fr' ? 'Gestion du poids' : 'Weight management');
      await atStep(page, t.Booking.location.title);
      const office = lang === 'fr' ? 'Centre-ville' : 'Centretown';
      await expect(main(page).getByRole('button', { name: new RegExp(office) })).toBeVisible();
      await expectNoAxeViolations(page);
      await chooseOffice(page, lang, office);
      await atStep(page, t.Booking.datetime.title);
      await expect(main(page).locator('table button:not([disabled])').first()).toBeVisible();
      await main(page).locator('table button:not([disabled])').first().click();
      await expectNoAxeViolations(page);
      await main(page).locator('ul[aria-labelledby="booking-slots"] button').first().click();
      await continueStep(page, lang);
      await atStep(page, t.Booking.confirmation.title);
      await expectNoAxeViolations(page);
    });
  }

  test('works with the keyboard alone and at 320 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    const t = messages.en;
    await page.goto(bookingPath('en'));
    await atStep(page, t.Booking.session.title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // Continue by keyboard; focus lands on the next step's heading.
    await main(page).getByRole('button', { name: t.Booking.continue, exact: true }).focus();
    await page.keyboard.press('Enter');
    await atStep(page, t.Booking.service.title);
    await expect(page.locator('#booking-step-title')).toBeFocused();
    await main(page).getByRole('button', { name: new RegExp(t.Services['nutrition-evaluation'].name) }).focus();
    await page.keyboard.press('Enter');
    await expect(main(page).getByRole('button', { name: new RegExp(t.Services['nutrition-evaluation'].name) })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
