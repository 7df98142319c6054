import { createServer, type AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queueBookingNotices } from '@/lib/server/booking/notifications';
import { newVideoRoom } from '@/lib/server/booking/videoRoom';
import type { Database } from '@/lib/server/db/client';
import { appointments, mailQueue, services } from '@/lib/server/db/schema';
import { createMailer, DEFAULT_MAIL_FROM, type EmailMessage } from '@/lib/server/email';
import { deliverQueuedEmails, GIVE_UP_MS, listFailedEmails, queueEmail, retryDelayMs, retryFailedEmail, type Send } from '@/lib/server/email/queue';
import { calendarPartOf, joinLinkIn, manageTokenIn } from './support/after-booking';
import { demoClinic } from './support/clinic';
import { deliverMail } from './support/mail';

/**
 * The e-mail queue under load and failure (issue #15 item 1), on the real database: concurrent
 * runners send each message once; a failing transport leaves a message pending with backoff,
 * then failed after a day, listed for admins, and sent again on retry. Last, a real SMTP server
 * that is down, then up. Nothing here goes through a route handler, so no background run of the
 * queue competes with the runners the tests start.
 */

const clinic = demoClinic('after-booking-queue');
let db: Database;
const HOUR = 3_600_000;
const NOTHING = { sent: 0, retrying: 0, failed: 0 };

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
});
afterAll(() => clinic.close());
beforeEach(async () => {
  await deliverMail();
  await db.delete(mailQueue);
});

const message = (i: number, language: 'en' | 'fr' = 'en'): EmailMessage => ({
  to: `burst-${i}@example.test`,
  language,
  subject: `Message ${i}`,
  text: `Body ${i}`,
  html: `<p>Body ${i}</p>`,
});
const rowOf = async (id: number) => (await db.select().from(mailQueue).where(eq(mailQueue.id, id)))[0]!;
/** A transport that records what it is given, and takes a little time like a real one. */
function countingSend(log: string[]): Send {
  return async (m) => {
    log.push(m.to);
    await new Promise((resolve) => setTimeout(resolve, 2));
    return { transport: 'outbox', messageId: `<${m.to}>` };
  };
}
const refused: Send = async () => {
  throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
};
/** Runs `work` with console.error silenced (the queue logs each failed try); returns what was logged. */
async function quietly<T>(work: () => Promise<T>): Promise<{ result: T; logged: string }> {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const result = await work();
    return { result, logged: spy.mock.calls.flat().join('\n') };
  } finally {
    spy.mockRestore();
  }
}

let guestCount = 0;
/** A guest's virtual visit 10+ days ahead, booked: its e-mails queued in the booking's transaction, as book.ts does. */
async function bookWithNotices(language: 'en' | 'fr') {
  guestCount += 1;
  const [consultation] = await db.select().from(services).where(eq(services.slug, 'individual-consultation'));
  const start = new Date(Math.floor(Date.now() / HOUR) * HOUR + (10 + guestCount) * 24 * HOUR);
  const guest = { firstName: 'Zoé', lastName: 'Lapointe', email: `guest-${guestCount}@example.test`, phone: '613 555 0177' };
  const dietitianId = await clinic.userId('amira.haddad@demo.equilibrenutrition.ca'); // not inside the transaction: PGlite has one connection
  await db.transaction(async (tx) => {
    const [visit] = await tx
      .insert(appointments)
      .values({
        guestContact: guest,
        employeeId: dietitianId,
        serviceId: consultation!.id,
        officeId: clinic.catalog.officeId.virtual!,
        startsAt: start,
        endsAt: new Date(start.getTime() + consultation!.clientDurationMinutes * 60_000),
        blockedUntil: new Date(start.getTime() + consultation!.employeeDurationMinutes * 60_000),
        sessionLanguage: language,
        reasons: [clinic.catalog.skillId['weight-management']!],
        priceCents: 16000,
        taxCents: 0,
        totalCents: 16000,
        videoRoom: newVideoRoom(),
      })
      .returning();
    await queueBookingNotices(tx, { appointmentId: visit!.id, kind: 'booked' });
  });
  const queued = await db.select().from(mailQueue).orderBy(mailQueue.id);
  const confirmation = queued.find((r) => r.recipient === guest.email && r.purpose === 'appointment booked');
  const notice = queued.find((r) => r.purpose === 'dietitian notice (booked)');
  expect(confirmation, JSON.stringify(queued.map((r) => [r.recipient, r.purpose]))).toBeDefined();
  expect(notice).toBeDefined();
  return { guest, confirmation: confirmation!, notice: notice! };
}

