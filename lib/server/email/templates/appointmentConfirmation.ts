import 'server-only';
import { clinic } from '@/lib/clinic';
import { changeNotes, detailLines, formatAppointmentTime, totalLine, type PatientAppointmentInput } from './appointmentDetails';
import { renderEmail, type RenderedEmail } from './layout';
import { greeting } from './shared';

/** Sent to the patient once the booking is saved, with the .ics (METHOD:REQUEST) attached. */
export function appointmentConfirmationEmail(input: PatientAppointmentInput): RenderedEmail {
  const { language, manageLink } = input;
  const when = formatAppointmentTime(input.start, language, input.timeZone);
  const details = [...detailLines(input, language), totalLine(input.totalCents, input.taxCents, language)];
  if (language === 'fr') {
    return renderEmail({
      language,
      subject: `Rendez-vous confirmé\u00a0: ${when}`,
      preheader: `${input.serviceName}, le ${when}.`,
      heading: 'Votre rendez-vous est confirmé',
      greeting: greeting(input.firstName, language),
      paragraphs: [`Merci d’avoir pris rendez-vous chez ${clinic.name}. Voici le résumé de votre réservation\u00a0:`, ...details],
      action: manageLink ? { label: 'Gérer mon rendez-vous', url: manageLink } : undefined,
      notes: [...changeNotes(input), 'Au plaisir de vous rencontrer!'],
    });
  }
  return renderEmail({
    language,
    subject: `Appointment confirmed: ${when}`,
    preheader: `${input.serviceName}, ${when}.`,
    heading: 'Your appointment is confirmed',
    greeting: greeting(input.firstName, language),
    paragraphs: [`Thank you for booking with ${clinic.name}. Here is a summary of your appointment:`, ...details],
    action: manageLink ? { label: 'Manage my appointment', url: manageLink } : undefined,
    notes: [...changeNotes(input), 'We look forward to seeing you!'],
  });
}
