import { axe } from './support/axe';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demo, main, messages, signIn, type Lang } from './support/booking';

/**
 * The clinic agenda (issue #8 item 2) as the demo dietitian, on the visits the demo seed puts on
 * the last weekdays before the server's first start (lib/server/db/seed/demoVisits.ts): each
 * test acts on its own guest's visit (English: Olivier Gagné, the last weekday; French: Nadia
 * Roy, the one before), so the two can run in parallel and no other spec touches them. Marks a
 * started visit completed (then no-show / undo), checks the announcement, focus and the mark
 * after a reload, and runs axe in both languages and at 320 px.
 */

const agendaPath = (lang: Lang) => (lang === 'fr' ? '/fr/profile/agenda' : '/profile/agenda');
const texts = (lang: Lang) => messages[lang].ClinicAgenda;

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function openAgenda(page: Page, lang: Lang) {
  await signIn(page, lang, demo.employee);
  await page.goto(agendaPath(lang));
  await loaded(page, lang);
}

/** The agenda has answered (the heading names a date and nothing is loading). */
async function loaded(page: Page, lang: Lang) {
  await expect(main(page).locator('#agenda-heading')).not.toHaveText(texts(lang).heading, { timeout: 20_000 });
  await expect(main(page).getByText(texts(lang).loading)).toHaveCount(0);
}

/** Goes back a day (or week) at a time until the visit of `name` shows; returns its card. */
async function findVisit(page: Page, lang: Lang, name: string, back: string): Promise<Locator> {
  const heading = main(page).locator('#agenda-heading');
  for (let step = 0; step < 10; step++) {
    const visit = main(page).getByRole('article', { name: new RegExp(name) });
    if ((await visit.count()) > 0) return visit;
    const before = (await heading.textContent()) ?? '';
    await main(page).getByRole('button', { name: back, exact: true }).click();
    await expect(heading).not.toHaveText(before);
    await loaded(page, lang);
  }
  throw new Error(`No visit of ${name} in the recent agenda: is the demo seed's data there?`);
}

/** The announcement for a visit's mark: the message's visit branch with the name filled in and any time. */
function announced(message: string, name: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const template = /other \{(.*)\}\}$/.exec(message)?.[1] ?? message; // {kind, select, seat {...} other {...}}
  const [before, after] = template.replace('{name}', name).split('{time}');
  return new RegExp(`${escape(before ?? '')}.+${escape(after ?? '')}`);
}

test('the demo dietitian marks a started visit completed, undoes it and marks it again (en), axe-clean', async ({ page }) => {
  const t = texts('en');
  const name = 'Olivier Gagné';
  await openAgenda(page, 'en');
  const visit = await findVisit(page, 'en', name, t.previousDay);
  await expect(visit.getByText(t.status.booked, { exact: true })).toBeVisible();
  await expect(visit.getByText(`${name} (${t.noAccount})`)).toBeVisible();
  await expectNoAxeViolations(page);

  await visit.getByRole('button', { name: t.markCompleted }).click();
  await expect(main(page).getByRole('status').filter({ hasText: announced(t.marked.completed, name) })).toBeVisible();
  await expect(visit.getByText(t.status.completed, { exact: true })).toBeVisible();
  // The pressed button is gone: focus is on the one in its place.
  await expect(visit.getByRole('button', { name: t.undo })).toBeFocused();
  await expectNoAxeViolations(page);

  await page.keyboard.press('Enter'); // Undo, from the keyboard
  await expect(visit.getByText(t.status.booked, { exact: true })).toBeVisible();
  await expect(visit.getByRole('button', { name: t.markCompleted })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(visit.getByText(t.status.completed, { exact: true })).toBeVisible();

  // Saved: still completed after a reload.
  const heading = await main(page).locator('#agenda-heading').textContent();
  await page.reload();
  await loaded(page, 'en');
  const again = await findVisit(page, 'en', name, t.previousDay);
  expect(await main(page).locator('#agenda-heading').textContent()).toBe(heading);
  await expect(again.getByText(t.status.completed, { exact: true })).toBeVisible();
});

test('la semaine de la diététiste : une absence puis son annulation (fr), sans violation axe, à 320 px', async ({ page }) => {
  const t = texts('fr');
  const name = 'Nadia Roy';
  await openAgenda(page, 'fr');
  await main(page).getByRole('button', { name: t.views.week, exact: true }).click();
  await expect(main(page).getByRole('button', { name: t.views.week, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(main(page).locator('#agenda-heading')).toContainText(t.weekRange.replace(' {range}', ''));
  await loaded(page, 'fr');
  const visit = await findVisit(page, 'fr', name, t.previousWeek);
  await expectNoAxeViolations(page);

  await visit.getByRole('button', { name: t.markNoShow, exact: true }).click();
  await expect(main(page).getByRole('status').filter({ hasText: announced(t.marked.no_show, name) })).toBeVisible();
  await expect(visit.getByText(t.status.no_show, { exact: true })).toBeVisible();
  await visit.getByRole('button', { name: t.undo }).click();
  await expect(visit.getByText(t.status.booked, { exact: true })).toBeVisible();
  await expect(main(page).getByRole('status').filter({ hasText: announced(t.marked.booked, name) })).toBeVisible();

  await page.setViewportSize({ width: 320, height: 720 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test('a patient is told the agenda is for clinic staff', async ({ page }) => {
  await signIn(page, 'en', demo.patient);
  await page.goto(agendaPath('en'));
  await expect(main(page).getByText(texts('en').staffOnly)).toBeVisible();
  await expectNoAxeViolations(page);
});
