import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Integration tests: domain code and route handlers against a real database (PGlite in memory,
// or PostgreSQL when TEST_DATABASE_URL is set, each test file getting its own database).
export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // lib/server modules start with `import 'server-only'`, which throws outside React Server
      // Components; here the domain code runs directly in Node.
      'server-only': fileURLToPath(new URL('./tests/support/empty.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    // next-intl imports 'next/navigation' without an extension, which Node alone cannot resolve.
    server: { deps: { inline: ['next-intl'] } },
    include: ['tests/integration/**/*.test.ts'],
    fileParallelism: true,
    // Starting PGlite, hashing passwords and spawning processes take seconds, not milliseconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
