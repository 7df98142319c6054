import 'server-only';
import { and, asc, eq, gt, inArray, isNull, lte, notInArray } from 'drizzle-orm';
import { clinic } from '@/lib/clinic';
import { pageLink } from '@/lib/server/auth/links';
import { locationOf } from '@/lib/server/booking/notifications';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { appointments, offices, services, users } from '@/lib/server/db/schema';
import { appointmentReminderEmail, sendEmail } from '@/lib/server/email';

/**
 * Appointment reminders (issue #8 item 5): one e-mail about 24 hours before each booked visit,
 * in the session language, sent once even when several app instances (or an external cron
 * beside the in-process scheduler) run this at the same moment.
 *
 * Which appointments: status 'booked', no reminder yet, starting in (now + 1 h, now + 24 h].
 * With a scheduler that ticks every few minutes, "about 24 h before" means "the first run that
 * finds it inside 24 h", so a visit booked less than 24 h ahead gets its reminder on the next
 * run. Within the last hour we send nothing: the patient is probably on the way, and after a
 * long outage a reminder arriving as the visit starts would only confuse.
 *
 * Sent once: each batch is claimed by one UPDATE that stamps reminder_sent_at on rows picked
 * with FOR UPDATE SKIP LOCKED and still unstamped, and only the runner whose UPDATE returned a
 * row sends its e-mail. A runner that loses the race gets nothing back and sends nothing.
 *
 * A failed send un-claims its row (reminder_sent_at back to NULL), so the next run, minutes
 * later, tries again until the visit is an hour away: a missed reminder costs a no-show, a
 * transient SMTP failure is the usual cause, and retries are bounded by the window. A process
 * that dies between the claim and the send leaves at most one batch claimed and unsent: the
 * price of never sending twice.
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
  /** Rows this run stamped (its share of the due reminders). */
  claimed: number;
  sent: number;
  /** Not sent: un-claimed for the next run to retry. */
  failed: number;
}

/** Stamps up to BATCH_SIZE due, unclaimed appointments; returns the ids this call now owns. */
async function claimBatch(db: Database, now: Date, skip: number[]): Promise<number[]> {
  const due = db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, 'booked'),
        isNull(appointments.reminderSentAt),
        gt(appointments.startsAt, new Date(now.getTime() + REMINDER_CUTOFF_HOURS * HOUR)),
        lte(appointments.startsAt, new Date(now.getTime() + REMINDER_LEAD_HOURS * HOUR)),
        skip.length > 0 ? notInArray(appointments.id, skip) : undefined,
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(appointments)
    .set({ reminderSentAt: now })
    // Checked again on the row the UPDATE locks: a runner that read it before another's commit
    // finds it stamped and leaves it alone.
    .where(and(inArray(appointments.id, due), isNull(appointments.reminderSentAt), eq(appointments.status, 'booked')))
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

async function sendReminder(reminder: DueReminder, timeZone: string): Promise<void> {
  const { language, service, office, dietitian, patient, guestContact } = reminder;
  const recipient = patient ?? guestContact;
  if (!recipient) throw new Error('appointment without a recipient');
  const content = appointmentReminderEmail({
    language,
    firstName: recipient.firstName,
    serviceName: language === 'fr' ? service.nameFr : service.nameEn,
    start: reminder.startsAt,
    end: reminder.endsAt,
    location: locationOf(office, language),
    dietitianName: dietitian ? `${dietitian.firstName} ${dietitian.lastName}` : clinic.name,
    timeZone,
    cancellationNoticeHours: service.minCancellationNoticeHours,
    // As in the confirmation: patients manage it from their profile, guests (no account) call.
    manageLink: patient ? pageLink(language, '/profile') : undefined,
  });
  await sendEmail({ to: recipient.email, language, ...content });
}

// The error's name only: its message could echo the address or the e-mail's content.
const nameOf = (error: unknown) => (error instanceof Error ? error.name : 'error');

/** Sends the reminders that are due at `now`; safe to run from several processes at once. */
export async function sendDueReminders(db: Database, now: Date = new Date()): Promise<ReminderCounts> {
  const counts: ReminderCounts = { claimed: 0, sent: 0, failed: 0 };
  const timeZone = getConfig().clinicTimezone;
  // Un-claimed after a failure: not claimed again by this run, or it would loop on them.
  const failedIds: number[] = [];
  for (;;) {
    const ids = await claimBatch(db, now, failedIds);
    if (ids.length === 0) break;
    counts.claimed += ids.length;
    const reminders = await loadReminders(db, ids);
    for (const reminder of reminders) {
      try {
        await sendReminder(reminder, timeZone);
        counts.sent += 1;
      } catch (error) {
        counts.failed += 1;
        failedIds.push(reminder.id);
        console.error(`[jobs] reminder for appointment ${reminder.id} could not be sent: ${nameOf(error)}`);
        try {
          await db.update(appointments).set({ reminderSentAt: null }).where(eq(appointments.id, reminder.id));
        } catch (unclaimError) {
          console.error(`[jobs] reminder for appointment ${reminder.id} stays claimed: ${nameOf(unclaimError)}`);
        }
      }
    }
    if (ids.length < BATCH_SIZE) break;
  }
  return counts;
}
