import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // lib/server modules start with `import 'server-only'`, which throws outside React Server
      // Components; in Node tests the domain code runs directly.
      'server-only': fileURLToPath(new URL('./tests/support/empty.ts', import.meta.url)),
    },
  },
  test: {
    // next-intl imports 'next/navigation' without an extension, which Node alone cannot resolve:
    // let Vite process it (and so honour vi.mock('next/navigation') in component tests).
    server: { deps: { inline: ['next-intl'] } },
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    // Vitest's default leaves a core idle (one worker on this 2-core machine): the files wait on
    // jsdom, imports and the database as much as on the CPU, so one worker per core finishes
    // sooner (issue #37).
    maxWorkers: os.availableParallelism(),
    setupFiles: ['tests/support/setup.ts'],
    ...jsonReport('unit'),
  },
});

/**
 * With TEST_REPORT_DIR set (CI), a JSON report beside the usual output: scripts/ci-summary.mjs
 * lists each suite's slowest files from it.
 */
export function jsonReport(suite: string) {
  const dir = process.env.TEST_REPORT_DIR;
  return dir ? { reporters: ['default', 'json'], outputFile: { json: path.join(dir, `${suite}.json`) } } : {};
}
