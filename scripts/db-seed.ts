// `npm run db:seed`: migrates, then seeds the configured database: reference data always,
// demo data when SEED_DEMO is on (the default for the embedded database). Safe to repeat.
import { getConfig } from '../lib/server/config';
import { openDatabase } from '../lib/server/db/client';
import { migrateDatabase } from '../lib/server/db/migrate';
import { seedDatabase } from '../lib/server/db/seed';

async function main(): Promise<void> {
  const config = getConfig();
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(handle.db, handle.kind);
    await seedDatabase(handle.db, { demo: config.seedDemo, demoVisits: { now: new Date(), timeZone: config.clinicTimezone } });
    console.log(`Database seeded (${config.seedDemo ? 'reference and demo data' : 'reference data only'}).`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
