import { execFileSync } from 'node:child_process';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axe } from './support/axe';
import { bookingPath, chooseFirstSlot, chooseOffice, chooseReason, chooseService, confirm, demo, fillAddress, fillContact, main, messages, passSession, signIn } from './support/booking';
import { waitForMail } from './support/outbox';

/**
 * A visit paid in advance, then cancelled by a guest through the manage link, is refunded by the
 * clinic (issue #27 item 6). A guest books in English a sports-performance consultation at
 * Centretown (only the demo dietitian, Claire Bouchard, offers it there in English), a few days
 * ahead; Claire records the payment on her agenda; the guest cancels from the e-mailed link; the
 * dietitian's notice says "Refund due"; the agenda shows the cancelled visit with "Refund due:
 * $X" and its payments open on the refund form; the refund is recorded, and its receipt prints
 * the guest's name letter for letter. axe-clean on the agenda.
 */

const en = messages.en;
const t = en.ClinicPayments;

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Goes forward a day at a time from today until the visit of `name` shows; returns its card. */
async function findVisitAhead(page: Page, name: string): Promise<Locator> {
  const heading = main(page).locator('#agenda-heading');
  await expect(heading).not.toHaveText(en.ClinicAgenda.heading, { timeout: 20_000 });
  for (let step = 0; step < 60; step++) {
    await expect(main(page).getByText(en.ClinicAgenda.loading)).toHaveCount(0);
    const visit = main(page).getByRole('article', { name: new RegExp(name) });
    if ((await visit.count()) > 0) return visit;
    const before = (await heading.textContent()) ?? '';
    await main(page).getByRole('button', { name: en.ClinicAgenda.nextDay, exact: true }).click();
    await expect(heading).not.toHaveText(before);
  }
  throw new Error(`No visit of ${name} in the agenda ahead`);
}

test('a guest cancels a visit paid in advance from the manage link; the clinic sees the refund due and records it (en), axe-clean', async ({ page: desk, browser }) => {
  test.setTimeout(180_000);
  // A name no other run has, in letters beyond Latin-1 (the receipt must print them).
  const suffix = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  const firstName = 'Łucja';
  const lastName = `Nguyễn-${suffix}`;
  const name = `${firstName} ${lastName}`;
  const email = `refund-${suffix}@example.ca`;

  // The guest books, some days ahead (outside the cancellation notice).
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(bookingPath('en'));
  await passSession(guest, 'en');
  await chooseService(guest, 'en', en.Services['individual-consultation'].name);
  await fillContact(guest, 'en', { firstName, lastName, email, phone: '613 555 0142' });
  await fillAddress(guest, 'en');
  await chooseReason(guest, 'en', 'Sports performance');
  await chooseOffice(guest, 'en', 'Centretown');
  await chooseFirstSlot(guest, 'en', 4);
  const bookedAfter = Date.now();
  await confirm(guest, 'en');
  await expect(main(guest).getByRole('heading', { name: en.Booking.success.title })).toBeFocused();
  const confirmation = await waitForMail(email, { after: bookedAfter, subject: /confirmed/i });
  const link = /https?:\/\/\S+\/manage-appointment#[A-Za-z0-9_-]{43}/.exec(confirmation.text)?.[0];
  expect(link, 'the confirmation carries the manage link').toBeTruthy();

  // The clinic takes the payment in advance, on the agenda.
  await signIn(desk, 'en', demo.employee);
  await desk.goto('/profile/agenda');
  let visit = await findVisitAhead(desk, name);
  await visit.getByRole('button', { name: new RegExp(`^${t.toggle}`) }).click();
  const amount = visit.getByLabel(t.record.amount);
  await expect(amount).toHaveValue(/^\d+\.\d{2}$/);
  const price = `$${await amount.inputValue()}`;
  await visit.getByRole('radio', { name: t.methods.card, exact: true }).check();
  await visit.getByRole('button', { name: t.record.submit }).click();
  await expect(visit.getByRole('status').filter({ hasText: /Receipt R-\d{4}-\d{6} issued/ })).toBeVisible();

  // The guest cancels from the e-mailed link.
  const url = new URL(link!);
  await guest.goto(url.pathname + url.hash);
  await main(guest).getByRole('button', { name: en.Manage.cancel }).click();
  const cancelledAfter = Date.now();
  await main(guest).getByRole('button', { name: en.Manage.cancelConfirm }).click();
  await expect(main(guest)).toContainText(en.Manage.status.cancelled);
  await context.close();

  // The dietitian's notice says the refund is due.
  const notice = await waitForMail(demo.employee.email, { after: cancelledAfter, subject: new RegExp(`cancelled: ${name}`) });
  expect(notice.text.replace(/[\u00a0\u202f]/g, ' ')).toContain(`Refund due: ${price}`);

  // The agenda shows the cancelled visit with the refund due, its payments open on the refund form.
  await desk.reload();
  visit = await findVisitAhead(desk, name);
  await expect(visit.getByText(en.ClinicAgenda.status.cancelled, { exact: true })).toBeVisible();
  await expect(visit.getByText(`Refund due: ${price}`)).toBeVisible();
  await expect(visit.getByRole('heading', { name: t.record.refundHeading })).toBeVisible();
  await expect(visit.getByLabel(t.record.amount)).toHaveValue(price.slice(1));
  await expectNoAxeViolations(desk);
  await visit.getByRole('radio', { name: t.methods.card, exact: true }).check();
  await visit.getByLabel(t.record.reason).fill('Cancelled by the patient');
  await visit.getByRole('button', { name: t.record.submitRefund }).click();
  const status = visit.getByRole('status').filter({ hasText: new RegExp(`Refund of \\${price} recorded\\. Receipt R-\\d{4}-\\d{6} issued\\.`) });
  await expect(status).toBeVisible();
  await expect(visit.getByText(t.refundedInFull)).toBeVisible();
  await expect(visit.getByText(`Refund due: ${price}`)).toHaveCount(0);
  await expectNoAxeViolations(desk);

  // The refund's receipt prints the guest's name letter for letter.
  const number = /R-\d{4}-\d{6}/.exec((await status.textContent()) ?? '')![0];
  const [download] = await Promise.all([desk.waitForEvent('download'), visit.getByRole('link', { name: `${t.download} ${number}`, exact: true }).click()]);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', await download.path(), '-'], { encoding: 'utf8' });
  for (const field of [name, 'Amount refunded (Card', 'Visit cancelled: nothing is owed for it.']) expect(text, field).toContain(field);
});
