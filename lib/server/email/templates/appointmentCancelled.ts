import 'server-only';
import { clinic } from '@/lib/clinic';
import { formatPhone } from '@/lib/format/phone';
import type { EmailLanguage } from '../types';
import { detailLines, formatAppointmentTime, formatPrice, type AppointmentDetails } from './appointmentDetails';
import { renderEmail, type RenderedEmail } from './layout';
import { greeting } from './shared';

/** Sent to the patient when an appointment is cancelled, with the .ics (METHOD:CANCEL) attached. */
export function appointmentCancelledEmail(
  input: AppointmentDetails & {
    firstName?: string;
    language: EmailLanguage;
    /** The profile page, to book again. Unset for guests. */
    manageLink?: string;
    /** What was paid in advance and is owed back, in cents (issue #27 item 6); none when 0 or unset. */
    refundDueCents?: number;
    /**
     * The clinic cancelled a group session (issue #28): how many meetings of the seat it cancelled
     * (a series' meetings still ahead, each with its calendar file attached), 1 for one session.
     */
    groupMeetingsCancelled?: number;
  },
): RenderedEmail {
  const meetings = input.groupMeetingsCancelled ?? 0;
  const { language, manageLink } = input;
  const refund = input.refundDueCents && input.refundDueCents > 0 ? formatPrice(input.refundDueCents, language) : null;
  const when = formatAppointmentTime(input.start, language, input.timeZone);
  // What was cancelled, without the duration: it no longer matters.
  const details = detailLines(input, language, { duration: false });
  const phone = formatPhone(clinic.phone);
  if (language === 'fr') {
    return renderEmail({
      language,
      subject: `Rendez-vous annulé\u00a0: ${when}`,
      preheader: `Votre rendez-vous du ${when} est annulé.`,
      heading: 'Votre rendez-vous est annulé',
      greeting: greeting(input.firstName, language),
      paragraphs: [
        meetings > 0 ? 'La clinique a dû annuler la séance de groupe suivante, et nous en sommes désolés\u00a0:' : `Nous vous confirmons l’annulation du rendez-vous suivant\u00a0:`,
        ...details,
        ...(meetings > 1 ? [`L’annulation vaut pour les ${meetings} rencontres à venir de la série\u00a0; les fichiers joints les retirent de votre calendrier.`] : []),
        ...(refund ? [`Un montant de ${refund} a été payé d’avance pour ce rendez-vous\u00a0: la clinique le remboursera et vous enverra le reçu du remboursement.`] : []),
      ],
      action: manageLink ? { label: 'Voir mes rendez-vous', url: manageLink } : undefined,
      notes: [
        'Le fichier joint retire ce rendez-vous de votre calendrier.',
        `Quand vous le souhaiterez, vous pourrez prendre un nouveau rendez-vous en ligne ou en nous appelant au ${phone}. Nous serons heureux de vous accueillir.`,
      ],
    });
  }
  return renderEmail({
    language,
    subject: `Appointment cancelled: ${when}`,
    preheader: `Your appointment on ${when} is cancelled.`,
    heading: 'Your appointment is cancelled',
    greeting: greeting(input.firstName, language),
    paragraphs: [
      meetings > 0 ? 'The clinic has had to cancel the following group session, and we are sorry:' : 'This confirms that the following appointment has been cancelled:',
      ...details,
      ...(meetings > 1 ? [`This cancels all ${meetings} meetings of the series still ahead; the attached files remove them from your calendar.`] : []),
      ...(refund ? [`An amount of ${refund} was paid in advance for this visit: the clinic will refund it and send you the refund’s receipt.`] : []),
    ],
    action: manageLink ? { label: 'View my appointments', url: manageLink } : undefined,
    notes: [
      'The attached file removes this appointment from your calendar.',
      `Whenever you are ready, you can book a new appointment online or by calling us at ${phone}. We will be happy to see you.`,
    ],
  });
}
