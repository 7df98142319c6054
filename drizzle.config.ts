import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` turns schema changes into SQL under drizzle/ (committed);
// the app applies them at start-up and `npm run db:migrate` applies them by hand.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/server/db/schema/index.ts',
  out: './drizzle',
});
