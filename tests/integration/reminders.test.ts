import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageLink } from '@/lib/server/auth/links';
import { resetConfigForTests } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { appointments, services, skills, users, type AppointmentStatus } from '@/lib/server/db/schema';
import { DEMO_PATIENT } from '@/lib/server/db/seed';
import { readOutbox } from '@/lib/server/email';
import { cancellationPolicy, formatAppointmentTime } from '@/lib/server/email/templates/appointmentDetails';
import { sendDueReminders } from '@/lib/server/jobs/reminders';
import { nonOverlapping, runJobsOnce, startJobScheduler } from '@/lib/server/jobs/scheduler';
import { demoClinic } from './support/clinic';

/**
 * Appointment reminders (issue #8 item 5) on the seeded demo clinic, with a fixed "now" handed
 * to the job: one e-mail per booked appointment starting within (now + 1 h, now + 24 h], in its
 * session language, never twice (also with concurrent runners), never for other statuses.
 */

const clinic = demoClinic('reminders');
let db: Database;
const NOW = new Date('2031-03-10T14:00:00Z');
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
  await db.delete(appointments);
  rmSync(outboxDir(), { recursive: true, force: true });
});

let guestCount = 0;
/** A 1-hour visit starting `hours` after NOW; a guest's unless `patient` is set. */
async function book(
  hours: number,
  options: { language?: 'en' | 'fr'; patient?: boolean; status?: AppointmentStatus; office?: string } = {},
) {
  const start = new Date(NOW.getTime() + hours * HOUR);
  const status = options.status ?? 'booked';
  guestCount += 1;
  const guest = { firstName: 'Zoé', lastName: `Invitée ${guestCount}`, email: `guest-${guestCount}@example.test`, phone: '613 555 0142' };
  const [row] = await db
    .insert(appointments)
    .values({
      patientId: options.patient ? ids.patient : null,
      guestContact: options.patient ? null : guest,
      employeeId: ids.dietitian,
      serviceId: ids.service,
      officeId: clinic.catalog.officeId[options.office ?? 'centretown']!,
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
    })
    .returning();
  return { ...row!, to: options.patient ? DEMO_PATIENT.email : guest.email };
}

const mails = () => readOutbox(outboxDir());

