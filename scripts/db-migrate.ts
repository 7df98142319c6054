// `npm run db:migrate`: applies drizzle/ to the configured database (DATABASE_URL, or the
// embedded one in $DATA_DIR). Runs with tsx --conditions react-server, which makes
// `server-only` resolve to its empty module outside Next.
import { getConfig } from '../lib/server/config';
import { openDatabase } from '../lib/server/db/client';
import { migrateDatabase } from '../lib/server/db/migrate';

async function main(): Promise<void> {
  const config = getConfig();
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(handle.db, handle.kind);
    console.log(`Migrations applied (${handle.kind === 'postgres' ? 'PostgreSQL' : `embedded database in ${config.dataDir}`}).`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
