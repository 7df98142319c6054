import { expect, test, type Locator } from '@playwright/test';
import { axe } from './support/axe';
import { atStep, bookingPath, chooseOffice, chooseReason, chooseService, fillAddress, fillContact, main, messages, passSession } from './support/booking';

/**
 * Issue 27, item 15: scrolled down a long step, the booking's step bar stays whole under the
 * sticky site header (axe target-size counted the header's cover against its buttons), and a
 * field that takes keyboard focus is not hidden under either (WCAG 2.4.11). Checked on the date
 * step, at the waitlist form, at a phone's width and at a desktop's.
 */

const t = messages.en;
const w = t.Booking.waitlist;
const unique = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.ca`;

/** Where an element is on the screen now (top and bottom, in CSS pixels). */
async function edges(target: Locator) {
  return target.first().evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom };
  });
}

for (const viewport of [
  { name: 'a phone', width: 390, height: 844 },
  { name: 'a desktop', width: 1280, height: 800 },
]) {
  test(`scrolled to the waitlist form on ${viewport.name}, the step bar stays clear of the header and axe finds nothing`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(bookingPath('en'));
    await passSession(page, 'en');
    await chooseService(page, 'en', t.Services['individual-consultation'].name);
    await fillContact(page, 'en', { firstName: 'Nadia', lastName: 'Haddad', email: unique('scrolled'), phone: '613 555 0163' });
    await fillAddress(page, 'en');
    await chooseReason(page, 'en', 'Heart health and cholesterol');
    await chooseOffice(page, 'en', 'Virtual');
    await atStep(page, t.Booking.datetime.title);
    await expect(main(page).locator('table button:not([disabled])').first()).toBeVisible({ timeout: 20_000 });

    // By keyboard, as a keyboard user reaches it: open the waitlist, then Tab into its first field.
    const toggle = main(page).getByRole('button', { name: w.toggle });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    const from = main(page).getByLabel(w.from, { exact: true });
    await expect(from).toBeFocused();

    const stepBar = page.getByRole('navigation', { name: t.Booking.progressLabel });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const header = await edges(page.locator('body header'));
    const bar = await edges(stepBar);
    // The bar sits right under the header, not under it; the focused field is below both.
    expect(bar.top).toBeGreaterThanOrEqual(header.bottom - 0.5);
    expect(bar.top).toBeLessThanOrEqual(header.bottom + 0.5);
    expect((await edges(from)).top).toBeGreaterThanOrEqual(bar.bottom);
    // Every step stays one press away, whole (the filled-in steps are buttons).
    await expect(stepBar.getByRole('button', { name: new RegExp(t.Booking.steps.contact) })).toBeInViewport({ ratio: 1 });

    const atField = await axe(page).analyze();
    expect([...atField.passes, ...atField.violations, ...atField.incomplete].map((rule) => rule.id)).toContain('target-size');
    expect(atField.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Further down, at the form's button: the same.
    const submit = main(page).getByRole('button', { name: w.submit, exact: true });
    await submit.focus();
    await expect(submit).toBeInViewport({ ratio: 1 });
    const again = await edges(stepBar);
    expect(again.top).toBeGreaterThanOrEqual(header.bottom - 0.5);
    expect((await submit.boundingBox())!.y).toBeGreaterThanOrEqual(again.bottom);
    const atButton = await axe(page).analyze();
    expect(atButton.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
