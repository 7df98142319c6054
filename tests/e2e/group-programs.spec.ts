import { expect, test, type Page } from '@playwright/test';
import { axe } from './support/axe';
import { signUp } from './support/accounts';
import { atStep, chooseReason, confirm, continueStep, demo, fillAddress, main, messages, signIn } from './support/booking';
import { linkFromMail, linkIn, waitForMail } from './support/outbox';

/**
 * Issue #28, in French: the dietitian schedules a two-seat session at $45.00 a seat on the
 * clinic's page; a patient books a seat from the group-programs page (the flow opens with the
 * session chosen, at the session's price); a second, new patient books the last seat; a third
 * finds it full on the page and joins its waitlist from there; the first patient cancels from the
 * e-mailed link, and the third is offered that seat by e-mail and takes it in one click. Each
 * seat's confirmation names the topic and no other attendee. axe-clean pages.
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

/** From the group-programs page's link (to book, or to the waitlist) to the date step, for a signed-in patient. */
async function toDateStepFromPage(page: Page, link: string) {
  await page.goto(groupPage);
  const card = sessionCard(page);
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  await card.getByRole('link', { name: new RegExp(`^${link}`) }).click();
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
}

/** From the group-programs page to the booked seat, for a signed-in patient. */
async function bookFromPage(page: Page) {
  await toDateStepFromPage(page, p.book);
  await continueStep(page, 'fr');
  // The seat's own price: $45.00 and the HST.
  await expect(main(page).getByRole('row', { name: new RegExp(fr.Booking.confirmation.total) })).toContainText('50,85');
  const bookedAfter = Date.now();
  await confirm(page, 'fr');
  await expect(main(page).getByRole('heading', { name: fr.Booking.success.title })).toBeFocused();
  return bookedAfter;
}

test('a French group session: two patients take its two seats from the group-programs page, a third joins its waitlist and takes the seat the first cancels, axe-clean', async ({ page: desk, browser }) => {
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
  await form.getByLabel(g.price).fill('45,00');
  await form.getByRole('button', { name: g.submit }).click();
  await expect(main(desk).getByRole('status')).toHaveText('La séance est planifiée.');
  await expectNoAxeViolations(desk);

  // The demo patient finds it on the page with its two seats, and books one.
  const first = await (await browser.newContext()).newPage();
  await signIn(first, 'fr', demo.patient);
  await first.goto(groupPage);
  await expect(sessionCard(first)).toContainText('Plus que 2 places', { timeout: 20_000 });
  await expect(sessionCard(first)).toContainText('En français');
  await expect(sessionCard(first)).toContainText(/50,85\s\$ la place, taxes comprises/);
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

  // A third patient finds it full on the page, and joins its waitlist from there.
  const thirdEmail = `attente-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.ca`;
  const third = await (await browser.newContext()).newPage();
  const thirdSignedUpAfter = Date.now();
  await signUp(third, 'fr', { email: thirdEmail, password, firstName: 'Jeanne' });
  await third.goto(await linkFromMail(thirdEmail, { after: thirdSignedUpAfter }));
  await expect(main(third).getByText(fr.Auth.verify.success)).toBeVisible();
  await signIn(third, 'fr', { email: thirdEmail, password });
  await third.goto(groupPage);
  await expect(sessionCard(third)).toContainText(p.full, { timeout: 20_000 });
  await expect(sessionCard(third).getByRole('link', { name: new RegExp(`^${p.book}`) })).toHaveCount(0);
  await expectNoAxeViolations(third);
  await toDateStepFromPage(third, p.waitlist);
  await expect(main(third).getByText(fr.Booking.datetime.fullChosen)).toBeVisible();
  await expectNoAxeViolations(third);
  const joinedAfter = Date.now();
  await main(third).getByRole('button', { name: fr.Booking.waitlist.submit }).click();
  await expect(main(third).getByRole('status').filter({ hasText: thirdEmail })).toBeFocused();
  const joined = await waitForMail(thirdEmail, { after: joinedAfter, subject: /liste d’attente/ });
  expect(joined.text).toContain(`Programmes de groupe — ${topic}`);

  // The first patient cancels from the e-mailed link: that seat frees, and the third is offered it.
  const m = fr.Manage;
  await first.goto(linkIn(firstMail.text, 'gerer-mon-rendez-vous'));
  await main(first).getByRole('button', { name: m.cancel }).click();
  const cancelledAfter = Date.now();
  await main(first).getByRole('button', { name: m.cancelConfirm }).click();
  await expect(main(first).getByRole('status').filter({ hasText: m.cancelledNow })).toBeFocused();
  const offer = await waitForMail(thirdEmail, { after: cancelledAfter, subject: /Une plage s’est libérée/ });
  expect(offer.text).toContain(`Programmes de groupe — ${topic}`);
  expect(offer.text).not.toContain(demo.patient.email);
  await third.goto(linkIn(offer.text, 'liste-attente'));
  const w = fr.Waitlist;
  await expect(main(third).getByRole('heading', { name: w.offerTitle })).toBeVisible();
  await expectNoAxeViolations(third);
  const claimedAfter = Date.now();
  await main(third).getByRole('button', { name: w.claim }).click();
  await expect(main(third).getByRole('status').filter({ hasText: w.bookedNow })).toBeFocused();
  const thirdMail = await waitForMail(thirdEmail, { after: claimedAfter, subject: /Rendez-vous confirmé/ });
  expect(thirdMail.text).toContain(`Programmes de groupe — ${topic}`);
  expect(thirdMail.text).not.toContain(email);

  // The page shows it full again.
  await third.goto(groupPage);
  await expect(sessionCard(third)).toContainText(p.full, { timeout: 20_000 });

  // The clinic's page counts both seats taken.
  await desk.reload();
  await expect(main(desk).getByRole('listitem').filter({ hasText: topic }).filter({ hasText: 'Claire Bouchard' }).filter({ hasText: /19\s?h\s?30\s?–\s?21/ })).toContainText('2/2 places');
});

