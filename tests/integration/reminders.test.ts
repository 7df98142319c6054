import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageLink } from '@/lib/server/auth/links';
import { appointmentOfLink } from '@/lib/server/booking/manageLinks';
import { joinUrlOf, newVideoRoom } from '@/lib/server/booking/videoRoom';
import { resetConfigForTests } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { appointments, mailQueue, services, skills, users, type AppointmentStatus } from '@/lib/server/db/schema';
import { DEMO_PATIENT } from '@/lib/server/db/seed';
import { readOutbox, type OutboxRecord } from '@/lib/server/email';
import { deliverQueuedEmails } from '@/lib/server/email/queue';
import { changePolicyNote, formatAppointmentTime } from '@/lib/server/email/templates/appointmentDetails';
import { frenchTypography } from '@/lib/server/email/templates/shared';
import { queueDueReminders } from '@/lib/server/jobs/reminders';
import { nonOverlapping, runJobsOnce, startJobScheduler } from '@/lib/server/jobs/scheduler';
import { demoClinic } from './support/clinic';

/**
 * Appointment reminders (issue #8 item 5) on the seeded demo clinic, with a fixed "now" handed
 * to the job: one e-mail per booked appointment starting within (now + 1 h, now + 24 h], in its
 * session language, with its manage link (and a virtual visit's join link), queued never twice
 * (also with concurrent runners), never for other statuses. The e-mail queue sends them
 * (lib/server/email/queue.ts), on the real clock.
 */

const clinic = demoClinic('reminders');
let db: Database;
/**
 * 14:00 UTC on the 10th of next month: 9 to 41 days after the real clock, whatever the date the
 * tests run. So nothing booked around NOW is due for the scheduler (which reads the real clock),
 * and the manage links the reminders carry are still valid when the tests open them.
 */
const NOW = (() => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 10, 14));
})();
const HOUR = 3_600_000;
const TZ = 'America/Toronto';
const HEALTH = 'Diabète de type 2 (privé)';
const ids = { patient: 0, dietitian: 0, service: 0, skill: 0 };
let noticeHours = 0;
let skillNames: string[] = [];

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  ids.patient = await clinic.userId(DEMO_PATIENT.email);
  const [dietitian] = await db.select({ id: users.id }).from(users).where(eq(users.isEmployee, true)).limit(1);
  ids.dietitian = dietitian!.id;
  ids.service = clinic.catalog.serviceId['individual-consultation']!;
  ids.skill = clinic.catalog.skillId['weight-management']!;
  const [service] = await db.select().from(services).where(eq(services.id, ids.service));
  noticeHours = service!.minCancellationNoticeHours;
  const [skill] = await db.select().from(skills).where(eq(skills.id, ids.skill));
  skillNames = [skill!.nameEn, skill!.nameFr];
});
afterAll(() => clinic.close());

const outboxDir = () => join(clinic.dataDir, 'outbox');
beforeEach(async () => {
  await db.delete(appointments); // and their manage links (ON DELETE CASCADE)
  await db.delete(mailQueue);
  rmSync(outboxDir(), { recursive: true, force: true });
});

let guestCount = 0;
/**
 * A 1-hour visit starting `hours` after NOW (or after `from`); a guest's unless `patient` is set.
 * A visit at the virtual office has its video room, as booking gives it one.
 */
async function book(
  hours: number,
  options: { language?: 'en' | 'fr'; patient?: boolean; status?: AppointmentStatus; office?: string; from?: Date } = {},
) {
  const start = new Date((options.from ?? NOW).getTime() + hours * HOUR);
  const status = options.status ?? 'booked';
  const office = options.office ?? 'centretown';
  guestCount += 1;
  const guest = { firstName: 'Zoé', lastName: `Invitée ${guestCount}`, email: `guest-${guestCount}@example.test`, phone: '613 555 0142' };
  const [row] = await db
    .insert(appointments)
    .values({
      patientId: options.patient ? ids.patient : null,
      guestContact: options.patient ? null : guest,
      employeeId: ids.dietitian,
      serviceId: ids.service,
      officeId: clinic.catalog.officeId[office]!,
      startsAt: start,
      endsAt: new Date(start.getTime() + HOUR),
      blockedUntil: new Date(start.getTime() + 75 * 60_000),
      sessionLanguage: options.language ?? 'en',
      reasons: [ids.skill],
      message: HEALTH,
      status,
      cancelledAt: status === 'cancelled' ? NOW : null,
      priceCents: 12000,
      taxCents: 0,
      totalCents: 12000,
      videoRoom: office === 'virtual' ? newVideoRoom() : null,
    })
    .returning();
  return { ...row!, to: options.patient ? DEMO_PATIENT.email : guest.email };
}

