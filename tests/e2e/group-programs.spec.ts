import { expect, test, type Page } from '@playwright/test';
import { axe } from './support/axe';
import { signUp } from './support/accounts';
import { atStep, chooseReason, confirm, continueStep, demo, fillAddress, main, messages, signIn } from './support/booking';
import { linkFromMail, linkIn, waitForMail } from './support/outbox';

/**
 * Issue #28, in French: the dietitian schedules a two-seat session on the clinic's page; a
 * patient books a seat from the group-programs page (the flow opens with the session chosen); a
 * second, new patient books the last seat; a third visitor finds it full on the page; the first
 * patient cancels from the e-mailed link and the page offers that one seat again. Each seat's
 * confirmation names the topic and no other attendee. axe-clean pages.
 */

const fr = messages.fr;
const g = fr.ClinicGroups;
const p = fr.GroupPrograms;
const topic = 'Cuisiner pour la santé du cœur';
const groupPage = '/fr/services/programmes-de-groupe';

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The session's entry on the group-programs page (the list comes from the browser's fetch). */
function sessionCard(page: Page) {
  return main(page).getByTestId('group-session').filter({ hasText: 'Claire Bouchard' }).filter({ hasText: 'Centre-ville' });
}

/** From the group-programs page to the booked seat, for a signed-in patient. */
async function bookFromPage(page: Page) {
  await page.goto(groupPage);
  const card = sessionCard(page);
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  await card.getByRole('link', { name: new RegExp(`^${p.book}`) }).click();
  // The language, the service, the office and the session come chosen from the link.
  await atStep(page, fr.Booking.session.title);
  await continueStep(page, 'fr');
  await atStep(page, fr.Booking.service.title);
  await expect(main(page).getByRole('button', { name: new RegExp(fr.Services['group-programs'].name) })).toHaveAttribute('aria-pressed', 'true');
  await continueStep(page, 'fr');
  await atStep(page, fr.Booking.contact.title);
  await continueStep(page, 'fr');
  await fillAddress(page, 'fr');
  await chooseReason(page, 'fr', 'Gestion du poids');
  await atStep(page, fr.Booking.location.title);
  await expect(main(page).getByRole('button', { name: /Centre-ville/ })).toHaveAttribute('aria-pressed', 'true');
  await continueStep(page, 'fr');
  await atStep(page, fr.Booking.datetime.title);
  const chosen = main(page).locator('ul[aria-labelledby="booking-slots"] button[aria-pressed="true"]');
  await expect(chosen).toContainText(topic);
  await continueStep(page, 'fr');
  const bookedAfter = Date.now();
  await confirm(page, 'fr');
  await expect(main(page).getByRole('heading', { name: fr.Booking.success.title })).toBeFocused();
  return bookedAfter;
}

test('a French group session: two patients take its two seats from the group-programs page, a third visitor finds it full, axe-clean', async ({ page: desk, browser }) => {
  test.setTimeout(240_000);
  // Some evening two to three weeks ahead, in the clinic's calendar.
  const day = new Date(Date.now() + (15 + Math.floor(Math.random() * 7)) * 86_400_000);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(day);

  // The dietitian schedules it on the clinic's page, in French.
  await signIn(desk, 'fr', demo.employee);
  await desk.goto('/fr/profile/seances-de-groupe');
  const form = main(desk).getByRole('form', { name: g.scheduleTitle });
  await form.getByLabel(g.topic).selectOption({ label: topic });
  await form.getByLabel(g.dietitian).selectOption({ label: 'Claire Bouchard' });
  await form.getByLabel(g.office).selectOption({ label: 'Centre-ville' });
  await form.getByLabel(g.date).fill(date);
  await form.getByLabel(g.time).fill('19:30');
  await form.getByLabel(g.language).selectOption({ label: g.french });
  await form.getByLabel(g.capacity).fill('2');
  await form.getByRole('button', { name: g.submit }).click();
  await expect(main(desk).getByRole('status')).toHaveText('La séance est planifiée.');
  await expectNoAxeViolations(desk);

  // The demo patient finds it on the page with its two seats, and books one.
  const first = await (await browser.newContext()).newPage();
  await signIn(first, 'fr', demo.patient);
  await first.goto(groupPage);
  await expect(sessionCard(first)).toContainText('Plus que 2 places', { timeout: 20_000 });
  await expect(sessionCard(first)).toContainText('En français');
  await expectNoAxeViolations(first);
  const firstAfter = await bookFromPage(first);
  const firstMail = await waitForMail(demo.patient.email, { after: firstAfter, subject: /Rendez-vous confirmé/ });
  expect(firstMail.text).toContain(`Programmes de groupe — ${topic}`);

  // A new patient signs up, and books the last seat.
  const email = `seat-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.ca`;
  const password = 'une phrase assez longue pour 2026';
  const second = await (await browser.newContext()).newPage();
  const signedUpAfter = Date.now();
  await signUp(second, 'fr', { email, password, firstName: 'Inès' });
  await second.goto(await linkFromMail(email, { after: signedUpAfter }));
  await expect(main(second).getByText(fr.Auth.verify.success)).toBeVisible();
  await signIn(second, 'fr', { email, password });
  await second.goto(groupPage);
  await expect(sessionCard(second)).toContainText('Plus qu’une place', { timeout: 20_000 });
  const secondAfter = await bookFromPage(second);
  const secondMail = await waitForMail(email, { after: secondAfter, subject: /Rendez-vous confirmé/ });
  expect(secondMail.text).toContain(`Programmes de groupe — ${topic}`);
  // Neither confirmation names the other attendee.
  expect(secondMail.text).not.toContain(demo.patient.email);
  expect(firstMail.text).not.toContain(email);

  // A third visitor, signed out, finds it full: no link to book it.
  const third = await (await browser.newContext()).newPage();
  await third.goto(groupPage);
  await expect(sessionCard(third)).toContainText(p.full, { timeout: 20_000 });
  await expect(sessionCard(third).getByRole('link')).toHaveCount(0);
  await expectNoAxeViolations(third);

  // The first patient cancels from the e-mailed link: that seat frees, and the page offers it again.
  const m = fr.Manage;
  await first.goto(linkIn(firstMail.text, 'gerer-mon-rendez-vous'));
  await main(first).getByRole('button', { name: m.cancel }).click();
  await main(first).getByRole('button', { name: m.cancelConfirm }).click();
  await expect(main(first).getByRole('status').filter({ hasText: m.cancelledNow })).toBeFocused();
  await third.reload();
  await expect(sessionCard(third)).toContainText('Plus qu’une place', { timeout: 20_000 });
  await expect(sessionCard(third).getByRole('link')).toHaveCount(1);

  // The clinic's page counts the seat left.
  await desk.reload();
  await expect(main(desk).getByRole('listitem').filter({ hasText: topic }).filter({ hasText: 'Claire Bouchard' })).toContainText('1/2 places');
});