/** A small, valid one-page PDF, as a dietitian would attach (the server checks the %PDF- header). */
function handoutPdf(): Buffer {
  const body = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  return Buffer.from(body, 'latin1');
}

test('la diététiste marque la présence à une séance tenue, enregistre le paiement de la place et envoie les documents aux présents (fr), axe-clean', async ({ page: desk }) => {
  test.setTimeout(180_000);
  const a = fr.ClinicAgenda;
  const pay = fr.ClinicPayments;
  // The session the demo seed puts on the last weekday evening (lib/server/db/seed/demoGroupSessions.ts), the demo patient in a seat.
  await signIn(desk, 'fr', demo.employee);
  await desk.goto('/fr/profile/agenda');
  const heading = main(desk).locator('#agenda-heading');
  await expect(heading).not.toHaveText(a.heading, { timeout: 20_000 });
  const seat = main(desk).getByRole('article', { name: /Alex Martin/ }).filter({ hasText: 'Programmes de groupe' });
  for (let step = 0; step < 10 && (await seat.count()) === 0; step++) {
    await expect(main(desk).getByText(a.loading)).toHaveCount(0);
    if ((await seat.count()) > 0) break;
    const before = (await heading.textContent()) ?? '';
    await main(desk).getByRole('button', { name: a.previousDay, exact: true }).click();
    await expect(heading).not.toHaveText(before);
  }
  await expect(seat).toHaveCount(1);
  await expect(main(desk)).toContainText('1/8 places');

  // Present, and paid by card: the seat's receipt is issued.
  // A seat is no one-on-one visit: its panel and its announcement say seat and session (issue #38).
  await expect(seat.getByRole('group', { name: /^Marquer la place de Alex Martin à la séance de / })).toBeVisible();
  await seat.getByRole('button', { name: a.markCompleted }).click();
  await expect(seat.getByText(a.status.completed, { exact: true })).toBeVisible();
  await expect(main(desk).getByRole('status').filter({ hasText: /^La place de Alex Martin à la séance de .+ est marquée comme terminée\.$/ })).toBeVisible();
  await seat.getByRole('button', { name: new RegExp(`^${pay.toggle}`) }).click();
  await expect(seat.getByLabel(pay.record.amount)).toHaveValue(/^67[,.]80$/);
  await seat.getByRole('radio', { name: pay.methods.card, exact: true }).check();
  await seat.getByRole('button', { name: pay.record.submit }).click();
  await expect(seat.getByRole('status').filter({ hasText: /Reçu R-\d{4}-\d{6} émis/ })).toBeVisible();
  await expectNoAxeViolations(desk);

  // The handouts: a PDF attached to the session, then sent to the attendees marked present.
  await desk.goto('/fr/profile/seances-de-groupe');
  const recent = main(desk).getByRole('region', { name: g.recent });
  const held = recent.getByRole('listitem').filter({ hasText: topic }).filter({ hasText: 'Claire Bouchard' });
  await expect(held).toHaveCount(1, { timeout: 20_000 });
  await held.getByRole('button', { name: g.handouts, exact: true }).click();
  const pdf = handoutPdf();
  await held.getByLabel(g.handoutFile).setInputFiles({ name: 'recettes-coeur.pdf', mimeType: 'application/pdf', buffer: pdf });
  await held.getByRole('button', { name: g.attach }).click();
  await expect(main(desk).getByRole('status').filter({ hasText: '« recettes-coeur.pdf » est joint.' })).toBeVisible();
  // Audited from the top of the page: wherever the attach left the scroll, axe's target-size
  // counted the sticky site header's cover against the session form's button beneath it (one CI
  // run in three), a scroll position, not the page (booking-scrolled.spec checks the header's cover).
  await desk.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(desk);
  const sentAfter = Date.now();
  await held.getByRole('button', { name: g.sendHandouts }).click();
  await expect(main(desk).getByRole('status').filter({ hasText: 'Documents envoyés à 1 participant.' })).toBeVisible();

  // The demo patient's e-mail, in French, with the file's own link: the exact PDF, never cached.
  const mail = await waitForMail(demo.patient.email, { after: sentAfter, subject: /Vos documents de la séance de groupe/ });
  expect(mail.text).toContain(topic);
  expect(mail.text).toContain('recettes-coeur.pdf');
  const link = /https?:\/\/\S+\/api\/handouts\/[A-Za-z0-9._-]+/.exec(mail.text)![0];
  const download = await desk.request.get(new URL(link).pathname);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  expect(download.headers()['cache-control']).toBe('no-store');
  expect(Buffer.compare(await download.body(), pdf)).toBe(0);

  // A second click sends nobody twice.
  await held.getByRole('button', { name: g.sendHandouts }).click();
  await expect(main(desk).getByRole('status').filter({ hasText: 'chaque personne présente les a déjà reçus' })).toBeVisible();
});
