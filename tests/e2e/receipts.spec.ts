import { execFileSync } from 'node:child_process';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axe } from './support/axe';
import { demo, main, messages, signIn } from './support/booking';

/**
 * Payments and receipts (issue #20), in French, on the demo patient's French consultation that the
 * seed puts two weekdays back (lib/server/db/seed/demoVisits.ts; no other spec touches it): the
 * demo dietitian marks it completed on her agenda and records a card payment; the patient then
 * downloads the French receipt from the profile, and its text (poppler's pdftotext) is the
 * receipt's. axe-clean at each step.
 */

const fr = messages.fr;
const SERVICE = 'Consultation individuelle';

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Goes back a day at a time until the demo patient's French consultation shows; returns its card. */
async function findFrenchVisit(page: Page): Promise<Locator> {
  const heading = main(page).locator('#agenda-heading');
  await expect(heading).not.toHaveText(fr.ClinicAgenda.heading, { timeout: 20_000 });
  for (let step = 0; step < 10; step++) {
    await expect(main(page).getByText(fr.ClinicAgenda.loading)).toHaveCount(0);
    const visit = main(page).getByRole('article', { name: /Alex Martin/ }).filter({ hasText: SERVICE });
    if ((await visit.count()) > 0) return visit;
    const before = (await heading.textContent()) ?? '';
    await main(page).getByRole('button', { name: fr.ClinicAgenda.previousDay, exact: true }).click();
    await expect(heading).not.toHaveText(before);
  }
  throw new Error('No French consultation of Alex Martin in the recent agenda: is the demo seed’s data there?');
}

test('a dietitian marks a French visit completed and records a card payment; the patient downloads the French receipt from the profile (fr), axe-clean', async ({ page: desk, browser }) => {
  test.setTimeout(120_000);
  const t = fr.ClinicPayments;

  // The dietitian, at her desk.
  await signIn(desk, 'fr', demo.employee);
  await desk.goto('/fr/profile/agenda');
  const visit = await findFrenchVisit(desk);
  await visit.getByRole('button', { name: fr.ClinicAgenda.markCompleted }).click();
  await expect(visit.getByText(fr.ClinicAgenda.status.completed, { exact: true })).toBeVisible();

  await visit.getByRole('button', { name: new RegExp(`^${t.toggle}`) }).click();
  await expect(visit.getByLabel(t.record.amount)).toHaveValue(/^160([,.]00)?$/);
  await expect(visit.getByLabel(t.record.date)).toHaveValue(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date()));
  await visit.getByRole('radio', { name: t.methods.card, exact: true }).check();
  await expectNoAxeViolations(desk);
  await visit.getByRole('button', { name: t.record.submit }).click();
  const status = visit.getByRole('status').filter({ hasText: /Reçu R-\d{4}-\d{6} émis/ });
  await expect(status).toBeVisible();
  const number = /R-\d{4}-\d{6}/.exec((await status.textContent()) ?? '')![0];
  await expect(visit.getByText(t.balance)).toBeVisible();
  await expect(visit.getByRole('link', { name: `${t.download} ${number}` })).toBeVisible();
  await expectNoAxeViolations(desk);

  // The patient, at home: a fresh browser context (nobody signed in).
  const context = await browser.newContext();
  const home = await context.newPage();
  await signIn(home, 'fr', demo.patient);
  const receipts = main(home).getByRole('region', { name: fr.Receipts.heading, exact: true });
  const link = receipts.getByRole('link', { name: `Télécharger le reçu ${number}`, exact: true });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(home);
  const [download] = await Promise.all([home.waitForEvent('download'), link.click()]);
  const file = await download.path();
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ');
  for (const field of ['REÇU', number, 'Alex Martin', SERVICE, 'Claire Bouchard, Dt.P.', 'Nº d’inscription à l’Ordre des diététistes de l’Ontario : 14237', 'Exonéré de TVH', 'Montant payé (Carte', 'Solde', '160,00 $', '0,00 $']) {
    expect(text, field).toContain(field);
  }
  expect(text).not.toContain('Habitudes alimentaires');
  await context.close();
});
