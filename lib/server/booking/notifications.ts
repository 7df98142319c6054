import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import { clinic } from '@/lib/clinic';
import { formatOfficeAddress } from '@/lib/format/office';
import { fullName } from '@/lib/format/personName';
import { pageLink } from '@/lib/server/auth/links';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { appointments, groupSessions, groupTopics, offices, services, users, type Appointment } from '@/lib/server/db/schema';
import {
  appointmentCancelledEmail,
  appointmentConfirmationEmail,
  appointmentRescheduledEmail,
  dietitianNoticeEmail,
  type AppointmentLocation,
  type EmailLanguage,
  type RenderedEmail,
} from '@/lib/server/email';
import { queueEmail } from '@/lib/server/email/queue';
import { appointmentIcs, appointmentIcsText, appointmentUid, icsAttachment } from './calendar';
import { createManageLink } from './manageLinks';
import { nameWithTopic } from '@/lib/server/groups/groupService';
import { netPaidCents } from '@/lib/server/receipts/refundDue';
import { joinUrlOf } from './videoRoom';

/**
 * The e-mails that follow a booking, a reschedule or a cancellation (issue #4 item 7): the
 * patient's (in the booking's session language, with the .ics and the manage link) and the
 * dietitian's notice (in the dietitian's own language). Queued in the transaction that made the
 * change (issue #15), so they exist exactly when the change does; the caller kicks the queue
 * after the commit. Nothing here reads the reasons or the message: they are health information
 * and e-mail is not a secure channel.
 */

export type BookingNoticeKind = 'booked' | 'rescheduled' | 'cancelled';

export interface BookingNoticeInput {
  appointmentId: number;
  kind: BookingNoticeKind;
  /** The start before the move, for 'rescheduled' (defaults to the predecessor row's start). */
  previousStart?: Date;
  /**
   * The clinic cancelled a group session (issue #28): the other rows of the same seat it
   * cancelled (a series' later meetings), whose calendar files go in the same e-mail.
   */
  groupCancellation?: { otherMeetingIds: number[] };
  /** The session's own dietitian cancelled or moved it (issue #28): no notice to them for each seat. */
  dietitianActed?: boolean;
}

type Office = typeof offices.$inferSelect;

/**
 * '180 Metcalfe Street, Suite 504, Ottawa, Ontario K2P 1P5' / '180, rue Metcalfe, bureau 504,
 * Ottawa (Ontario) K2P 1P5': one line in the reader's language, as calendars and e-mails show it.
 */
function officeAddress(office: Office, language: EmailLanguage): string {
  const { streetNumber, streetName, city, provinceCode, postalCode } = office;
  // The table's check gives a physical office all of these.
  if (!streetNumber || !streetName || !city || !provinceCode || !postalCode) return '';
  const parts = { streetNumber, streetName, streetNameFr: office.streetNameFr, unitNumber: office.unitNumber, city, provinceCode, postalCode };
  return formatOfficeAddress(parts, language);
}

/** Where the visit is; a virtual visit's join link when its room is given (the patient's e-mails). */
export function locationOf(office: Office, language: EmailLanguage, videoRoom: string | null = null): AppointmentLocation {
  if (office.isVirtual) return { kind: 'virtual', joinUrl: joinUrlOf(videoRoom) };
  return { kind: 'office', name: language === 'fr' ? office.nameFr : office.nameEn, address: officeAddress(office, language) };
}

async function previousStartOf(db: Database, appointment: Appointment): Promise<Date> {
  if (appointment.rescheduledFromId === null) return appointment.startsAt;
  const [row] = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(eq(appointments.id, appointment.rescheduledFromId));
  return row?.startsAt ?? appointment.startsAt;
}

/** What was paid, net of refunds, on some appointments (cents). */
async function paidOnRows(db: Database, ids: number[]): Promise<number> {
  let cents = 0;
  for (const id of ids) cents += await netPaidCents(db, id);
  return cents;
}

