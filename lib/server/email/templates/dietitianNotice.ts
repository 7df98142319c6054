import 'server-only';
import type { EmailLanguage } from '../types';
import { oneLine } from './escape';
import { detailLines, formatAppointmentTime, formatDuration, formatPrice, labelled, type AppointmentDetails } from './appointmentDetails';
import { renderEmail, type RenderedEmail } from './layout';
import { greeting } from './shared';

export type DietitianNoticeInput = AppointmentDetails & {
  /** The dietitian's own language, not the booking's. */
  language: EmailLanguage;
  /**
   * The end of the time the visit holds in the dietitian's calendar (the service's employee
   * duration: the visit and its notes); `end` is the patient's (the service's client duration).
   */
  blockedUntil: Date;
  dietitianFirstName?: string;
  /** The patient's (or guest's) full name: the only thing said about them. */
  patientName: string;
  /** The dietitian's profile page, where the booking's full record is. */
  manageLink?: string;
  /** A cancellation of a visit paid in advance: what was paid (net of refunds) and is to be given back, in cents. */
  refundDueCents?: number;
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
        return { subject: `Nouveau rendez-vous\u00a0: ${patient}, ${when}`, heading: 'Nouveau rendez-vous', lead: `${patient} a pris rendez-vous avec vous.` };
      case 'rescheduled':
        return {
          subject: `Rendez-vous déplacé\u00a0: ${patient}, ${when}`,
          heading: 'Rendez-vous déplacé',
          lead: `Le rendez-vous de ${patient} du ${before} a été déplacé. L’ancienne plage horaire est libérée.`,
        };
      case 'cancelled':
        return {
          subject: `Rendez-vous annulé\u00a0: ${patient}, ${when}`,
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

/** The dietitian's own time, named as such: held for a visit, freed by its cancellation. */
function blockedLabel(kind: DietitianNoticeInput['kind'], language: EmailLanguage): string {
  if (kind === 'cancelled') return language === 'fr' ? 'Temps libéré dans votre agenda' : 'Time freed in your calendar';
  return language === 'fr' ? 'Temps réservé à votre agenda' : 'Time blocked in your calendar';
}

/** A cancelled visit paid in advance: the refund the clinic owes, and where to record it (issue #27 item 6). */
function refundDue(input: DietitianNoticeInput): string[] {
  if (input.kind !== 'cancelled' || !input.refundDueCents || input.refundDueCents <= 0) return [];
  const amount = formatPrice(input.refundDueCents, input.language);
  return input.language === 'fr'
    ? [`Remboursement dû\u00a0: ${amount}. Ce montant a été payé d’avance pour ce rendez-vous. Enregistrez le remboursement dans les paiements du rendez-vous, dans votre agenda.`]
    : [`Refund due: ${amount}. This was paid in advance for the visit. Record the refund in the visit’s payments, in your agenda.`];
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
  const details = [patientLine, ...detailLines(input, language, { dietitian: false })];
  // After the duration (service, date and time, duration): the time the visit holds, or held, in their calendar.
  details.splice(4, 0, labelled(blockedLabel(input.kind, language), formatDuration(input.start, input.blockedUntil, language), language));
  const privacy =
    language === 'fr'
      ? 'Par souci de confidentialité, les motifs de consultation et les notes du patient ne sont jamais envoyés par courriel\u00a0: vous les trouverez dans votre compte.'
      : 'For confidentiality, the reasons for the visit and the patient’s notes are never sent by e-mail: you will find them in your account.';
  return renderEmail({
    language,
    subject: copy.subject,
    preheader: copy.lead,
    heading: copy.heading,
    greeting: greeting(input.dietitianFirstName, language),
    paragraphs: [copy.lead, ...refundDue(input), ...details],
    action: manageLink ? { label: language === 'fr' ? 'Voir mon horaire' : 'View my schedule', url: manageLink } : undefined,
    notes: [privacy],
  });
}
