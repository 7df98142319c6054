import { axe } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import en from '../../messages/en.json';
import fr from '../../messages/fr.json';

/**
 * The profile's appointments section (issue #5, Profile) for both demo roles, in both languages:
 * it loads (no skeleton left behind), shows the statistics meant for the role, has no axe
 * violations and fits a 320 px screen. Booking, rescheduling and cancelling from the profile are
 * covered by the booking flow's spec. Other specs may book for the demo accounts in parallel,
 * so only labels are asserted here, never counts.
 */

const messages = { en, fr } as const;
type Lang = keyof typeof messages;

const demo = {
  patient: { email: 'patient@demo.equilibrenutrition.ca', password: 'demo patient password 2026' },
  employee: { email: 'dietitian@demo.equilibrenutrition.ca', password: 'demo dietitian password 2026' },
};

const main = (page: Page) => page.locator('main');

async function openProfile(page: Page, lang: Lang, who: keyof typeof demo) {
  const t = messages[lang].Auth.login;
  await page.goto(lang === 'fr' ? '/fr/connexion' : '/login');
  await main(page).getByLabel(t.email).fill(demo[who].email);
  await main(page).getByLabel(t.password, { exact: true }).fill(demo[who].password);
  await main(page).getByRole('button', { name: t.submit }).click();
  await expect(page).toHaveURL(lang === 'fr' ? '/fr/profile' : '/profile');
  const a = messages[lang].Appointments;
  const section = main(page).getByRole('region', { name: a.heading, exact: true });
  // The statistics come with the list: once they show, the section has loaded.
  await expect(section.getByRole('heading', { name: a.statisticsHeading })).toBeVisible();
  await expect(section.getByRole('status')).toHaveCount(0);
  return section;
}

for (const lang of ['en', 'fr'] as const) {
  const a = messages[lang].Appointments;

  test(`a patient's appointments and statistics (${lang}), axe-clean`, async ({ page }) => {
    const section = await openProfile(page, lang, 'patient');
    for (const label of [a.statistics.upcoming, a.statistics.completed, a.statistics.next, a.statistics.consistency]) {
      await expect(section.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(section.getByText(a.statistics.today, { exact: true })).toHaveCount(0);
    await expect(section.getByRole('link', { name: a.book })).toBeVisible();
    const audit = await axe(page).analyze();
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });

  test(`an employee's appointments and statistics (${lang}), axe-clean`, async ({ page }) => {
    const section = await openProfile(page, lang, 'employee');
    for (const label of [a.statistics.today, a.statistics.week, a.statistics.month, a.statistics.preferredPatients]) {
      await expect(section.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(section.getByText(a.statistics.consistency, { exact: true })).toHaveCount(0);
    const audit = await axe(page).analyze();
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });
}

test('the appointments section fits a 320 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await openProfile(page, 'fr', 'patient');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
