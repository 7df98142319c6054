import 'server-only';
import { changeNotes, detailLines, formatAppointmentTime, totalLine, type PatientAppointmentInput } from './appointmentDetails';
import { renderEmail, type RenderedEmail } from './layout';
import { greeting } from './shared';

/**
 * Sent to the patient when an appointment moves, with the .ics attached (same UID, higher
 * SEQUENCE): calendars then move the existing event instead of adding a second one.
 */
export function appointmentRescheduledEmail(input: PatientAppointmentInput & { previousStart: Date }): RenderedEmail {
  const { language, manageLink } = input;
  const before = formatAppointmentTime(input.previousStart, language, input.timeZone);
  const when = formatAppointmentTime(input.start, language, input.timeZone);
  const details = [...detailLines(input, language), totalLine(input.totalCents, input.taxCents, language)];
  if (language === 'fr') {
    return renderEmail({
      language,
      subject: `Rendez-vous déplacé au ${when}`,
      preheader: `Nouvelle date : ${when}.`,
      heading: 'Votre rendez-vous a été déplacé',
      greeting: greeting(input.firstName, language),
      paragraphs: [
        `Votre rendez-vous du ${before} a bien été déplacé. L’ancienne plage horaire est libérée. Voici les nouveaux détails\u00a0:`,
        ...details,
      ],
      action: manageLink ? { label: 'Gérer mon rendez-vous', url: manageLink } : undefined,
      notes: [...changeNotes(input), 'Au plaisir de vous rencontrer!'],
    });
  }
  return renderEmail({
    language,
    subject: `Appointment moved to ${when}`,
    preheader: `New time: ${when}.`,
    heading: 'Your appointment has been moved',
    greeting: greeting(input.firstName, language),
    paragraphs: [
      `Your appointment on ${before} has been moved, and that time is no longer reserved for you. Here are the new details:`,
      ...details,
    ],
    action: manageLink ? { label: 'Manage my appointment', url: manageLink } : undefined,
    notes: [...changeNotes(input), 'We look forward to seeing you!'],
  });
}
