import 'server-only';
import { pruneEvents } from '@/lib/server/auth/rateLimit';
import { pruneSessions } from '@/lib/server/auth/sessions';
import { runBackupJob, type BackupRunCounts } from '@/lib/server/backup/job';
import { getConfig } from '@/lib/server/config';
import { getDb, type Database } from '@/lib/server/db/client';
import { deliverQueuedEmails, type QueueRunCounts } from '@/lib/server/email/queue';
import { purgeExpiredRecords, type RetentionRunCounts } from '@/lib/server/privacy/retention';
import type { OfferRunCounts } from '@/lib/server/waitlist/offerPass';
import { listeners } from './listeners';
import { queueDueReminders, type ReminderCounts } from './reminders';

/**
 * The background jobs (appointment reminders, waitlist offers, the e-mail queue, the records past
 * their retention, then the backups), run inside the server process every JOBS_INTERVAL_SECONDS, or once by
 * `npm run jobs:run-once` from an external cron. Both may run at the same time, on any number of
 * instances: each job claims its work in the database.
 */

export interface JobCounts {
  reminders: ReminderCounts;
  waitlist: OfferRunCounts;
  mail: QueueRunCounts;
  retention: RetentionRunCounts;
  backup: BackupRunCounts;
}

/**
 * Runs every job once: reminders due at `now` (tests move it), then the e-mail queue on the real
 * clock (a message is due when its own retry time has come), then the records whose retention is
 * over at `now` (after the queue, so an e-mail to someone purged has had its try). What the
 * scheduler's ticks and `npm run jobs:run-once` call.
 */
export async function runJobsOnce(db: Database, now: Date = new Date(), options: { backup?: boolean } = {}): Promise<JobCounts> {
  const reminders = await queueDueReminders(db, now);
  // The listeners of announced facts (the waitlist's freed times), as after a commit: what an
  // announcement lost with its process missed is caught here. Their e-mails go out just below.
  const waitlist = await listeners.waitlist.run(db, now);
  const mail = await deliverQueuedEmails(db);
  // Housekeeping: sessions past their expiry and limit events older than a day are of no use.
  await pruneSessions(db, now);
  await pruneEvents(db, now);
  const retention = await purgeExpiredRecords(db, now);
  // Last: a backup, when one is due (issue #39), of what the jobs above left. The in-process
  // scheduler runs it on a tick of its own instead (options.backup false).
  const backup = options.backup === false ? { state: 'not_due' as const, verified: 0, pruned: 0 } : await runBackupJob(db, now);
  return { reminders, waitlist, mail, retention, backup };
}

/**
 * Wraps `run` so calls never overlap: a call made while the previous one is still running
 * returns false at once instead of starting a second run (a slow SMTP server must not pile up
 * ticks). Resolves true once its own run has finished; never rejects (errors are logged by name).
 */
export function nonOverlapping(run: () => Promise<void>): () => Promise<boolean> {
  let running = false;
  return async () => {
    if (running) return false;
    running = true;
    try {
      await run();
    } catch (error) {
      // The name only: a message could echo an address or a query's values.
      console.error(`[jobs] run failed: ${error instanceof Error ? error.name : 'error'}`);
    } finally {
      running = false;
    }
    return true;
  };
}

export interface JobScheduler {
  /** Runs the jobs now unless a run is in progress (then false). */
  tick(): Promise<boolean>;
  stop(): void;
}

// On globalThis: Next loads instrumentation in bundles of their own and dev reloads re-run
// modules; one scheduler per process whatever happens.
const globalForJobs = globalThis as typeof globalThis & { __clinicJobScheduler?: JobScheduler };

async function runScheduledJobs(): Promise<void> {
  const { reminders, waitlist, mail, retention } = await runJobsOnce(await getDb(), new Date(), { backup: false });
  if (reminders.queued > 0) console.info(`[jobs] reminders: ${reminders.queued} queued`);
  if (waitlist.offered > 0) console.info(`[jobs] waitlist: ${waitlist.offered} offers`);
  if (mail.sent + mail.retrying + mail.failed > 0) {
    console.info(`[jobs] e-mail: ${mail.sent} sent, ${mail.retrying} to retry, ${mail.failed} given up`);
  }
  // A count only: whose records they were is in the audit log, by key.
  if (retention.purged + retention.failed > 0) console.info(`[jobs] retention: ${retention.purged} records purged, ${retention.failed} failed`);
  if (retention.contactMessages > 0) console.info(`[jobs] retention: ${retention.contactMessages} contact messages purged`);
}

/**
 * The backups on a tick of their own (issue #39): a backup of a large database takes seconds and
 * must not hold back the e-mails, nor wait behind a long e-mail pass (up to 500 messages).
 */
async function runScheduledBackup(): Promise<void> {
  const backup = await runBackupJob(await getDb());
  if (backup.state === 'made' || backup.verified + backup.pruned > 0) {
    console.info(`[jobs] backup: ${backup.state === 'made' ? 'one made' : 'none due'}, ${backup.verified} verified, ${backup.pruned} pruned`);
  }
}

/**
 * Starts the in-process scheduler (from instrumentation.ts, after the database is migrated):
 * a first run at once, to catch up after a restart, then one every JOBS_INTERVAL_SECONDS.
 * Returns the running scheduler (the same one when called again), or undefined when
 * JOBS_INTERVAL_SECONDS is 0.
 */
export function startJobScheduler(): JobScheduler | undefined {
  if (globalForJobs.__clinicJobScheduler) return globalForJobs.__clinicJobScheduler;
  const seconds = getConfig().jobsIntervalSeconds;
  if (seconds === 0) return undefined;
  const tick = nonOverlapping(runScheduledJobs);
  const backupTick = nonOverlapping(runScheduledBackup);
  const timer = setInterval(() => {
    void tick();
    void backupTick();
  }, seconds * 1000);
  // The timer alone must not keep the process alive (tests, a server shutting down).
  timer.unref();
  const scheduler: JobScheduler = {
    tick,
    stop() {
      clearInterval(timer);
      if (globalForJobs.__clinicJobScheduler === scheduler) globalForJobs.__clinicJobScheduler = undefined;
    },
  };
  globalForJobs.__clinicJobScheduler = scheduler;
  void tick();
  void backupTick();
  return scheduler;
}
