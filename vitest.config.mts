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
    setupFiles: ['tests/support/setup.ts'],
  },
});
