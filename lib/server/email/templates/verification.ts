import 'server-only';
import { clinic } from '@/lib/clinic';
import type { EmailLanguage } from '../types';
import { renderEmail, type RenderedEmail } from './layout';
import { greeting } from './shared';

/** Sent after sign-up (and on "resend"): the link confirms the address and activates the account. */
export function verificationEmail(input: { firstName: string; link: string; language: EmailLanguage }): RenderedEmail {
  const { firstName, link, language } = input;
  const hello = greeting(firstName, language);
  if (language === 'fr') {
    return renderEmail({
      language,
      subject: 'Confirmez votre adresse courriel',
      preheader: `Un clic pour activer votre compte ${clinic.name}.`,
      heading: 'Confirmez votre adresse courriel',
      greeting: hello,
      paragraphs: [
        `Merci d’avoir créé votre compte chez ${clinic.name}. Pour l’activer, veuillez confirmer que cette adresse courriel vous appartient.`,
      ],
      action: { label: 'Confirmer mon adresse courriel', url: link },
      notes: [
        'Si vous n’avez pas créé de compte, vous pouvez ignorer ce message\u00a0: aucun compte ne sera activé sans cette confirmation.',
      ],
    });
  }
  return renderEmail({
    language,
    subject: 'Confirm your e-mail address',
    preheader: `One click to activate your ${clinic.name} account.`,
    heading: 'Confirm your e-mail address',
    greeting: hello,
    paragraphs: [
      `Thank you for creating your account with ${clinic.name}. To activate it, please confirm that this e-mail address is yours.`,
    ],
    action: { label: 'Confirm my e-mail address', url: link },
    notes: [
      'If you did not create an account, you can simply ignore this message: no account will be activated without this confirmation.',
    ],
  });
}
