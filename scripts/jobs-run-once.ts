/**
 * npm run jobs:run-once
 * Runs the background jobs (appointment reminders, waitlist offers, the e-mail queue) once against the configured database and
 * prints what they did, for an external cron instead of (or beside) the in-process scheduler:
 * each job claims its work in the database, so running both never sends twice.
 * Exit code: 0 done, 1 the run failed or some e-mails could not be sent (they stay queued and
 * are retried on the next run).
 */
import { getConfig } from '@/lib/server/config';
import { openDatabase } from '@/lib/server/db/client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { runJobsOnce } from '@/lib/server/jobs/scheduler';

async function main(): Promise<number> {
  const config = getConfig();
  // With the embedded database this fails loudly while the server holds it: run the in-process
  // scheduler there instead.
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    // A database nobody has started the server on yet has no tables: bring it up to date first
    // (the same advisory lock as the server's start, so a running instance and a cron agree).
    await migrateDatabase(handle.db, handle.kind);
    const { reminders, waitlist, mail } = await runJobsOnce(handle.db);
    console.log(`Reminders: ${reminders.queued} queued.`);
    console.log(`Waitlist: ${waitlist.offered} offered, ${waitlist.expiredOffers} offers and ${waitlist.expiredEntries} places expired.`);
    console.log(`E-mail: ${mail.sent} sent, ${mail.retrying} to retry, ${mail.failed} given up.`);
    return mail.retrying + mail.failed > 0 ? 1 : 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Drizzle's "Failed query" hides the database's own words (say, an unmigrated database) in its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : '';
    console.error(`${error instanceof Error ? error.message : String(error)}${cause}`);
    process.exit(1);
  },
);
