import 'server-only';
import { clinic } from '@/lib/clinic';
import { formatPhone } from '@/lib/format/phone';
import type { EmailLanguage } from '../types';
import { renderEmail, type RenderedEmail } from './layout';
import { greeting } from './shared';

/**
 * Tells the patient that their intake form (issue #7) arrived. It carries none of the answers,
 * not even the name typed in the form: they are health information, e-mail is not a secure
 * channel, and anyone could have typed this address into the form.
 */
export function intakeAcknowledgementEmail(input: { language: EmailLanguage; bookingLink: string }): RenderedEmail {
  const { language, bookingLink } = input;
  const hello = greeting(undefined, language);
  const phone = formatPhone(clinic.phone);
  if (language === 'fr') {
    return renderEmail({
      language,
      subject: 'Nous avons bien reçu votre formulaire patient',
      preheader: 'Votre diététiste le lira avant votre première visite.',
      heading: 'Merci d’avoir rempli le formulaire patient',
      greeting: hello,
      paragraphs: [
        `Nous avons bien reçu le formulaire patient que vous avez rempli sur le site Web d’${clinic.name}. Votre diététiste le lira avant votre première visite pour bien préparer votre rendez-vous.`,
        'Pour protéger votre vie privée, ce courriel ne reprend aucune de vos réponses. Elles sont conservées de façon chiffrée et seuls nos diététistes peuvent les consulter.',
        'Vous n’avez pas encore pris votre premier rendez-vous? Vous pouvez le faire en ligne en tout temps.',
      ],
      action: { label: 'Prendre rendez-vous', url: bookingLink },
      notes: [
        `Pour corriger ou ajouter une information, appelez-nous au ${phone} ou parlez-en à votre diététiste lors de votre rendez-vous.`,
        `Si vous n’avez pas rempli de formulaire patient, veuillez nous en informer au ${phone}.`,
      ],
    });
  }
  return renderEmail({
    language,
    subject: 'We received your patient form',
    preheader: 'Your dietitian will read it before your first visit.',
    heading: 'Thank you for filling in the patient form',
    greeting: hello,
    paragraphs: [
      `We received the patient form you filled in on the ${clinic.name} website. Your dietitian will read it before your first visit to prepare for your appointment.`,
      'To protect your privacy, this e-mail does not repeat any of your answers. They are stored encrypted, and only our dietitians can read them.',
      'Not booked yet? You can make your first appointment online at any time.',
    ],
    action: { label: 'Book an appointment', url: bookingLink },
    notes: [
      `To correct or add something, call us at ${phone} or tell your dietitian at your appointment.`,
      `If you did not fill in a patient form, please let us know at ${phone}.`,
    ],
  });
}