/** Queues the patient's e-mail and the dietitian's notice for one appointment, in the caller's transaction. */
export async function queueBookingNotices(db: Database, input: BookingNoticeInput): Promise<void> {
  const [row] = await db
    .select({ appointment: appointments, service: services, office: offices })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(offices, eq(offices.id, appointments.officeId))
    .where(eq(appointments.id, input.appointmentId));
  if (!row) return;
  const { appointment, service, office } = row;
  // A seat in a group session is named with its topic (issue #28): « Programmes de groupe — Vivre avec… ».
  const [topic] =
    appointment.groupSessionId === null
      ? []
      : await db
          .select({ en: groupTopics.titleEn, fr: groupTopics.titleFr })
          .from(groupSessions)
          .innerJoin(groupTopics, eq(groupTopics.id, groupSessions.topicId))
          .where(eq(groupSessions.id, appointment.groupSessionId));
  const serviceNameIn = (language: 'en' | 'fr') => nameWithTopic({ en: service.nameEn, fr: service.nameFr }, topic)[language];
  const people = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.preferredLanguage })
    .from(users)
    .where(inArray(users.id, [appointment.employeeId, ...(appointment.patientId === null ? [] : [appointment.patientId])]));
  const dietitian = people.find((person) => person.id === appointment.employeeId);
  const patientUser = appointment.patientId === null ? undefined : people.find((person) => person.id === appointment.patientId);
  const guest = appointment.guestContact;
  const patient = patientUser ?? (guest ? { email: guest.email, firstName: guest.firstName, lastName: guest.lastName } : undefined);
  const timeZone = getConfig().clinicTimezone;
  const dietitianName = dietitian ? fullName(dietitian) : clinic.name;
  const previousStart =
    input.kind === 'rescheduled' ? (input.previousStart ?? (await previousStartOf(db, appointment))) : undefined;
  // A visit paid in advance and cancelled: the clinic owes what was paid (issue #27 item 6).
  const refundDueCents = input.kind === 'cancelled' ? await netPaidCents(db, appointment.id) : 0;

  if (patient) {
    const language = appointment.sessionLanguage;
    const serviceName = serviceNameIn(language);
    const location = locationOf(office, language, input.kind === 'cancelled' ? null : appointment.videoRoom);
    const details = { serviceName, start: appointment.startsAt, end: appointment.endsAt, location, dietitianName, timeZone };
    // A live visit's e-mail carries its manage link; a cancellation's points a patient to their
    // appointments (a guest books again from the site).
    const manageLink =
      input.kind === 'cancelled' ? (patientUser ? pageLink(language, '/profile') : undefined) : await createManageLink(db, appointment);
    const personal = { ...details, firstName: patient.firstName, language, manageLink };
    const priced = { ...personal, totalCents: appointment.totalCents, taxCents: appointment.taxCents, cancellationNoticeHours: service.minCancellationNoticeHours };
    const content: RenderedEmail =
      input.kind === 'cancelled'
        ? appointmentCancelledEmail({
            ...personal,
            refundDueCents: refundDueCents + (input.groupCancellation ? await paidOnRows(db, input.groupCancellation.otherMeetingIds) : 0),
            ...(input.groupCancellation && { groupMeetingsCancelled: 1 + input.groupCancellation.otherMeetingIds.length }),
          })
        : input.kind === 'rescheduled'
          ? appointmentRescheduledEmail({ ...priced, previousStart: previousStart ?? appointment.startsAt })
          : appointmentConfirmationEmail(priced);
    const method = input.kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
    const text = appointmentIcsText({ serviceName, dietitianName, location, language });
    const ics = appointmentIcs({
      uid: appointmentUid(appointment.calendarUid),
      sequence: appointment.sequence,
      method,
      start: appointment.startsAt,
      end: appointment.endsAt,
      ...text,
      organizer: { name: clinic.name, email: getConfig().clinicEmail },
      attendee: { name: fullName(patient), email: patient.email },
      language,
    });
    // A series' later meetings cancelled with it: each one's CANCEL, in the same e-mail.
    const others = input.groupCancellation?.otherMeetingIds.length
      ? await db.select().from(appointments).where(inArray(appointments.id, input.groupCancellation.otherMeetingIds)).orderBy(asc(appointments.startsAt))
      : [];
    const otherFiles = others.map((meeting) =>
      icsAttachment(
        appointmentIcs({
          uid: appointmentUid(meeting.calendarUid),
          sequence: meeting.sequence,
          method,
          start: meeting.startsAt,
          end: meeting.endsAt,
          ...text,
          organizer: { name: clinic.name, email: getConfig().clinicEmail },
          attendee: { name: fullName(patient), email: patient.email },
          language,
        }),
        method,
        language,
      ),
    );
    await queueEmail(db, {
      purpose: `appointment ${input.kind}`,
      message: { to: patient.email, language, ...content, attachments: [icsAttachment(ics, method, language), ...otherFiles] },
    });
  }

  if (dietitian && !input.dietitianActed) {
    const language = dietitian.language;
    const base = {
      serviceName: serviceNameIn(language),
      start: appointment.startsAt,
      // The patient's duration, and the dietitian's own end (the visit plus the notes time), each named.
      end: appointment.endsAt,
      blockedUntil: appointment.blockedUntil,
      location: locationOf(office, language),
      dietitianName,
      timeZone,
      language,
      dietitianFirstName: dietitian.firstName,
      patientName: patient ? fullName(patient) : '',
      manageLink: pageLink(language, '/profile'),
    };
    const content =
      input.kind === 'rescheduled'
        ? dietitianNoticeEmail({ ...base, kind: 'rescheduled', previousStart: previousStart ?? appointment.startsAt })
        : dietitianNoticeEmail({
            ...base,
            kind: input.kind,
            ...(input.kind === 'cancelled' && { refundDueCents }),
          });
    await queueEmail(db, { purpose: `dietitian notice (${input.kind})`, message: { to: dietitian.email, language, ...content } });
  }
}