describe('F. the queue', () => {
  it('one run sends every due message: a booking’s confirmation and the dietitian’s notice go out together', async () => {
    const { guest, notice } = await bookWithNotices('en');
    const log: string[] = [];
    expect(await deliverQueuedEmails(db, { send: countingSend(log) })).toEqual({ ...NOTHING, sent: 2 });
    expect(log).toEqual([guest.email, notice.recipient]);
    const rows = await db.select().from(mailQueue);
    expect(rows.map((r) => [r.purpose, r.status, r.attempts, r.claimedUntil])).toEqual([
      ['appointment booked', 'sent', 1, null],
      ['dietitian notice (booked)', 'sent', 1, null],
    ]);
  });

  it('two concurrent runners send each of 30 messages exactly once', async () => {
    for (let i = 0; i < 30; i++) await queueEmail(db, { purpose: 'burst', message: message(i) });
      const logs: [string[], string[]] = [[], []];
    // On PGlite the two interleave on one connection; on PostgreSQL the pool gives each its own.
    const runs = await Promise.all(logs.map((log) => deliverQueuedEmails(db, { send: countingSend(log) })));
    const all = [...logs[0], ...logs[1]];
    expect(all).toHaveLength(30);
    expect(new Set(all).size).toBe(30);
    expect(runs.map((r) => r.sent)).toEqual(logs.map((log) => log.length));
    expect(runs.map((r) => r.retrying + r.failed)).toEqual([0, 0]);
    // Both took part: the claim, not one runner going first, kept them apart.
    expect(Math.min(logs[0].length, logs[1].length), `runners sent ${logs[0].length} and ${logs[1].length}`).toBeGreaterThan(0);
    const rows = await db.select().from(mailQueue);
    expect(rows.map((r) => [r.status, r.attempts, r.textBody])).toEqual(Array.from({ length: 30 }, () => ['sent', 1, '']));
    // Nothing left for a third run.
    expect(await deliverQueuedEmails(db, { send: countingSend([]) })).toEqual(NOTHING);
  });

  it('a message committed just now is due for the first try that follows at once', async () => {
    // What a request does (lib/server/auth/accountEmails.ts queueAndKick): queue in a short
    // transaction, then try at once. That try must find the message due, or it waits for the
    // scheduler's next tick (JOBS_INTERVAL_SECONDS, 5 minutes by default).
    const missed: number[] = [];
    for (let i = 0; i < 50; i++) {
      await db.transaction((tx) => queueEmail(tx, { purpose: 'password reset', message: message(i) }));
      const run = await deliverQueuedEmails(db, { send: countingSend([]) });
      if (run.sent !== 1) {
        missed.push(i);
        await deliverQueuedEmails(db, { now: () => new Date(Date.now() + 1000), send: countingSend([]) });
      }
    }
    expect(missed, 'messages the first try found not yet due').toEqual([]);
  });

  it('sends only the messages named by `ids` (a request’s own first try)', async () => {
    // Another request's message, queued first, is not this run's business.
    const other = await queueEmail(db, { purpose: 'other', message: message(2) });
    const mine = await queueEmail(db, { purpose: 'mine', message: message(1) });
      const log: string[] = [];
    expect(await deliverQueuedEmails(db, { send: countingSend(log), ids: [mine] })).toEqual({ ...NOTHING, sent: 1 });
    expect(log).toEqual(['burst-1@example.test']);
    expect(await rowOf(mine)).toMatchObject({ status: 'sent' });
    expect(await rowOf(other)).toMatchObject({ status: 'pending', attempts: 0, claimedUntil: null });
  });

  it('a failing transport: retried with backoff, given up after a day, listed, sent again on retry', async () => {
    const id = await queueEmail(db, { purpose: 'appointment booked', message: message(7, 'fr') });
    const created = (await rowOf(id)).createdAt.getTime();
  
    const before = Date.now();
    const first = await quietly(() => deliverQueuedEmails(db, { send: refused }));
    const after = Date.now();
    expect(first.result).toEqual({ ...NOTHING, retrying: 1 });
    expect(first.logged).toBe(`[email] appointment booked #${id}: try 1 failed (ECONNREFUSED)`);
    expect(first.logged).not.toContain('burst-7');
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'ECONNREFUSED', claimedUntil: null, sentAt: null, textBody: 'Body 7' });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 30_000);
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + 30_000);

    // Not due before then: a run now does not touch it.
    const idle: string[] = [];
    expect(await deliverQueuedEmails(db, { send: countingSend(idle) })).toEqual(NOTHING);
    expect(idle).toEqual([]);

    // The second try, 31 s on, fails too: the wait doubles.
    let clock = row.nextAttemptAt.getTime() + 1000;
    expect((await quietly(() => deliverQueuedEmails(db, { send: refused, now: () => new Date(clock) }))).result).toEqual({ ...NOTHING, retrying: 1 });
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row.nextAttemptAt.getTime()).toBe(clock + retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(60_000);

    // A day after it was queued, still failing: given up, and listed for the admins.
    clock = created + GIVE_UP_MS + 5 * 60_000;
    const last = await quietly(() => deliverQueuedEmails(db, { send: refused, now: () => new Date(clock) }));
    expect(last.result).toEqual({ ...NOTHING, failed: 1 });
    expect(last.logged).toContain('given up');
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    const failed = await listFailedEmails(db);
    expect(failed).toEqual([expect.objectContaining({ id, purpose: 'appointment booked', recipient: 'burst-7@example.test', subject: 'Message 7', attempts: 3, last_error: 'ECONNREFUSED' })]);
    // Failed is final: later runs leave it alone.
    expect(await deliverQueuedEmails(db, { send: countingSend(idle), now: () => new Date(clock + 10 * HOUR) })).toEqual(NOTHING);
    expect(idle).toEqual([]);

    // An admin retries it: due at once, and a working transport delivers it.
    expect(await retryFailedEmail(db, id)).toBe(true);
    expect(await retryFailedEmail(db, id)).toBe(false); // no longer failed
    expect(await rowOf(id)).toMatchObject({ status: 'pending' });
    expect(await listFailedEmails(db)).toEqual([]);
    const delivered: string[] = [];
    expect(await deliverQueuedEmails(db, { send: countingSend(delivered) })).toEqual({ ...NOTHING, sent: 1 });
    expect(delivered).toEqual(['burst-7@example.test']);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', lastError: null, textBody: '', htmlBody: '' });
    expect(await retryFailedEmail(db, id)).toBe(false);
  });
});

