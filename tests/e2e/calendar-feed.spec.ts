import { expect, test } from '@playwright/test';
import { axe } from './support/axe';
import { demo, main, messages, signIn } from './support/booking';

/**
 * Issue #41 in French: the demo dietitian makes her private calendar link on her profile, copies
 * it, makes a new one, and the old link is refused (404) while the new one serves her calendar.
 * axe finds nothing before or after.
 */

const t = messages.fr.CalendarFeed;
const server = messages.fr.Server;

test('a dietitian makes her calendar link, copies it, makes a new one, and the old one is refused', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'fr', demo.employee);
  const section = main(page).getByRole('region', { name: t.heading });
  await expect(section.getByRole('button', { name: t.make })).toBeVisible({ timeout: 20_000 });
  expect((await axe(page).analyze()).violations.map((v) => v.id)).toEqual([]);

  await section.getByRole('button', { name: t.make }).click();
  await expect(section.getByText(server.calendarFeedMade)).toBeVisible();
  const first = await section.getByLabel(t.https).inputValue();
  expect(first).toMatch(/^http:\/\/localhost:\d+\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
  expect(await section.getByLabel(t.webcal).inputValue()).toBe(first.replace(/^http:/, 'webcal:'));
  await section.getByRole('button', { name: t.copy.replace('{which}', t.linkHttps) }).click();
  await expect(section.getByText(t.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  const served = await page.request.get(first);
  expect(served.status()).toBe(200);
  expect(await served.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect((await axe(page).analyze()).violations.map((v) => v.id)).toEqual([]);

  await section.getByRole('button', { name: t.remake }).click();
  await expect(section.getByText(server.calendarFeedRemade)).toBeVisible();
  const second = await section.getByLabel(t.https).inputValue();
  expect(second).not.toBe(first);
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(second)).status()).toBe(200);
  expect((await axe(page).analyze()).violations.map((v) => v.id)).toEqual([]);
});
