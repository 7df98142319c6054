import 'server-only';
import { clinic } from '@/lib/clinic';
import type { EmailLanguage } from '../types';
import { renderEmail, type RenderedEmail } from './layout';
import { greeting } from './shared';

export interface ReceiptEmailInput {
  language: EmailLanguage;
  firstName?: string;
  number: string;
  serviceName: string;
  /** The visit's date, already written out in the e-mail's language. */
  serviceDate: string;
  /** A guest finds it again through the manage link; a patient in the profile. */
  isGuest: boolean;
  /** This receipt replaces a voided one. */
  correction: boolean;
}

/**
 * The e-mail that carries a receipt's PDF (issue #20). The receipt is the attachment; the e-mail
 * names the service and the date, never a reason for the visit.
 */
export function receiptEmail(input: ReceiptEmailInput): RenderedEmail {
  const { language, number } = input;
  if (language === 'fr') {
    return renderEmail({
      language,
      subject: input.correction ? `Reçu corrigé ${number} – ${clinic.name}` : `Votre reçu ${number} – ${clinic.name}`,
      preheader: `${input.serviceName}, le ${input.serviceDate}.`,
      heading: input.correction ? 'Votre reçu corrigé' : 'Votre reçu',
      greeting: greeting(input.firstName, language),
      paragraphs: [
        `Vous trouverez ci-joint le reçu ${number} (PDF) pour votre rendez-vous «\u00a0${input.serviceName}\u00a0» du ${input.serviceDate}.`,
        ...(input.correction ? ['Il remplace le reçu précédent, qui a été annulé.'] : []),
        'Il indique le nom de votre diététiste et son numéro d’inscription à l’Ordre des diététistes de l’Ontario\u00a0: vous pouvez le remettre à votre assureur.',
      ],
      notes: [
        input.isGuest
          ? 'Vous pouvez aussi le télécharger avec le bouton «\u00a0Gérer mon rendez-vous\u00a0» de votre courriel de confirmation.'
          : 'Vous le retrouverez aussi dans votre profil, sous «\u00a0Reçus\u00a0».',
      ],
    });
  }
  return renderEmail({
    language,
    subject: input.correction ? `Corrected receipt ${number} – ${clinic.name}` : `Your receipt ${number} – ${clinic.name}`,
    preheader: `${input.serviceName}, ${input.serviceDate}.`,
    heading: input.correction ? 'Your corrected receipt' : 'Your receipt',
    greeting: greeting(input.firstName, language),
    paragraphs: [
      `Attached is receipt ${number} (PDF) for your “${input.serviceName}” appointment on ${input.serviceDate}.`,
      ...(input.correction ? ['It replaces the previous receipt, which was voided.'] : []),
      'It names your dietitian and their College of Dietitians of Ontario registration number, so you can send it to your insurer.',
    ],
    notes: [
      input.isGuest
        ? 'You can also download it from the “Manage my appointment” button in your confirmation e-mail.'
        : 'You will also find it in your profile, under “Receipts”.',
    ],
  });
}