/** A port nothing listens on (the OS hands one out, and it is closed again at once). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** RFC 2047 encoded words of a header (`=?UTF-8?Q?...?=` / `=?UTF-8?B?...?=`), decoded. */
function decodeHeader(value: string): string {
  const bytes = (text: string) => {
    const out: number[] = [];
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
        out.push(parseInt(text.slice(i + 1, i + 3), 16));
        i += 2;
      } else out.push(...Buffer.from(text[i] === '_' ? ' ' : text[i]!, 'utf8'));
    }
    return Buffer.from(out);
  };
  // Adjacent encoded words are joined before decoding: a character may be split between two.
  const words = value.replace(/(\?=)\s+(=\?)/g, '$1$2');
  return words.replace(/(?:=\?utf-8\?([QB])\?[^?]*\?=)+/gi, (run, encoding: string) => {
    const parts = [...run.matchAll(/=\?utf-8\?[QB]\?([^?]*)\?=/gi)].map((m) => m[1]!);
    const buffers = parts.map((p) => (encoding.toUpperCase() === 'B' ? Buffer.from(p, 'base64') : bytes(p)));
    return Buffer.concat(buffers).toString('utf8');
  });
}
const headerOf = (raw: string, name: string) => {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? undefined : decodeHeader(line.slice(name.length + 1).trim());
};

