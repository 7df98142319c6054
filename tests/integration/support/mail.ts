import { readOutbox, type OutboxRecord } from '@/lib/server/email';
import { kickMailQueue } from '@/lib/server/email/queue';
import { listenersSettled } from '@/lib/server/events/announce';

/**
 * E-mails are queued in the transaction of the change that causes them, and a request only
 * starts their first try in the background, without waiting for it (lib/server/email/queue.ts).
 * This waits for that background run and makes it go round once more, so every e-mail committed
 * so far has had its first try: sent to the outbox, or failed and left pending for a retry.
 *
 * It sends on the database getDb() answers: call it only while setDatabaseForTests holds the
 * test database. Call it too before setDatabaseForTests(null), so that no background run outlives
 * the test database (or opens the process's own one).
 */
export async function deliverMail(): Promise<void> {
  // A cancellation announces a freed time, and the waitlist's background pass may queue offers: it ends first.
  await listenersSettled();
  return kickMailQueue();
}

/** The outbox in `dir` once the queued e-mails had their first try. */
export async function deliveredOutbox(dir: string): Promise<OutboxRecord[]> {
  await deliverMail();
  return readOutbox(dir);
}
