import 'server-only';
import type { EmailLanguage } from '../types';
import { oneLine } from './escape';
import { detailLines, formatAppointmentTime, labelled, type AppointmentDetails } from './appointmentDetails';
import { renderEmail, type RenderedEmail } from './layout';
import { greeting } from './shared';

export type DietitianNoticeInput = AppointmentDetails & {
  /** The dietitian's own language, not the booking's. */
  language: EmailLanguage;
  dietitianFirstName?: string;
  /** The patient's (or guest's) full name: the only thing said about them. */
  patientName: string;
  /** The dietitian's profile page, where the booking's full record is. */
  manageLink?: string;
} & ({ kind: 'booked' | 'cancelled' } | { kind: 'rescheduled'; previousStart: Date });

interface NoticeCopy {
  subject: string;
  heading: string;
  lead: string;
}

function copyFor(input: DietitianNoticeInput, patient: string, when: string): NoticeCopy {
  const { language } = input;
  const before = input.kind === 'rescheduled' ? formatAppointmentTime(input.previousStart, language, input.timeZone) : '';
  if (language === 'fr') {
    switch (input.kind) {
      case 'booked':
        return { subject: `Nouveau rendez-vous : ${patient}, ${when}`, heading: 'Nouveau rendez-vous', lead: `${patient} a pris rendez-vous avec vous.` };
      case 'rescheduled':
        return {
          subject: `Rendez-vous déplacé : ${patient}, ${when}`,
          heading: 'Rendez-vous déplacé',
          lead: `Le rendez-vous de ${patient} du ${before} a été déplacé. L’ancienne plage horaire est libérée.`,
        };
      case 'cancelled':
        return {
          subject: `Rendez-vous annulé : ${patient}, ${when}`,
          heading: 'Rendez-vous annulé',
          lead: `Le rendez-vous de ${patient} a été annulé. Cette plage horaire est de nouveau libre.`,
        };
    }
  }
  switch (input.kind) {
    case 'booked':
      return { subject: `New appointment: ${patient}, ${when}`, heading: 'New appointment', lead: `${patient} has booked an appointment with you.` };
    case 'rescheduled':
      return {
        subject: `Appointment moved: ${patient}, ${when}`,
        heading: 'Appointment moved',
        lead: `${patient}’s appointment on ${before} has been moved. The previous time is free again.`,
      };
    case 'cancelled':
      return {
        subject: `Appointment cancelled: ${patient}, ${when}`,
        heading: 'Appointment cancelled',
        lead: `${patient}’s appointment has been cancelled. The time is free again.`,
      };
  }
}

/**
 * Tells the dietitian that one of their appointments was booked, moved or cancelled. Names the
 * patient but says nothing of their health: the reasons and notes stay in the booking record.
 */
export function dietitianNoticeEmail(input: DietitianNoticeInput): RenderedEmail {
  const { language, manageLink } = input;
  // The name goes into the Subject header: one line.
  const patient = oneLine(input.patientName) || (language === 'fr' ? 'Un patient' : 'A patient');
  const when = formatAppointmentTime(input.start, language, input.timeZone);
  const copy = copyFor(input, patient, when);
  const patientLine = labelled('Patient', patient, language);
  const details = [patientLine, ...detailLines(input, language, { duration: input.kind !== 'cancelled', dietitian: false })];
  const privacy =
    language === 'fr'
      ? 'Par souci de confidentialité, les motifs de consultation et les notes du patient ne sont jamais envoyés par courriel : vous les trouverez dans votre compte.'
      : 'For confidentiality, the reasons for the visit and the patient’s notes are never sent by e-mail: you will find them in your account.';
  return renderEmail({
    language,
    subject: copy.subject,
    preheader: copy.lead,
    heading: copy.heading,
    greeting: greeting(input.dietitianFirstName, language),
    paragraphs: [copy.lead, ...details],
    action: manageLink ? { label: language === 'fr' ? 'Voir mon horaire' : 'View my schedule', url: manageLink } : undefined,
    notes: [privacy],
  });
}
