import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { getConfig } from '@/lib/server/config';
import { getDb, type Database } from '@/lib/server/db/client';
import { mailQueue, type QueuedMail } from '@/lib/server/db/schema';
import { backgroundPass } from '@/lib/server/jobs/backgroundPass';
import { sendEmail } from './index';
import { emailMessageSchema, type EmailMessage, type SendEmailOptions, type SendResult } from './types';

/**
 * The e-mail queue (issue #15 item 1). Whatever changes state writes its e-mails with
 * `queueEmail(tx, ...)` inside the transaction that makes the change: the e-mail exists exactly
 * when the change does, whatever happens to the process or the SMTP server afterwards. Then the
 * request calls `kickMailQueue()`, which tries a first send in the background: the answer never
 * waits on SMTP. The job runner (in-process scheduler or `npm run jobs:run-once`) sends whatever
 * is left.
 *
 * Each message is claimed before its send: one UPDATE sets `claimed_until` on a row picked with
 * FOR UPDATE SKIP LOCKED whose claim is free, so of several runners (processes, instances) only
 * one sends it. A failed send is retried with backoff (30 s, 1, 2, 4 ... up to 60 min); after a
 * day of failures the message is marked 'failed' and listed for admins, who can send it again.
 * A runner that dies between the send and its bookkeeping leaves the claim to expire
 * (MAIL_CLAIM_SECONDS, 2 minutes by default): the message is then sent again (at least once
 * beats at most once for a confirmation).
 */

export const GIVE_UP_MS = 24 * 3_600_000;
const MAX_RETRY_MS = 60 * 60_000;
/** Sends per run: a long queue is worked through over several runs instead of one endless one. */
const MAX_PER_RUN = 500;

export interface QueueEmailInput {
  /** What it is, in a few plain words ('appointment booked'): for logs and the admins' list. */
  purpose: string;
  message: EmailMessage;
  options?: SendEmailOptions;
}

/** Writes one e-mail to the queue, in the caller's transaction; returns its id. */
export async function queueEmail(tx: Database, input: QueueEmailInput): Promise<number> {
  // Validated now, so a malformed message fails the change that made it, not a send an hour later.
  const message = emailMessageSchema.parse(input.message);
  const [row] = await tx
    .insert(mailQueue)
    .values({
      purpose: input.purpose,
      recipient: message.to,
      replyTo: input.options?.replyTo ?? null,
      language: message.language,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      attachments: message.attachments ?? [],
      // The app's clock, as the claim reads it: the database's now() has microseconds (and may run
      // ahead), which made a message queued a moment ago look not yet due to the first try.
      nextAttemptAt: new Date(),
    })
    .returning({ id: mailQueue.id });
  return row!.id;
}

/**
 * The wait before the next try after `attempts` failed ones: 30 s, 1 min, 2 min ... at most an
 * hour (the first wait is MAIL_RETRY_SECONDS).
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, getConfig().mailRetrySeconds * 1000 * 2 ** Math.max(0, attempts - 1));
}

/** Claims the oldest message due at `now` whose claim is free (of `ids`, when given); null when there is none. */
async function claimNext(db: Database, now: Date, ids?: number[]): Promise<QueuedMail | null> {
  const free = or(isNull(mailQueue.claimedUntil), lte(mailQueue.claimedUntil, now));
  const due = and(eq(mailQueue.status, 'pending'), lte(mailQueue.nextAttemptAt, now), free, ids ? inArray(mailQueue.id, ids) : undefined);
  const next = db.select({ id: mailQueue.id }).from(mailQueue).where(due).orderBy(asc(mailQueue.id)).limit(1).for('update', { skipLocked: true });
  const [row] = await db
    .update(mailQueue)
    .set({ claimedUntil: new Date(now.getTime() + getConfig().mailClaimSeconds * 1000), attempts: sql`${mailQueue.attempts} + 1` })
    // `= (scalar subquery)`, not `IN (...)`: PostgreSQL may run an IN subquery again for each row
    // it scans, and with SKIP LOCKED each run skips the rows just locked and picks another, so one
    // UPDATE would claim many rows and return one. Checked again on the row the UPDATE locks: a
    // runner that picked it before another's claim committed finds it taken.
    .where(and(sql`${mailQueue.id} = (${next})`, due))
    .returning();
  return row ?? null;
}

export type Send = (message: EmailMessage, options?: SendEmailOptions) => Promise<SendResult>;

