import 'server-only';
import { clinic } from '@/lib/clinic';
import type { EmailLanguage } from '../types';
import { renderEmail, type RenderedEmail } from './layout';
import { formatMinutes, greeting } from './shared';

/** DESIGN §4.5: reset links work once, for 1 hour, and a newer request voids older links. */
export function passwordResetEmail(input: {
  firstName: string;
  link: string;
  language: EmailLanguage;
  expiresInMinutes?: number;
}): RenderedEmail {
  const { firstName, link, language, expiresInMinutes = 60 } = input;
  const hello = greeting(firstName, language);
  const lifetime = formatMinutes(expiresInMinutes, language);
  if (language === 'fr') {
    return renderEmail({
      language,
      subject: 'Réinitialisez votre mot de passe',
      preheader: `Ce lien ne fonctionne qu’une seule fois, pendant ${lifetime}.`,
      heading: 'Réinitialisation de votre mot de passe',
      greeting: hello,
      paragraphs: [
        `Nous avons reçu une demande de réinitialisation du mot de passe de votre compte ${clinic.name}. Choisissez un nouveau mot de passe à l’aide du bouton ci-dessous.`,
      ],
      action: { label: 'Choisir un nouveau mot de passe', url: link },
      notes: [
        `Pour votre sécurité, ce lien ne peut être utilisé qu’une seule fois et expire dans ${lifetime}. S’il a expiré, vous pouvez en demander un nouveau depuis la page de connexion.`,
        'Si vous n’avez pas demandé à réinitialiser votre mot de passe, ignorez simplement ce message\u00a0: votre mot de passe restera inchangé.',
      ],
    });
  }
  return renderEmail({
    language,
    subject: 'Reset your password',
    preheader: `This link works once, for ${lifetime}.`,
    heading: 'Reset your password',
    greeting: hello,
    paragraphs: [
      `We received a request to reset the password of your ${clinic.name} account. You can choose a new password with the button below.`,
    ],
    action: { label: 'Choose a new password', url: link },
    notes: [
      `For your security, this link can be used only once and expires in ${lifetime}. If it has expired, you can request a new one from the sign-in page.`,
      'If you did not ask to reset your password, simply ignore this message: your password will stay the same.',
    ],
  });
}