describe('G. the SMTP server is down, then up', () => {
  let server: SMTPServer | undefined;
  afterAll(() => (server ? new Promise<void>((resolve) => server!.close(() => resolve())) : undefined));

  it('the confirmation waits in the queue, then reaches the server once', async () => {
    const port = await freePort();
    const smtp = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: DEFAULT_MAIL_FROM });
    expect(smtp.transport).toBe('smtp');

    // A French guest's virtual visit, booked. The dietitian's notice is set aside: this follows the guest's confirmation alone.
    const { guest, confirmation, notice } = await bookWithNotices('fr');
    await db.delete(mailQueue).where(eq(mailQueue.id, notice.id));
    const queued = [confirmation];

    // Down: nothing listens on the port. The confirmation is refused and stays pending.
    const downStarted = performance.now();
    const down = await quietly(() => deliverQueuedEmails(db, { send: (m, o) => smtp.send(m, o) }));
    const downMs = performance.now() - downStarted;
    expect(down.result).toEqual({ ...NOTHING, retrying: 1 });
    // Nodemailer reports a refused connection as ESOCKET (its message names ECONNREFUSED); the log keeps the code only.
    expect(down.logged).toMatch(new RegExp(`^\\[email\\] appointment booked #${confirmation.id}: try 1 failed \\((ESOCKET|ECONNREFUSED)\\)$`));
    expect(down.logged).not.toContain(guest.email);
    const waiting = await db.select().from(mailQueue).where(inArray(mailQueue.id, queued.map((r) => r.id)));
    expect(waiting.map((r) => [r.status, r.attempts, r.sentAt])).toEqual([['pending', 1, null]]);
    expect(waiting[0]!.lastError).toMatch(/^(ESOCKET|ECONNREFUSED)$/);

    // Up: a real SMTP server on that very port.
    const received: { raw: string; rcptTo: string[]; at: number }[] = [];
    const upStarted = performance.now();
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ raw: Buffer.concat(chunks).toString('utf8'), rcptTo: session.envelope.rcptTo.map((r) => r.address), at: performance.now() });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.server.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    const listeningMs = performance.now() - upStarted;

    // The next run, once the backoff is over (the clock moved past next_attempt_at).
    const due = Math.max(...waiting.map((r) => r.nextAttemptAt.getTime())) + 1000;
    expect(await deliverQueuedEmails(db, { send: (m, o) => smtp.send(m, o), now: () => new Date(due) })).toEqual({ ...NOTHING, sent: 1 });
    const toGuest = received.filter((r) => r.rcptTo.includes(guest.email));
    expect(toGuest).toHaveLength(1);
    const deliveredMs = toGuest[0]!.at - upStarted;
    const mail = toGuest[0]!.raw;
    expect(headerOf(mail, 'Subject')).toBe(confirmation.subject);
    expect(received.filter((r) => headerOf(r.raw, 'Subject') === confirmation.subject)).toHaveLength(1);
    expect(received).toHaveLength(1);
    expect(headerOf(mail, 'Content-Language')).toBe('fr');
    // What the guest needs: the manage link and the video call in the text that was queued, the calendar event in what arrived.
    const text = confirmation.textBody;
    expect(manageTokenIn(text, 'fr')).toBeDefined();
    expect(joinLinkIn(text, 'fr')).toMatch(/^https:\/\/meet\.jit\.si\/clinic-[0-9a-f]{32}$/);
    expect(calendarPartOf(mail)).toContain('BEGIN:VCALENDAR');

    const rows = await db.select().from(mailQueue);
    expect(rows.map((r) => [r.status, r.attempts, r.lastError, r.textBody])).toEqual([['sent', 2, null, '']]);
    // Sent is final: another run sends nothing more.
    expect(await deliverQueuedEmails(db, { send: (m, o) => smtp.send(m, o), now: () => new Date(due + HOUR) })).toEqual(NOTHING);
    expect(received).toHaveLength(1);

    console.log(
      `[G] SMTP down: the attempt was refused in ${downMs.toFixed(1)} ms; ` +
        `SMTP up: listening ${listeningMs.toFixed(1)} ms after start, the confirmation delivered ${deliveredMs.toFixed(1)} ms after start`,
    );
  });
});
