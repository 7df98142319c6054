import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { atStep, bookingPath, chooseService, continueStep, fillAddress, fillContact, main, messages, passSession } from './support/booking';

/**
 * SPEC §8: a booking token that expires mid-way resets the form to the start, with a toast.
 * A second server on the same build, with its own data directory and 10-second tokens.
 */

const PORT = 3212;
const TTL_SECONDS = 10;
const dataDir = '.data-e2e-expiry';
const origin = `http://localhost:${PORT}`;
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(dataDir, { recursive: true, force: true });
  server = spawn('npx', ['next', 'start', '-p', String(PORT)], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SITE_URL: origin, BOOKING_TOKEN_TTL_SECONDS: String(TTL_SECONDS) },
    stdio: 'ignore',
    detached: true,
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const up = await fetch(`${origin}/api/build`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error('the short-token server did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(() => {
  // The whole process group: npx and the Next server it started.
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

test('an expired booking token sends the visitor back to the start with a toast', async ({ page }) => {
  test.setTimeout(90_000);
  const t = messages.fr;
  await page.goto(`${origin}${bookingPath('fr')}`);
  await passSession(page, 'fr');
  await chooseService(page, 'fr', t.Services['nutrition-evaluation'].name);
  await fillContact(page, 'fr', { firstName: 'Luc', lastName: 'Paquette', email: `expiry-${Date.now()}@example.ca`, phone: '613 555 0177' });
  await fillAddress(page, 'fr');
  await atStep(page, t.Booking.reasons.title);
  await main(page).getByLabel('Motif 1').selectOption({ label: 'Gestion du poids' });

  // The tokens of the first steps run out while the visitor is on the reasons step.
  await page.waitForTimeout((TTL_SECONDS + 2) * 1000);
  await continueStep(page, 'fr');

  await atStep(page, t.Booking.session.title);
  await expect(page.locator('.Toastify').getByText(t.Server.bookingTokenExpired)).toBeVisible();
  // Shown at the top of the form, and announced.
  await expect(main(page).getByText(t.Booking.expired)).toHaveCount(2);
  // Everything was cleared: the service has to be chosen again.
  await continueStep(page, 'fr');
  await atStep(page, t.Booking.service.title);
  await expect(main(page).getByRole('button', { name: new RegExp(t.Services['nutrition-evaluation'].name) })).toHaveAttribute('aria-pressed', 'false');
});
