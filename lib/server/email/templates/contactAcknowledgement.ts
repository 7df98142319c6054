import 'server-only';
import { clinic } from '@/lib/clinic';
import { formatPhone } from '@/lib/format/phone';
import type { EmailLanguage } from '../types';
import { renderEmail, type RenderedEmail } from './layout';
import { greeting } from './shared';

/**
 * Tells the visitor that their contact-page message arrived. It does not repeat the message or
 * its subject: they may describe health matters, and e-mail is not a secure channel (the
 * visitor's address could also have been typed by someone else).
 */
export function contactAcknowledgementEmail(input: { language: EmailLanguage; bookingLink: string }): RenderedEmail {
  const { language, bookingLink } = input;
  // No name: anyone can type any address into the form, so the clinic's mail carries no text of theirs.
  const hello = greeting(undefined, language);
  const phone = formatPhone(clinic.phone);
  if (language === 'fr') {
    return renderEmail({
      language,
      subject: 'Nous avons bien reçu votre message',
      preheader: 'Un membre de notre équipe vous répondra sous peu.',
      heading: 'Merci de nous avoir écrit',
      greeting: hello,
      paragraphs: [
        `Nous avons bien reçu le message que vous nous avez envoyé par le site Web d’${clinic.name}. Un membre de notre équipe vous répondra dans les deux jours ouvrables.`,
        'Pour protéger votre vie privée, nous ne reprenons pas votre message dans ce courriel. Évitez de nous envoyer des renseignements sur votre santé par courriel\u00a0: nous pourrons en parler au téléphone ou lors de votre rendez-vous.',
        'Vous souhaitez déjà prendre rendez-vous? Vous pouvez le faire en ligne en tout temps.',
      ],
      action: { label: 'Prendre rendez-vous', url: bookingLink },
      notes: [
        `Pour une question urgente, appelez-nous au ${phone}. En cas d’urgence médicale, composez le 911 ou rendez-vous à l’urgence la plus proche.`,
        'Si vous ne nous avez pas écrit, vous pouvez ignorer ce courriel.',
      ],
    });
  }
  return renderEmail({
    language,
    subject: 'We received your message',
    preheader: 'A member of our team will get back to you shortly.',
    heading: 'Thank you for writing to us',
    greeting: hello,
    paragraphs: [
      `We received the message you sent through the ${clinic.name} website. A member of our team will reply within two business days.`,
      'To protect your privacy, we do not repeat your message in this e-mail. Please avoid sending health information by e-mail: we can talk about it by phone or at your appointment.',
      'Ready to book? You can make an appointment online at any time.',
    ],
    action: { label: 'Book an appointment', url: bookingLink },
    notes: [
      `For an urgent question, call us at ${phone}. In a medical emergency, call 911 or go to the nearest emergency department.`,
      'If you did not write to us, you can ignore this e-mail.',
    ],
  });
}
