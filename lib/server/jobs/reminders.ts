import 'server-only';
import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { clinic } from '@/lib/clinic';
import { fullName } from '@/lib/format/personName';
import { createManageLink } from '@/lib/server/booking/manageLinks';
import { locationOf } from '@/lib/server/booking/notifications';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { appointments, offices, services, users } from '@/lib/server/db/schema';
import { appointmentReminderEmail } from '@/lib/server/email';
import { queueEmail } from '@/lib/server/email/queue';

/**
 * Appointment reminders (issue #8 item 5): one e-mail about 24 hours before each booked visit,
 * in the session language, queued once even when several app instances (or an external cron
 * beside the in-process scheduler) run this at the same moment.
 *
 * Which appointments: status 'booked', no reminder yet, starting in (now + 1 h, now + 24 h].
 * With a scheduler that ticks every few minutes, "about 24 h before" means "the first run that
 * finds it inside 24 h", so a visit booked less than 24 h ahead gets its reminder on the next
 * run. Within the last hour we queue nothing: the patient is probably on the way.
 *
 * Once: each batch is claimed by one UPDATE that stamps reminder_sent_at on rows picked with FOR
 * UPDATE SKIP LOCKED and still unstamped, and the same transaction queues their e-mails (issue
 * #15): a stamp without its e-mail, or an e-mail without its stamp, cannot be committed. The
 * e-mail queue then sends it, retrying an SMTP failure (lib/server/email/queue.ts).
 *
 * Nothing here reads the reasons for the visit or the patient's message (health information;
 * e-mail is not a secure channel): the queries select the columns the e-mail needs and no more.
 */

export const REMINDER_LEAD_HOURS = 24;
export const REMINDER_CUTOFF_HOURS = 1;
/** Rows claimed per UPDATE: bounds what a crash between claim and send can lose. */
const BATCH_SIZE = 50;
const HOUR = 3_600_000;

export interface ReminderCounts {
  /** Reminders this run queued (its share of the due ones). */
  queued: number;
}

/**
 * Stamps up to BATCH_SIZE due, unclaimed appointments; returns the ids this call now owns. Runs in
 * the caller's transaction: the rows picked FOR UPDATE SKIP LOCKED stay locked until it ends, so
 * the UPDATE that follows touches exactly them (an `IN (subquery ... SKIP LOCKED)` may be run
 * again per row and pick more).
 */
async function claimBatch(tx: Database, now: Date): Promise<number[]> {
  const due = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, 'booked'),
        isNull(appointments.reminderSentAt),
        gt(appointments.startsAt, new Date(now.getTime() + REMINDER_CUTOFF_HOURS * HOUR)),
        lte(appointments.startsAt, new Date(now.getTime() + REMINDER_LEAD_HOURS * HOUR)),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  const claimed = await tx
    .update(appointments)
    .set({ reminderSentAt: now })
    // Checked again on the locked rows: a runner that read one before another's commit finds it stamped.
    .where(and(inArray(appointments.id, due.map((row) => row.id)), isNull(appointments.reminderSentAt), eq(appointments.status, 'booked')))
    .returning({ id: appointments.id });
  return claimed.map((row) => row.id);
}

/** What a reminder needs of each claimed appointment: never the reasons or the message. */
async function loadReminders(db: Database, ids: number[]) {
  const rows = await db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      guestContact: appointments.guestContact,
      employeeId: appointments.employeeId,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      language: appointments.sessionLanguage,
      videoRoom: appointments.videoRoom,
      service: services,
      office: offices,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(offices, eq(offices.id, appointments.officeId))
    .where(inArray(appointments.id, ids))
    .orderBy(asc(appointments.startsAt));
  const userIds = [...new Set(rows.flatMap((row) => (row.patientId === null ? [row.employeeId] : [row.employeeId, row.patientId])))];
  const people =
    userIds.length === 0
      ? []
      : await db
          .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, userIds));
  const byId = new Map(people.map((person) => [person.id, person]));
  return rows.map((row) => ({ ...row, dietitian: byId.get(row.employeeId), patient: row.patientId === null ? undefined : byId.get(row.patientId) }));
}

type DueReminder = Awaited<ReturnType<typeof loadReminders>>[number];

async function queueReminder(tx: Database, reminder: DueReminder, timeZone: string): Promise<void> {
  const { language, service, office, dietitian, patient, guestContact } = reminder;
  const recipient = patient ?? guestContact;
  if (!recipient) throw new Error('appointment without a recipient');
  const content = appointmentReminderEmail({
    language,
    firstName: recipient.firstName,
    serviceName: language === 'fr' ? service.nameFr : service.nameEn,
    start: reminder.startsAt,
    end: reminder.endsAt,
    location: locationOf(office, language, reminder.videoRoom),
    dietitianName: dietitian ? fullName(dietitian) : clinic.name,
    timeZone,
    cancellationNoticeHours: service.minCancellationNoticeHours,
    manageLink: await createManageLink(tx, { id: reminder.id, startsAt: reminder.startsAt, sessionLanguage: language }),
  });
  await queueEmail(tx, { purpose: 'appointment reminder', message: { to: recipient.email, language, ...content } });
}

/** Queues the reminders that are due at `now`; safe to run from several processes at once. */
export async function queueDueReminders(db: Database, now: Date = new Date()): Promise<ReminderCounts> {
  const counts: ReminderCounts = { queued: 0 };
  const timeZone = getConfig().clinicTimezone;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const ids = await claimBatch(tx, now);
      if (ids.length === 0) return 0;
      for (const reminder of await loadReminders(tx, ids)) {
        try {
          await queueReminder(tx, reminder, timeZone);
        } catch (error) {
          // Checked before anything is written (no recipient, an address the mailer refuses): this
          // one visit gets no reminder, the others of the batch still do. The name only is logged.
          console.error(`[jobs] no reminder for appointment ${reminder.id}: ${error instanceof Error ? error.name : 'error'}`);
        }
      }
      return ids.length;
    });
    counts.queued += claimed;
    if (claimed < BATCH_SIZE) break;
  }
  return counts;
}