const mails = () => readOutbox(outboxDir());
const reminderRows = () => db.select().from(mailQueue).where(eq(mailQueue.purpose, 'appointment reminder'));
const NOTHING_SENT = { sent: 0, retrying: 0, failed: 0 };
const NO_OFFERS = { offered: 0, expiredOffers: 0, expiredEntries: 0 };
const NOTHING_PURGED = { purged: 0, failed: 0, contactMessages: 0 };

/** The manage link a reminder carries (the first `<origin><path>#<token>`), and the appointment it opens. */
async function manageLinkIn(mail: OutboxRecord, language: 'en' | 'fr') {
  const page = pageLink(language, '/manage-appointment');
  const token = mail.text.match(new RegExp(`${page.replace(/[.?/]/g, '\\$&')}#([A-Za-z0-9_-]{43})\\s`))?.[1];
  expect(token, `a link to ${page} in: ${mail.text}`).toBeDefined();
  expect(mail.html).toContain(`${page}#${token}`);
  return { token: token!, opens: (await appointmentOfLink(db, token!, NOW))?.id };
}

describe('queueDueReminders', () => {
  it('queues one reminder ~20 h ahead in the session language: time, policy, manage link, join link, no health data', async () => {
    const patientVisit = await book(20, { patient: true, language: 'en' });
    const guestVisit = await book(21.5, { language: 'fr', office: 'virtual' });

    // Queued in the claim's transaction, not sent: that is the queue's job.
    expect(await queueDueReminders(db, NOW)).toEqual({ queued: 2 });
    expect(await mails()).toHaveLength(0);
    const queued = await reminderRows();
    expect(queued.map((row) => [row.recipient, row.language, row.status]).sort()).toEqual(
      [[patientVisit.to, 'en', 'pending'], [guestVisit.to, 'fr', 'pending']].sort(),
    );

    expect(await deliverQueuedEmails(db)).toEqual({ ...NOTHING_SENT, sent: 2 });
    const sent = await mails();
    expect(sent).toHaveLength(2);

    const en = sent.find((m) => m.to === patientVisit.to)!;
    expect(en.language).toBe('en');
    expect(en.subject).toBe(`Reminder: your appointment on ${formatAppointmentTime(patientVisit.startsAt, 'en', TZ)}`);
    expect(en.text).toContain(changePolicyNote({ language: 'en', cancellationNoticeHours: noticeHours, manageLink: 'the link' }));
    expect(en.text).toContain('You can do so online with the “Manage my appointment” button');
    expect(en.text).toContain('Individual consultation');
    // A patient's reminder opens the appointment itself, no longer the profile page.
    expect((await manageLinkIn(en, 'en')).opens).toBe(patientVisit.id);
    expect(en.text).not.toContain('/profile');
    // An office visit has no video call.
    expect(en.text).not.toContain('Video call');
    expect(en.text).not.toMatch(/clinic-[0-9a-f]{32}/);

    const fr = sent.find((m) => m.to === guestVisit.to)!;
    expect(fr.language).toBe('fr');
    expect(fr.subject).toBe(frenchTypography(`Rappel : votre rendez-vous du ${formatAppointmentTime(guestVisit.startsAt, 'fr', TZ)}`));
    expect(fr.text).toContain(formatAppointmentTime(guestVisit.startsAt, 'fr', TZ));
    expect(fr.text).toContain(frenchTypography(changePolicyNote({ language: 'fr', cancellationNoticeHours: noticeHours, manageLink: 'le lien' })));
    expect(fr.text).toContain('Rendez-vous virtuel');
    // A guest has no account: the manage link, in the session language, is their way to change it.
    expect((await manageLinkIn(fr, 'fr')).opens).toBe(guestVisit.id);
    expect(fr.text).not.toContain('/profile');
    // The virtual visit's own video room.
    const joinUrl = joinUrlOf(guestVisit.videoRoom)!;
    expect(joinUrl).toMatch(/^https:\/\/\S+clinic-[0-9a-f]{32}$/);
    expect(fr.text).toContain(`Lien de l’appel vidéo\u00a0: ${joinUrl}\n`);
    expect(fr.html).toContain(joinUrl);

    for (const mail of sent) {
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain('Diabète');
        for (const name of skillNames) expect(part).not.toContain(name);
      }
    }

    // Stamped, and a second run finds nothing to queue.
    const stamped = await db.select({ at: appointments.reminderSentAt }).from(appointments);
    expect(stamped.map((row) => row.at?.getTime())).toEqual([NOW.getTime(), NOW.getTime()]);
    expect(await queueDueReminders(db, new Date(NOW.getTime() + 5 * 60_000))).toEqual({ queued: 0 });
    expect(await deliverQueuedEmails(db)).toEqual(NOTHING_SENT);
    expect(await mails()).toHaveLength(2);
    expect((await reminderRows()).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it('two concurrent runners queue exactly one e-mail per appointment', async () => {
    const visits = [];
    for (let i = 0; i < 10; i++) visits.push(await book(2 + 2 * i, { language: i % 2 ? 'fr' : 'en' }));

    const [a, b] = await Promise.all([queueDueReminders(db, NOW), queueDueReminders(db, NOW)]);
    expect(a.queued + b.queued).toBe(10);
    const queued = await reminderRows();
    expect(queued.map((row) => row.recipient).sort()).toEqual(visits.map((v) => v.to).sort());

    // Two senders at once: each message goes out once too.
    const runs = await Promise.all([deliverQueuedEmails(db), deliverQueuedEmails(db)]);
    expect(runs.map((run) => run.sent).reduce((x, y) => x + y)).toBe(10);
    expect(runs.map((run) => run.retrying + run.failed)).toEqual([0, 0]);

    const sent = await mails();
    expect(sent).toHaveLength(10);
    expect(new Set(sent.map((m) => m.to))).toEqual(new Set(visits.map((v) => v.to)));
    for (const visit of visits) expect(sent.find((m) => m.to === visit.to)!.language).toBe(visit.sessionLanguage);

    const again = await Promise.all([queueDueReminders(db, NOW), queueDueReminders(db, NOW)]);
    expect(again).toEqual([{ queued: 0 }, { queued: 0 }]);
    expect(await deliverQueuedEmails(db)).toEqual(NOTHING_SENT);
    expect(await reminderRows()).toHaveLength(10);
    expect(await mails()).toHaveLength(10);
  });

  it('never reminds cancelled, completed or no-show visits, nor those past, too close or beyond 24 h', async () => {
    await book(10, { status: 'cancelled' });
    await book(12, { status: 'completed' });
    await book(14, { status: 'no_show' });
    await book(-2);
    await book(0.5); // starts within the hour: too late to be useful
    const later = await book(25);
    const due = await book(23.5);

    expect(await queueDueReminders(db, NOW)).toEqual({ queued: 1 });
    expect(await deliverQueuedEmails(db)).toEqual({ ...NOTHING_SENT, sent: 1 });
    expect((await mails()).map((m) => m.to)).toEqual([due.to]);

    // Two hours on, the 25-hour visit is 23 hours away: its turn.
    expect(await queueDueReminders(db, new Date(NOW.getTime() + 2 * HOUR))).toEqual({ queued: 1 });
    expect(await deliverQueuedEmails(db)).toEqual({ ...NOTHING_SENT, sent: 1 });
    expect((await mails()).map((m) => m.to)).toEqual([due.to, later.to]);
    const unsent = await db.select({ status: appointments.status, at: appointments.reminderSentAt }).from(appointments);
    expect(unsent.filter((row) => row.at === null)).toHaveLength(5);
    expect(await reminderRows()).toHaveLength(2);
  });

  it('a failed send leaves the reminder queued for a retry, logs no address, and a later run sends it', async () => {
    const visit = await book(20, { patient: true });
    expect(await queueDueReminders(db, NOW)).toEqual({ queued: 1 });

    // An SMTP server that refuses: the error names the recipient, the log must not.
    const refusing = vi.fn(async () => {
      throw Object.assign(new Error(`connection refused while sending to ${visit.to}`), { code: 'ECONNREFUSED' });
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let logged = '';
    try {
      expect(await deliverQueuedEmails(db, { send: refusing })).toEqual({ ...NOTHING_SENT, retrying: 1 });
      logged = errors.mock.calls.flat().join('\n');
    } finally {
      errors.mockRestore();
    }
    expect(refusing).toHaveBeenCalledTimes(1);
    const [row] = await reminderRows();
    expect(logged).toBe(`[email] appointment reminder #${row!.id}: try 1 failed (ECONNREFUSED)`);
    expect(row).toMatchObject({ recipient: visit.to, status: 'pending', attempts: 1, lastError: 'ECONNREFUSED', claimedUntil: null, sentAt: null });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // The appointment stays stamped: the retry is the queue's, no second reminder is queued.
    const [stamp] = await db.select({ at: appointments.reminderSentAt }).from(appointments).where(eq(appointments.id, visit.id));
    expect(stamp!.at?.getTime()).toBe(NOW.getTime());
    expect(await queueDueReminders(db, NOW)).toEqual({ queued: 0 });

    // Not before its backoff, then sent by a working transport.
    expect(await deliverQueuedEmails(db)).toEqual(NOTHING_SENT);
    expect(await mails()).toHaveLength(0);
    expect(await deliverQueuedEmails(db, { now: () => new Date(row!.nextAttemptAt.getTime() + 1000) })).toEqual({ ...NOTHING_SENT, sent: 1 });
    expect((await mails()).map((m) => m.to)).toEqual([visit.to]);
    expect((await reminderRows())[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });
});

describe('the scheduler', () => {
  it('runs the jobs once on demand and returns the counts (npm run jobs:run-once)', async () => {
    const visit = await book(18, { language: 'fr' });
    // No BACKUP_PASSPHRASE in the tests: the backup step is off (tests/integration/backups.test.ts runs it).
    const BACKUPS_OFF = { state: 'off', verified: 0, pruned: 0 };
    expect(await runJobsOnce(db, NOW)).toEqual({ reminders: { queued: 1 }, waitlist: NO_OFFERS, mail: { ...NOTHING_SENT, sent: 1 }, retention: NOTHING_PURGED, backup: BACKUPS_OFF });
    expect((await mails()).map((m) => [m.to, m.language])).toEqual([[visit.to, 'fr']]);
    expect(await runJobsOnce(db, NOW)).toEqual({ reminders: { queued: 0 }, waitlist: NO_OFFERS, mail: NOTHING_SENT, retention: NOTHING_PURGED, backup: BACKUPS_OFF });
    expect(await mails()).toHaveLength(1);
  });

  it('skips a tick while the previous one is still running, and survives a failing run', async () => {
    let finish = () => {};
    let runs = 0;
    const tick = nonOverlapping(async () => {
      runs += 1;
      await new Promise<void>((resolve) => (finish = resolve));
    });
    const first = tick();
    expect(await tick()).toBe(false);
    finish();
    expect(await first).toBe(true);
    expect(runs).toBe(1);

    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const failing = nonOverlapping(() => Promise.reject(new TypeError('secret@example.test')));
      expect(await failing()).toBe(true);
      expect(errors.mock.calls.flat().join('\n')).toBe('[jobs] run failed: TypeError');
    } finally {
      errors.mockRestore();
    }
  });

  it('starts once per process and not at all with JOBS_INTERVAL_SECONDS=0', async () => {
    const previous = process.env.JOBS_INTERVAL_SECONDS;
    try {
      process.env.JOBS_INTERVAL_SECONDS = '0';
      resetConfigForTests();
      expect(startJobScheduler()).toBeUndefined();

      // Due by the real clock, and due only at NOW (days ahead).
      const dueNow = await book(20, { from: new Date() });
      await book(20);

      process.env.JOBS_INTERVAL_SECONDS = '3600';
      resetConfigForTests();
      const scheduler = startJobScheduler()!;
      try {
        expect(scheduler).toBeDefined();
        expect(startJobScheduler()).toBe(scheduler);
        // Its ticks run the real jobs, reminders then the e-mail queue, on the process's database
        // (here, this file's) with the real clock: only the visit due now is reminded.
        while (!(await scheduler.tick())) await new Promise((resolve) => setTimeout(resolve, 10));
        expect((await mails()).map((m) => m.to)).toEqual([dueNow.to]);
      } finally {
        scheduler.stop();
      }
    } finally {
      if (previous === undefined) delete process.env.JOBS_INTERVAL_SECONDS;
      else process.env.JOBS_INTERVAL_SECONDS = previous;
      resetConfigForTests();
    }
  });
});