describe('sendDueReminders', () => {
  it('sends one reminder ~20 h ahead in the session language: time, policy, how to change, no health data', async () => {
    const patientVisit = await book(20, { patient: true, language: 'en' });
    const guestVisit = await book(21.5, { language: 'fr', office: 'virtual' });

    expect(await sendDueReminders(db, NOW)).toEqual({ claimed: 2, sent: 2, failed: 0 });
    const sent = await mails();
    expect(sent).toHaveLength(2);

    const en = sent.find((m) => m.to === patientVisit.to)!;
    expect(en.language).toBe('en');
    expect(en.subject).toBe(`Reminder: your appointment on ${formatAppointmentTime(patientVisit.startsAt, 'en', TZ)}`);
    expect(en.text).toContain(cancellationPolicy(noticeHours, 'en'));
    expect(en.text).toContain('Individual consultation');
    expect(en.text).toContain(pageLink('en', '/profile'));

    const fr = sent.find((m) => m.to === guestVisit.to)!;
    expect(fr.language).toBe('fr');
    expect(fr.text).toContain(formatAppointmentTime(guestVisit.startsAt, 'fr', TZ));
    expect(fr.text).toContain(cancellationPolicy(noticeHours, 'fr').replace(/ :/g, '\u00a0:'));
    expect(fr.text).toContain('Rendez-vous virtuel');
    // A guest has no account: the clinic's phone, no link.
    expect(fr.text).toContain('Il suffit de nous appeler');
    expect(fr.text).not.toContain('/profile');

    for (const mail of sent) {
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain('Diabète');
        for (const name of skillNames) expect(part).not.toContain(name);
      }
    }

    // Stamped, and a second run finds nothing to do.
    const stamped = await db.select({ at: appointments.reminderSentAt }).from(appointments);
    expect(stamped.map((row) => row.at?.getTime())).toEqual([NOW.getTime(), NOW.getTime()]);
    expect(await sendDueReminders(db, new Date(NOW.getTime() + 5 * 60_000))).toEqual({ claimed: 0, sent: 0, failed: 0 });
    expect(await mails()).toHaveLength(2);
  });

  it('two concurrent runners send exactly one e-mail per appointment', async () => {
    const visits = [];
    for (let i = 0; i < 10; i++) visits.push(await book(2 + 2 * i, { language: i % 2 ? 'fr' : 'en' }));

    const [a, b] = await Promise.all([sendDueReminders(db, NOW), sendDueReminders(db, NOW)]);
    expect(a.claimed + b.claimed).toBe(10);
    expect(a.sent + b.sent).toBe(10);
    expect(a.failed + b.failed).toBe(0);

    const sent = await mails();
    expect(sent).toHaveLength(10);
    expect(new Set(sent.map((m) => m.to))).toEqual(new Set(visits.map((v) => v.to)));
    for (const visit of visits) expect(sent.find((m) => m.to === visit.to)!.language).toBe(visit.sessionLanguage);

    const again = await Promise.all([sendDueReminders(db, NOW), sendDueReminders(db, NOW)]);
    expect(again.map((c) => c.claimed)).toEqual([0, 0]);
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

    expect(await sendDueReminders(db, NOW)).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect((await mails()).map((m) => m.to)).toEqual([due.to]);

    // Two hours on, the 25-hour visit is 23 hours away: its turn.
    expect(await sendDueReminders(db, new Date(NOW.getTime() + 2 * HOUR))).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect((await mails()).map((m) => m.to)).toEqual([due.to, later.to]);
    const unsent = await db.select({ status: appointments.status, at: appointments.reminderSentAt }).from(appointments);
    expect(unsent.filter((row) => row.at === null)).toHaveLength(5);
  });

  it('un-claims a reminder whose send failed, logs no address, and sends it on the next run', async () => {
    const visit = await book(20, { patient: true });
    // A file where the outbox directory should be: writing the message fails.
    mkdirSync(clinic.dataDir, { recursive: true });
    writeFileSync(outboxDir(), 'not a directory');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await sendDueReminders(db, NOW)).toEqual({ claimed: 1, sent: 0, failed: 1 });
      const logged = errors.mock.calls.flat().join('\n');
      expect(logged).toContain(`appointment ${visit.id}`);
      expect(logged).not.toContain('@');
    } finally {
      errors.mockRestore();
    }
    const [row] = await db.select({ at: appointments.reminderSentAt }).from(appointments).where(eq(appointments.id, visit.id));
    expect(row!.at).toBeNull();

    rmSync(outboxDir(), { force: true });
    expect(await sendDueReminders(db, NOW)).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect((await mails()).map((m) => m.to)).toEqual([visit.to]);
  });
});

describe('the scheduler', () => {
  it('runs the jobs once on demand and returns the counts (npm run jobs:run-once)', async () => {
    await book(18, { language: 'fr' });
    expect(await runJobsOnce(db, NOW)).toEqual({ reminders: { claimed: 1, sent: 1, failed: 0 } });
    expect(await runJobsOnce(db, NOW)).toEqual({ reminders: { claimed: 0, sent: 0, failed: 0 } });
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

      process.env.JOBS_INTERVAL_SECONDS = '3600';
      resetConfigForTests();
      const scheduler = startJobScheduler()!;
      try {
        expect(scheduler).toBeDefined();
        expect(startJobScheduler()).toBe(scheduler);
        // Its ticks run the real jobs on the process's database (here, this file's): with the
        // real clock, nothing in 2031 is due yet.
        while (!(await scheduler.tick())) await new Promise((resolve) => setTimeout(resolve, 10));
        expect(await mails()).toHaveLength(0);
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