export interface QueueRunCounts {
  sent: number;
  /** Failed this time, to be tried again later. */
  retrying: number;
  /** Failed for a day: given up, shown to admins. */
  failed: number;
}

export interface QueueRunOptions {
  /** The clock; tests move it. */
  now?: () => Date;
  /** The transport; defaults to the one the environment configures. */
  send?: Send;
  /** Only these messages (a request's first try); default: any that is due. */
  ids?: number[];
}

// The error's name only: its message could echo the address or the e-mail's content.
const nameOf = (error: unknown) => (error instanceof Error ? (error as { code?: string }).code ?? error.name : 'error');

/** Sends the due messages once each; safe to run from any number of processes at once. */
export async function deliverQueuedEmails(db: Database, options: QueueRunOptions = {}): Promise<QueueRunCounts> {
  const now = options.now ?? (() => new Date());
  const send = options.send ?? sendEmail;
  const counts: QueueRunCounts = { sent: 0, retrying: 0, failed: 0 };
  for (let i = 0; i < MAX_PER_RUN; i += 1) {
    const mail = await claimNext(db, now(), options.ids);
    if (!mail) break;
    try {
      const message: EmailMessage = {
        to: mail.recipient,
        language: mail.language,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        ...(mail.attachments.length > 0 && { attachments: mail.attachments }),
      };
      await send(message, mail.replyTo ? { replyTo: mail.replyTo } : {});
    } catch (error) {
      const at = now();
      const giveUp = at.getTime() - mail.createdAt.getTime() >= GIVE_UP_MS;
      await db
        .update(mailQueue)
        .set({
          status: giveUp ? 'failed' : 'pending',
          claimedUntil: null,
          lastError: nameOf(error).slice(0, 80),
          nextAttemptAt: new Date(at.getTime() + retryDelayMs(mail.attempts)),
        })
        .where(eq(mailQueue.id, mail.id));
      if (giveUp) counts.failed += 1;
      else counts.retrying += 1;
      console.error(`[email] ${mail.purpose} #${mail.id}: try ${mail.attempts} failed (${nameOf(error)})${giveUp ? ', given up' : ''}`);
      continue;
    }
    // Sent: the body goes (it may hold a live link); who, what and when stay.
    await db
      .update(mailQueue)
      .set({ status: 'sent', sentAt: now(), claimedUntil: null, lastError: null, textBody: '', htmlBody: '', attachments: [] })
      .where(eq(mailQueue.id, mail.id));
    counts.sent += 1;
  }
  return counts;
}

const firstTry = backgroundPass('email', async () => {
  await deliverQueuedEmails(await getDb());
});

/**
 * A first try, right after a request committed its e-mails: runs in the background (never
 * awaited by the request) and never overlaps itself; a kick during a run makes the run go round
 * once more, so nothing queued meanwhile waits for the next scheduler tick. Returns the run, for
 * tests and scripts that want to wait for it.
 */
export function kickMailQueue(): Promise<void> {
  return firstTry.run();
}

/** Settles once no first try is running, without starting one (scripts: before the database goes away). */
export function mailQueueSettled(): Promise<void> {
  return firstTry.settled();
}

/**
 * Frees every claim. Only for a database no other process can use (the embedded one, at start):
 * with PostgreSQL another instance may be sending right now, and claims expire on their own.
 */
export async function releaseClaims(db: Database): Promise<void> {
  await db.update(mailQueue).set({ claimedUntil: null }).where(and(eq(mailQueue.status, 'pending'), isNotNull(mailQueue.claimedUntil)));
}

export interface FailedMail {
  id: number;
  purpose: string;
  recipient: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
}

/** The messages given up on, newest first, for the admins' list. */
export async function listFailedEmails(db: Database): Promise<FailedMail[]> {
  const rows = await db
    .select()
    .from(mailQueue)
    .where(eq(mailQueue.status, 'failed'))
    .orderBy(desc(mailQueue.createdAt))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    purpose: row.purpose,
    recipient: row.recipient,
    subject: row.subject,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
  }));
}

/** An admin sends a given-up message again: it is due now, with a day of retries ahead. */
export async function retryFailedEmail(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(mailQueue)
    .set({ status: 'pending', nextAttemptAt: new Date(), createdAt: new Date(), claimedUntil: null })
    .where(and(eq(mailQueue.id, id), eq(mailQueue.status, 'failed')))
    .returning({ id: mailQueue.id });
  return rows.length > 0;
}
