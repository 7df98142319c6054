import 'server-only';
import { clinic } from '@/lib/clinic';
import { changePolicyNote, detailLines, formatAppointmentTime, type PatientAppointmentInput } from './appointmentDetails';
import { renderEmail, type RenderedEmail } from './layout';
import { greeting } from './shared';

/** What the reminder says: the booking e-mails' details, without the price (already confirmed). */
export type AppointmentReminderInput = Omit<PatientAppointmentInput, 'totalCents' | 'taxCents'>;

/**
 * Sent to the patient about 24 hours before the visit (lib/server/jobs/reminders.ts), in the
 * session language. No .ics: the calendar event from the confirmation is still current.
 */
export function appointmentReminderEmail(input: AppointmentReminderInput): RenderedEmail {
  const { language, manageLink } = input;
  const when = formatAppointmentTime(input.start, language, input.timeZone);
  const details = detailLines(input, language);
  if (language === 'fr') {
    return renderEmail({
      language,
      subject: `Rappel\u00a0: votre rendez-vous du ${when}`,
      preheader: `${input.serviceName}, le ${when}.`,
      heading: 'Votre rendez-vous approche',
      greeting: greeting(input.firstName, language),
      paragraphs: [`Nous vous rappelons votre prochain rendez-vous chez ${clinic.name} :`, ...details],
      action: manageLink ? { label: 'Gérer mon rendez-vous', url: manageLink } : undefined,
      notes: [changePolicyNote(input), 'Au plaisir de vous voir bientôt!'],
    });
  }
  return renderEmail({
    language,
    subject: `Reminder: your appointment on ${when}`,
    preheader: `${input.serviceName}, ${when}.`,
    heading: 'Your appointment is coming up',
    greeting: greeting(input.firstName, language),
    paragraphs: [`This is a reminder of your upcoming appointment with ${clinic.name}:`, ...details],
    action: manageLink ? { label: 'Manage my appointment', url: manageLink } : undefined,
    notes: [changePolicyNote(input), 'We look forward to seeing you!'],
  });
}
