import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { clinic } from '@/lib/clinic';
import { pageLink } from '@/lib/server/auth/links';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { appointments, offices, services, users, type Appointment } from '@/lib/server/db/schema';
import {
  appointmentCancelledEmail,
  appointmentConfirmationEmail,
  appointmentRescheduledEmail,
  dietitianNoticeEmail,
  sendEmail,
  type AppointmentLocation,
  type EmailLanguage,
  type RenderedEmail,
} from '@/lib/server/email';
import { appointmentIcs, appointmentIcsText, appointmentUid, icsAttachment } from './calendar';

/**
 * The e-mails that follow a booking, a reschedule or a cancellation (issue #4 item 7): the
 * patient's (in the booking's session language, with the .ics) and the dietitian's notice (in
 * the dietitian's own language). Called after the transaction commits: a failed send is logged
 * by name only and never undoes what was saved. Nothing here reads the reasons or the message:
 * they are health information and e-mail is not a secure channel.
 */

export type BookingNoticeKind = 'booked' | 'rescheduled' | 'cancelled';

export interface BookingNoticeInput {
  appointmentId: number;
  kind: BookingNoticeKind;
  /** The start before the move, for 'rescheduled' (defaults to the predecessor row's start). */
  previousStart?: Date;
}

type Office = typeof offices.$inferSelect;

/** '123 Bank Street, Unit 4, Ottawa ON K1P 5G3': one line, as calendars and e-mails show it. */
function officeAddress(office: Office): string {
  const street = [office.streetNumber, office.streetName].filter(Boolean).join(' ');
  const postal = office.postalCode ? office.postalCode.replace(/^(\w{3})(\w{3})$/, '$1 $2') : '';
  const region = [office.provinceCode, postal].filter(Boolean).join(' ');
  return [street, office.unitNumber, office.city, region].filter(Boolean).join(', ');
}

export function locationOf(office: Office, language: EmailLanguage): AppointmentLocation {
  if (office.isVirtual) return { kind: 'virtual' };
  return { kind: 'office', name: language === 'fr' ? office.nameFr : office.nameEn, address: officeAddress(office) };
}

async function deliver(send: () => Promise<unknown>, what: string): Promise<void> {
  try {
    await send();
  } catch (error) {
    // The name only: the message could echo an address or the e-mail's content.
    console.error(`[email] ${what} could not be sent: ${error instanceof Error ? error.name : 'error'}`);
  }
}

async function previousStartOf(db: Database, appointment: Appointment): Promise<Date> {
  if (appointment.rescheduledFromId === null) return appointment.startsAt;
  const [row] = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(eq(appointments.id, appointment.rescheduledFromId));
  return row?.startsAt ?? appointment.startsAt;
}

/** Sends the patient's e-mail and the dietitian's notice for one appointment. Never throws for a send. */
export async function sendBookingNotices(db: Database, input: BookingNoticeInput): Promise<void> {
  const [row] = await db
    .select({ appointment: appointments, service: services, office: offices })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(offices, eq(offices.id, appointments.officeId))
    .where(eq(appointments.id, input.appointmentId));
  if (!row) return;
  const { appointment, service, office } = row;
  const people = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.preferredLanguage })
    .from(users)
    .where(inArray(users.id, [appointment.employeeId, ...(appointment.patientId === null ? [] : [appointment.patientId])]));
  const dietitian = people.find((person) => person.id === appointment.employeeId);
  const patientUser = appointment.patientId === null ? undefined : people.find((person) => person.id === appointment.patientId);
  const guest = appointment.guestContact;
  const patient = patientUser ?? (guest ? { email: guest.email, firstName: guest.firstName, lastName: guest.lastName } : undefined);
  const timeZone = getConfig().clinicTimezone;
  const dietitianName = dietitian ? `${dietitian.firstName} ${dietitian.lastName}` : clinic.name;
  const previousStart =
    input.kind === 'rescheduled' ? (input.previousStart ?? (await previousStartOf(db, appointment))) : undefined;

  if (patient) {
    const language = appointment.sessionLanguage;
    const serviceName = language === 'fr' ? service.nameFr : service.nameEn;
    const location = locationOf(office, language);
    const details = { serviceName, start: appointment.startsAt, end: appointment.endsAt, location, dietitianName, timeZone };
    // Guests have no account: they change a booking by phone, which the e-mail says instead.
    const manageLink = patientUser ? pageLink(language, '/profile') : undefined;
    const personal = { ...details, firstName: patient.firstName, language, manageLink };
    const priced = { ...personal, totalCents: appointment.totalCents, taxCents: appointment.taxCents, cancellationNoticeHours: service.minCancellationNoticeHours };
    const content: RenderedEmail =
      input.kind === 'cancelled'
        ? appointmentCancelledEmail(personal)
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
      attendee: { name: `${patient.firstName} ${patient.lastName}`, email: patient.email },
      language,
    });
    await deliver(
      () => sendEmail({ to: patient.email, language, ...content, attachments: [icsAttachment(ics, method, language)] }),
      `appointment ${input.kind}`,
    );
  }

  if (dietitian) {
    const language = dietitian.language;
    const base = {
      serviceName: language === 'fr' ? service.nameFr : service.nameEn,
      start: appointment.startsAt,
      // The dietitian's own end: the visit plus the notes time.
      end: appointment.blockedUntil,
      location: locationOf(office, language),
      dietitianName,
      timeZone,
      language,
      dietitianFirstName: dietitian.firstName,
      patientName: patient ? `${patient.firstName} ${patient.lastName}` : '',
      manageLink: pageLink(language, '/profile'),
    };
    const content =
      input.kind === 'rescheduled'
        ? dietitianNoticeEmail({ ...base, kind: 'rescheduled', previousStart: previousStart ?? appointment.startsAt })
        : dietitianNoticeEmail({ ...base, kind: input.kind });
    await deliver(() => sendEmail({ to: dietitian.email, language, ...content }), `dietitian notice (${input.kind})`);
  }
}
