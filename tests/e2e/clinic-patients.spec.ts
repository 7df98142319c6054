import { axe } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { localizedPath } from '../../lib/i18n/paths';
import { atStep, demo, main, messages, signIn, type Lang } from './support/booking';

/**
 * The clinic's patient records (issue #8, patients): the demo dietitian finds the demo patient
 * (Alex Martin) with the keyboard, opens the record, and books for them from there; the booking
 * flow starts with that patient chosen. Other specs book for the demo patient in parallel, so only
 * headings and labels of the history are asserted, never counts. Nothing here writes data.
 */

const PATIENT = 'Alex Martin';
/** The demo patient's preferred dietitian, the demo dietitian (lib/server/db/seed/team.ts). */
const DIETITIAN = 'Claire Bouchard';

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Signed in as the demo dietitian, the list searched for the demo patient, with the keyboard. */
async function findDemoPatient(page: Page, lang: Lang) {
  const t = messages[lang].ClinicPatients.list;
  await signIn(page, lang, demo.employee);
  await page.goto(localizedPath('/profile/patients', lang));
  const search = main(page).getByRole('searchbox', { name: t.searchLabel });
  await search.fill('MARTIN alex');
  await search.press('Enter');
  const link = main(page).getByRole('link', { name: PATIENT, exact: true });
  await expect(link).toBeVisible();
  await expect(main(page).getByRole('status').filter({ hasText: t.loading })).toHaveCount(0);
  return link;
}

for (const lang of ['en', 'fr'] as const) {
  const t = messages[lang].ClinicPatients;

  test(`the dietitian finds a patient, opens the record and books for them (${lang}), axe-clean`, async ({ page }) => {
    const link = await findDemoPatient(page, lang);
    const item = main(page).getByRole('listitem').filter({ has: page.getByRole('link', { name: PATIENT, exact: true }) });
    await expect(item).toContainText(demo.patient.email);
    await expect(item).toContainText(DIETITIAN);
    await expectNoAxeViolations(page);

    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${localizedPath('/profile/patients', lang)}/\\d+$`));
    await expect(main(page).getByRole('heading', { level: 2, name: PATIENT })).toBeVisible();

    const contact = main(page).getByRole('region', { name: t.detail.contactHeading });
    await expect(contact.getByRole('link', { name: demo.patient.email })).toBeVisible();
    await expect(contact).toContainText('+1 (613) 555-0188');
    await expect(contact).toContainText('K2P-1X4');
    await expect(contact).toContainText(DIETITIAN);
    for (const heading of [t.detail.upcomingHeading, t.detail.historyHeading, t.detail.statisticsHeading, t.detail.intakeHeading]) {
      await expect(main(page).getByRole('heading', { level: 3, name: heading })).toBeVisible();
    }
    await expectNoAxeViolations(page);

    await main(page).getByRole('link', { name: t.detail.book }).click();
    await expect(page).toHaveURL(/[?&]patient=\d+/);
    const booking = messages[lang].Booking;
    await atStep(page, booking.session.title);
    await expect(main(page).getByText(booking.employee.selected.replace('{name}', PATIENT))).toBeVisible();
    await expect(main(page).getByLabel(booking.employee.dietitianLabel)).toHaveValue('-1');
  });
}

test('the patient record fits a 320 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  const link = await findDemoPatient(page, 'fr');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await link.click();
  await expect(main(page).getByRole('heading', { level: 2, name: PATIENT })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('a patient is told the records are for clinic staff', async ({ page }) => {
  await signIn(page, 'en', demo.patient);
  await page.goto('/profile/patients');
  await expect(main(page).getByText(messages.en.ClinicPatients.staffOnly)).toBeVisible();
  await expect(main(page).getByRole('searchbox')).toHaveCount(0);
});
