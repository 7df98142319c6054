import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { serverNodeFlags } from './tests/system/support/server';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
/** A fresh embedded database and outbox for every run; tests read mail from `${dataDir}/outbox`. */
export const e2eDataDir = '.data-e2e';

// Playwright cannot download browsers here: use Debian's Chromium. Its headless shell (Debian's
// chromium-headless-shell, the same engine without the desktop browser around it) is what
// Playwright itself runs headless; it ran the route sweep in 52 s where the full browser took 79
// (issue #37). The Lighthouse gate keeps the full browser, as a visitor's.
const headlessShell = '/usr/bin/chromium-headless-shell';
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  // A sign-in and the profile that follows (argon2, then the page's first load) took over 5 s in
  // CI with two workers on two cores, though it succeeded (the "Welcome back" toast was on screen):
  // assertions wait 10 s before calling a slow machine a failure.
  expect: { timeout: 10_000 },
  // With TEST_REPORT_DIR set (CI), a JSON report too: scripts/ci-summary.mjs reads it.
  reporter: process.env.TEST_REPORT_DIR ? [['list'], ['json', { outputFile: `${process.env.TEST_REPORT_DIR}/e2e.json` }]] : [['list']],
  use: {
    baseURL,
    launchOptions: {
      executablePath,
      // The machine has no outside network: keep Chromium from trying.
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    // A trace of every test, kept when it fails: for a developer to open. CI keeps only its
    // printed output, and the recording cost a tenth of the suite's time there.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // `npm run test:e2e` builds first; the server runs the production build on an empty data dir,
    // bound to the loopback address only, as behind a reverse proxy (issue 14).
    command: `rm -rf ${e2eDataDir} && node ${serverNodeFlags(process.cwd()).join(' ')} scripts/start.mjs`,
    url: `${baseURL}/api/build`,
    reuseExistingServer: false,
    timeout: 120_000,
    // No reminder job: a reminder landing beside a confirmation would make mail checks racy.
    // Every spec books as a guest from this one machine: the guest limits (issue 18) are set for
    // the suite, not the defaults (5 an hour per address, 3 upcoming per e-mail).
    env: {
      SITE_URL: baseURL,
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      DATA_DIR: e2eDataDir,
      JOBS_INTERVAL_SECONDS: '0',
      GUEST_BOOKING_LIMIT_PER_HOUR: '1000',
      GUEST_UPCOMING_PER_EMAIL: '1000',
      // A clinic that sells taxable services (group programs) is registered for the HST: its
      // receipts need the number, and a taxable seat's payment is refused without it.
      CLINIC_HST_NUMBER: '123456789RT0001',
    },
  },
});
