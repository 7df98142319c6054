import os from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import base, { jsonReport } from './vitest.config.mts';

// Integration tests: domain code and route handlers against a real database (PGlite in memory,
// or PostgreSQL when TEST_DATABASE_URL is set, each test file getting its own database).
// Same aliases and module handling as the unit tests (vitest.config.mts).
const config = mergeConfig(
  base,
  defineConfig({
    test: {
      environment: 'node',
      // On PostgreSQL the files share one server and the race tests open 20-25 connections at
      // once: at most three files at a time stay under the default 100-connection cap.
      ...(process.env.TEST_DATABASE_URL ? { maxWorkers: Math.min(3, os.availableParallelism()) } : {}),
      // Starting PGlite, hashing passwords and spawning processes take seconds, not milliseconds.
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // The suites book many times as one guest from one address: the guest booking limits
      // (issue 18) are lifted here and tested with their defaults in guest-limits.test.ts.
      // Backups are sealed with scrypt at 2^12 rather than 2^18 (16 times less work, the same age
      // format and checks): the backup tests make and open about twenty of them (issue #37).
      env: { GUEST_BOOKING_LIMIT_PER_HOUR: '1000000', GUEST_UPCOMING_PER_EMAIL: '1000000', BACKUP_SCRYPT_WORK_FACTOR: '12' },
    },
  }),
);
// mergeConfig concatenates lists: these replace the unit tests' instead.
Object.assign(config.test!, jsonReport(process.env.TEST_DATABASE_URL ? 'integration-postgresql' : 'integration-pglite'));
config.test!.include = ['tests/integration/**/*.test.ts'];
config.test!.setupFiles = ['tests/integration/support/listeners.ts'];
// Migrates and seeds once per run; each test file starts from a copy (support/global-setup.ts).
config.test!.globalSetup = ['tests/integration/support/global-setup.ts'];
export default config;
