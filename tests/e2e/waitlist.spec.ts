import { expect, test, type Page } from '@playwright/test';
import { axe } from './support/axe';
import { chooseFirstSlot, chooseOffice, chooseReason, chooseService, confirm, fillAddress, fillContact, main, messages, passSession, bookingPath } from './support/booking';
import { linkIn, waitForMail } from './support/outbox';

/**
 * Issue 16, in French: a guest joins the waitlist on the date step for the day of someone
 * else's visit; that patient cancels from their e-mailed link; the guest receives the offer of
 * the freed time, books it with one click, and the visit is theirs.
 */

const fr = messages.fr;
const w = fr.Booking.waitlist;
const t = fr.Waitlist;
const unique = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.ca`;
const consultation = fr.Services['individual-consultation'].name;

/** What a manage link opens, read from the API the manage page calls (the token goes in the body). */
async function visitOf(page: Page, manageLink: string): Promise<{ status: string; start: string }> {
  const token = manageLink.split('#')[1];
  const res = await page.request.post('/api/booking/manage', { data: { token } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { appointment: { status: string; start: string } }).appointment;
}

/** The walk of the booking flow up to the date step: a consultation at Orléans for weight management. */
async function walkToDates(page: Page, person: { firstName: string; lastName: string; email: string }) {
  await page.goto(bookingPath('fr'));
  await passSession(page, 'fr');
  await chooseService(page, 'fr', consultation);
  await fillContact(page, 'fr', { ...person, phone: '613 555 0142' });
  await fillAddress(page, 'fr');
  await chooseReason(page, 'fr', 'Gestion du poids');
  await chooseOffice(page, 'fr', 'Orléans');
}

test('a French guest joins the waitlist, a patient cancels, the guest claims the freed time', async ({ browser }) => {
  // A patient books a visit at Orléans, some days ahead (a day no other spec books there).
  const patientEmail = unique('patient-annule');
  const patientPage = await (await browser.newContext()).newPage();
  await walkToDates(patientPage, { firstName: 'Paul', lastName: 'Roy', email: patientEmail });
  await chooseFirstSlot(patientPage, 'fr', 6);
  const bookedAfter = Date.now();
  await confirm(patientPage, 'fr');
  await expect(main(patientPage).getByRole('heading', { name: fr.Booking.success.title })).toBeFocused();
  const patientLink = linkIn((await waitForMail(patientEmail, { after: bookedAfter, subject: /Rendez-vous confirmé/ })).text, 'gerer-mon-rendez-vous');
  const visit = await visitOf(patientPage, patientLink);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(visit.start));

  // A guest walks the same steps and, on the date step, joins the waitlist for that day.
  const guestEmail = unique('invite-attente');
  const page = await (await browser.newContext()).newPage();
  await walkToDates(page, { firstName: 'Élise', lastName: 'Gauthier', email: guestEmail });
  await expect(main(page).locator('table button:not([disabled])').first()).toBeVisible({ timeout: 20_000 });
  const toggle = main(page).getByRole('button', { name: w.toggle });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await main(page).getByLabel(w.from, { exact: true }).fill(day);
  await main(page).getByLabel(w.to, { exact: true }).fill(day);
  await expect(main(page).getByRole('checkbox', { name: w.time.morning })).toBeChecked();
  // Checked from the top of the page, as the other booking checks are: scrolled down to the form,
  // the sticky header covers part of the step bar's buttons, which axe counts against their size.
  await page.evaluate(() => window.scrollTo(0, 0));
  const form = await axe(page).analyze();
  expect(form.violations.map((v) => v.id)).toEqual([]);
  const joinedAfter = Date.now();
  await main(page).getByRole('button', { name: w.submit }).click();
  await expect(main(page).getByRole('status').filter({ hasText: guestEmail })).toBeFocused();
  const joined = await waitForMail(guestEmail, { after: joinedAfter, subject: /liste d’attente/ });
  expect(joined.text).not.toContain('Gestion du poids');
  const placeLink = linkIn(joined.text, 'liste-attente');

  // The place's page, in French: on the list, for that day.
  await page.goto(placeLink);
  await expect(main(page).getByRole('heading', { level: 1, name: fr.Pages.waitlist.title })).toBeVisible();
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  await expect(main(page)).toContainText(t.status.active);

  // The patient cancels from the e-mailed link: the freed time is offered to the guest at once.
  await patientPage.goto(patientLink);
  await main(patientPage).getByRole('button', { name: fr.Manage.cancel }).click();
  const cancelledAfter = Date.now();
  await main(patientPage).getByRole('button', { name: fr.Manage.cancelConfirm }).click();
  await expect(main(patientPage).getByRole('status').filter({ hasText: fr.Manage.cancelledNow })).toBeFocused();
  const offer = await waitForMail(guestEmail, { after: cancelledAfter, subject: /Une plage s’est libérée/ });
  expect(offer.text).not.toContain('Gestion du poids');

  // One click books it.
  await page.goto(linkIn(offer.text, 'liste-attente'));
  await expect(main(page).getByRole('heading', { name: t.offerTitle })).toBeVisible();
  // The offered time in Canadian French (issue 26): « … 2026 à 9 h 45 », never « à 09:45 ».
  expect((await main(page).textContent()) ?? '').toMatch(/ \d{4} à \d{1,2}\u00a0h\u00a0\d{2}/);
  const audit = await axe(page).analyze();
  expect(audit.violations.map((v) => v.id)).toEqual([]);
  const claimedAfter = Date.now();
  await main(page).getByRole('button', { name: t.claim }).click();
  await expect(main(page).getByRole('status').filter({ hasText: t.bookedNow })).toBeFocused();

  // The slot is theirs: the confirmation's manage link opens a booked visit at the freed time.
  const confirmation = await waitForMail(guestEmail, { after: claimedAfter, subject: /Rendez-vous confirmé/ });
  const theirs = await visitOf(page, linkIn(confirmation.text, 'gerer-mon-rendez-vous'));
  expect(theirs).toMatchObject({ status: 'booked', start: visit.start });
  expect(await visitOf(patientPage, patientLink)).toMatchObject({ status: 'cancelled' });

  // The offer's link now opens the booked visit, and the place has ended.
  await page.reload();
  await expect(main(page).getByRole('heading', { name: t.appointmentTitle })).toBeVisible();
  await expect(main(page)).toContainText(t.status.booked);
  await expect(main(page).getByRole('button', { name: t.claim })).toHaveCount(0);
});

test('a waitlist link that is not valid says so in French', async ({ page }) => {
  await page.goto(`/fr/liste-attente#${'A'.repeat(43)}`);
  await expect(main(page).getByRole('alert')).toContainText(fr.Server.waitlistLinkInvalid);
});
