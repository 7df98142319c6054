import { expect, test } from '@playwright/test';
import { axe } from './support/axe';
import { chooseDate, chooseFirstSlot, chooseOffice, chooseReason, chooseService, confirm, fillAddress, fillContact, main, messages, passSession, bookingPath } from './support/booking';
import { waitForMail } from './support/outbox';

/**
 * Issue 15: a French guest manages a virtual visit from the link in the confirmation e-mail,
 * without an account: sees it with its video link, moves it, then cancels it.
 */

const t = messages.fr.Manage;
const uniqueEmail = () => `invite-gestion-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.ca`;

/** The manage link's path and fragment: the token is in the fragment, never sent to the server. */
function manageLink(text: string): string {
  const link = /https?:\/\/\S+\/fr\/gerer-mon-rendez-vous#[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  if (!link) throw new Error(`No manage link in the e-mail: ${text}`);
  const url = new URL(link);
  return url.pathname + url.hash;
}

test('a French guest moves and cancels a virtual visit from the e-mailed link', async ({ page }) => {
  const email = uniqueEmail();
  await page.goto(bookingPath('fr'));
  await passSession(page, 'fr');
  await chooseService(page, 'fr', messages.fr.Services['individual-consultation'].name);
  await fillContact(page, 'fr', { firstName: 'Élise', lastName: 'Gauthier', email, phone: '613 555 0142' });
  await fillAddress(page, 'fr');
  await chooseReason(page, 'fr', 'Gestion du poids');
  await chooseOffice(page, 'fr', 'Virtuel');
  await chooseFirstSlot(page, 'fr', 1);
  const sentAfter = Date.now();
  await confirm(page, 'fr');
  await expect(main(page).getByRole('heading', { name: messages.fr.Booking.success.title })).toBeFocused();

  const confirmation = await waitForMail(email, { after: sentAfter, subject: /Rendez-vous confirmé/ });
  const joinLink = /Lien de l’appel vidéo\s:\s(https:\/\/meet\.jit\.si\/clinic-[0-9a-f]{32})/.exec(confirmation.text)?.[1];
  expect(joinLink, 'the confirmation carries the video room').toBeTruthy();
  const link = manageLink(confirmation.text);

  // The page: in French, what the e-mail says, the Join button's note, no referrer for the token.
  await page.goto(link);
  await expect(main(page).getByRole('heading', { level: 1, name: messages.fr.Pages['manage-appointment'].title })).toBeVisible();
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  await expect(main(page)).toContainText(t.status.booked);
  await expect(main(page)).toContainText(t.virtual);
  await expect(main(page)).toContainText('Bonjour Élise,');
  await expect(main(page)).not.toContainText('613');
  await expect(main(page).getByText(/Le bouton «\sRejoindre\s» s’affichera ici 15 minutes avant/)).toBeVisible();
  const before = await main(page).locator('dl').innerText();
  // Canadian French times (issue 26): « mardi 24 novembre 2026 à 9 h 45 », never « à 09:45 ».
  const facts = (await main(page).locator('dl').textContent()) ?? '';
  expect(facts).toMatch(/ \d{4} à \d{1,2}\u00a0h\u00a0\d{2}/);
  expect(facts).not.toMatch(/\d:\d{2}/);
  const audit = await axe(page).analyze();
  expect(audit.violations.map((v) => v.id)).toEqual([]);

  // Move it: the booking flow's calendar for this visit, then one click.
  await main(page).getByRole('button', { name: t.reschedule }).click();
  await expect(main(page).getByRole('heading', { name: t.pickTitle })).toBeVisible();
  // The fourth date with free times, across months: days ahead, so the moved visit can still be
  // cancelled online (the first month shown may hold only tomorrow, inside the 24-hour notice).
  await chooseDate(page, 'fr', 3);
  await main(page).locator('ul[aria-labelledby="manage-slots"] button').last().click();
  const movedAfter = Date.now();
  await main(page).getByRole('button', { name: t.confirmMove }).click();
  await expect(main(page).getByRole('status').filter({ hasText: t.movedNow })).toBeFocused();
  const after = await main(page).locator('dl').innerText();
  expect(after).not.toEqual(before);
  const moved = await waitForMail(email, { after: movedAfter, subject: /déplacé/i });
  const newJoinLink = /Lien de l’appel vidéo\s:\s(https:\/\/meet\.jit\.si\/clinic-[0-9a-f]{32})/.exec(moved.text)?.[1];
  expect(newJoinLink).toBeTruthy();
  expect(newJoinLink).not.toEqual(joinLink);

  // The old link now opens the moved visit.
  await page.goto(link);
  await expect(main(page)).toContainText(t.status.booked);
  expect(await main(page).locator('dl').innerText()).toEqual(after);

  // Cancel it.
  await main(page).getByRole('button', { name: t.cancel }).click();
  await expect(main(page).getByRole('heading', { name: t.cancelConfirmTitle })).toBeVisible();
  const cancelledAfter = Date.now();
  await main(page).getByRole('button', { name: t.cancelConfirm }).click();
  await expect(main(page).getByRole('status').filter({ hasText: t.cancelledNow })).toBeFocused();
  await expect(main(page)).toContainText(t.status.cancelled);
  await expect(main(page).getByRole('button', { name: t.cancel })).toHaveCount(0);
  await waitForMail(email, { after: cancelledAfter, subject: /annulé/i });

  // And it stays cancelled.
  await page.reload();
  await expect(main(page)).toContainText(t.status.cancelled);
});

test('a manage link that is not valid says so in French, with the clinic to call', async ({ page }) => {
  await page.goto(`/fr/gerer-mon-rendez-vous#${'A'.repeat(43)}`);
  await expect(main(page).getByRole('alert')).toContainText(messages.fr.Server.manageLinkInvalid);
  await page.goto('/fr/gerer-mon-rendez-vous');
  await expect(main(page).getByRole('alert')).toContainText('Le lien semble incomplet');
});
