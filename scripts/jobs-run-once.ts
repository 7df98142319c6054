/**
 * npm run jobs:run-once [-- --dry-run]
 * Runs the background jobs (appointment reminders, waitlist offers, the e-mail queue, the purge of
 * records past their retention) once against the configured database and prints what they did,
 * for an external cron instead of (or beside) the in-process scheduler: each job claims its work
 * in the database, so running both never sends twice.
 * Run it with the server's environment: its SITE_URL (e-mail links), database and RETENTION_*.
 * --dry-run lists the people whose records the purge would delete (by their audit key, never a
 * name or address) and counts the contact messages it would delete, and does nothing else: no
 * job runs, nothing is sent or deleted.
 * Exit code: 0 done, 1 the run failed, some e-mails could not be sent (they stay queued and are
 * retried on the next run) or some records could not be purged (kept for the next run).
 */
import { localDateOf } from '@/lib/format/dates';
import { getConfig, type AppConfig } from '@/lib/server/config';
import { openDatabase, type Database } from '@/lib/server/db/client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { runJobsOnce } from '@/lib/server/jobs/scheduler';
import { countStaleContactMessages } from '@/lib/server/privacy/contactRetention';
import { findPurgeable } from '@/lib/server/privacy/retention';
import { siteOrigin } from '@/lib/seo/siteUrl';

/** One line per person: key, kind, the end of their retention, and the rows that would go. */
async function listPurgeable(db: Database, config: AppConfig): Promise<void> {
  const records = await findPurgeable(db, new Date());
  const messages = await countStaleContactMessages(db, new Date());
  console.log(`Retention (dry run): ${records.length} records and ${messages} contact messages would be purged; nothing was deleted.`);
  for (const record of records) {
    const kind = record.subject.kind === 'patient' ? 'closed account' : 'guest';
    const until = record.retainUntil ? `kept until ${localDateOf(record.retainUntil, config.clinicTimezone)}` : 'nothing to keep';
    const rows = Object.entries(record.rows)
      .filter(([, n]) => n > 0)
      .map(([table, n]) => `${table} ${n}`)
      .join(', ');
    console.log(`${record.key}  ${kind}, ${until}: ${rows}`);
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  // A mistyped flag must not run the purge it meant to preview.
  const unknown = args.filter((arg) => arg !== '--dry-run');
  if (unknown.length > 0) {
    console.error(`Unknown argument: ${unknown.join(' ')}. Usage: npm run jobs:run-once [-- --dry-run]`);
    return 1;
  }
  const dryRun = args.includes('--dry-run');
  const config = getConfig();
  // The e-mails written here (waitlist offers, reminders) link to siteOrigin(), the server's own
  // rule (issue 27): SITE_URL, else localhost on PORT. Without SITE_URL this run only matches the
  // server if it has the server's PORT; either way such links lead nowhere for the people mailed.
  if (!dryRun && !process.env.SITE_URL?.trim()) {
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
    if (dryRun) {
      await listPurgeable(handle.db, config);
      return 0;
    }
    const { reminders, waitlist, mail, retention, backup } = await runJobsOnce(handle.db);
    console.log(`Reminders: ${reminders.queued} queued.`);
    console.log(`Waitlist: ${waitlist.offered} offered, ${waitlist.expiredOffers} offers and ${waitlist.expiredEntries} places expired.`);
    console.log(`E-mail: ${mail.sent} sent, ${mail.retrying} to retry, ${mail.failed} given up.`);
    console.log(`Retention: ${retention.purged} records purged${retention.failed > 0 ? `, ${retention.failed} failed (kept for the next run)` : ''}.`);
    console.log(`Retention: ${retention.contactMessages} contact messages purged.`);
    const backupState = { off: 'off (BACKUP_PASSPHRASE is not set)', busy: 'another instance is making one', not_due: 'none due', made: 'one made', failed: 'FAILED (see above)' }[backup.state];
    console.log(`Backup: ${backupState}, ${backup.verified} verified, ${backup.pruned} pruned.`);
    return mail.retrying + mail.failed + retention.failed > 0 || backup.state === 'failed' ? 1 : 0;
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
