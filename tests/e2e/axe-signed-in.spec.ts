import { axe } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { localizedPath } from '../../lib/i18n/paths';
import { locales, type AppPathname } from '../../lib/i18n/routing';
import { demo, signIn } from './support/booking';
import { guarded } from './routes';

/**
 * The shell's route sweep sees the guarded pages signed out (they send the visitor to sign in).
 * Here each one is measured as the people who use it see it. The intake record needs a
 * submission: intake.spec.ts measures it in both languages.
 */
const measuredElsewhere = new Set<AppPathname>(['/profile/intake-forms/[id]']);
const patientPages: AppPathname[] = ['/profile', '/profile/intake-forms', '/change-password'];

async function expectNoViolations(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await expect(page).toHaveURL(url);
  await expect(page.locator('main h1')).toBeVisible();
  // Wait for the page's data (lists, forms) to replace its loading state.
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('main [style*="opacity"]')].every((el) => el.style.opacity === '1'),
  );
  const audit = await axe(page).analyze();
  expect(audit.violations.map((v) => `${url} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('every signed-in page has no axe violations for the dietitian, in both languages', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'en', demo.employee);
  const found = await page.request.get(`/api/booking/patients?search=${encodeURIComponent(demo.patient.email)}`);
  const { patients } = (await found.json()) as { patients: { id: number }[] };
  const params = { id: String(patients[0]!.id) };
  // English first: once a French page has set the language cookie, English addresses lead to French.
  for (const locale of locales) {
    for (const pathname of [...guarded].filter((p) => !measuredElsewhere.has(p))) {
      await expectNoViolations(page, localizedPath(pathname, locale, params));
    }
  }
});

test('the pages a patient has no axe violations, in both languages', async ({ page }) => {
  await signIn(page, 'en', demo.patient);
  for (const locale of locales) {
    for (const pathname of patientPages) await expectNoViolations(page, localizedPath(pathname, locale));
  }
});
