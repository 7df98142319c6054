/**
 * npm run jobs:run-once
 * Runs the background jobs (appointment reminders, waitlist offers, the e-mail queue) once against the configured database and
 * prints what they did, for an external cron instead of (or beside) the in-process scheduler:
 * each job claims its work in the database, so running both never sends twice.
 * Run it with the server's environment: its SITE_URL (e-mail links) and database.
 * Exit code: 0 done, 1 the run failed or some e-mails could not be sent (they stay queued and
 * are retried on the next run).
 */
import { getConfig } from '@/lib/server/config';
import { openDatabase } from '@/lib/server/db/client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { runJobsOnce } from '@/lib/server/jobs/scheduler';
import { siteOrigin } from '@/lib/seo/siteUrl';

async function main(): Promise<number> {
  const config = getConfig();
  // The e-mails written here (waitlist offers, reminders) link to siteOrigin(), the server's own
  // rule (issue 27): SITE_URL, else localhost on PORT. Without SITE_URL this run only matches the
  // server if it has the server's PORT; either way such links lead nowhere for the people mailed.
  if (!process.env.SITE_URL?.trim()) {
    console.warn(
      `Warning: SITE_URL is not set, so the links in the e-mails of this run point to ${siteOrigin()}. ` +
        `Run it with the server's environment, SITE_URL set to the site's public origin.`,
    );
  }
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
