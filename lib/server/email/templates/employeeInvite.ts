import 'server-only';
import { clinic } from '@/lib/clinic';
import type { EmailLanguage } from '../types';
import { oneLine } from './escape';
import { renderEmail, type RenderedEmail } from './layout';
import { formatDays, greeting } from './shared';

/** DESIGN §4.5: employee sign-up needs a valid single-use invite; this e-mail carries it. */
export function employeeInviteEmail(input: {
  inviterName: string;
  link: string;
  language: EmailLanguage;
  expiresInDays: number;
}): RenderedEmail {
  const { link, language, expiresInDays } = input;
  // Goes into the Subject header: one line, and the copy still reads well without it.
  const inviter = oneLine(input.inviterName);
  const lifetime = formatDays(expiresInDays, language);
  if (language === 'fr') {
    return renderEmail({
      language,
      subject: inviter
        ? `${inviter} vous invite à rejoindre l’équipe d’${clinic.name}`
        : `Invitation à rejoindre l’équipe d’${clinic.name}`,
      preheader: 'Créez votre compte de membre de l’équipe.',
      heading: 'Bienvenue dans l’équipe',
      greeting: greeting(undefined, language),
      paragraphs: [
        inviter
          ? `${inviter} vous invite à créer votre compte de membre de l’équipe sur le site d’${clinic.name}.`
          : `Vous avez reçu une invitation à créer votre compte de membre de l’équipe sur le site d’${clinic.name}.`,
        'Utilisez le bouton ci-dessous pour choisir votre mot de passe et activer votre compte.',
      ],
      action: { label: 'Créer mon compte', url: link },
      notes: [
        `Cette invitation ne peut être utilisée qu’une seule fois et expire dans ${lifetime}.`,
        'Si vous ne vous attendiez pas à cette invitation, vous pouvez ignorer ce message ou nous en aviser.',
      ],
    });
  }
  return renderEmail({
    language,
    subject: inviter ? `${inviter} invited you to join the ${clinic.name} team` : `Join the ${clinic.name} team`,
    preheader: 'Create your staff account.',
    heading: 'Welcome to the team',
    greeting: greeting(undefined, language),
    paragraphs: [
      inviter
        ? `${inviter} has invited you to create your staff account on the ${clinic.name} website.`
        : `You have been invited to create your staff account on the ${clinic.name} website.`,
      'Use the button below to choose your password and activate your account.',
    ],
    action: { label: 'Create my account', url: link },
    notes: [
      `This invitation can be used only once and expires in ${lifetime}.`,
      'If you were not expecting this invitation, you can ignore this message or let us know.',
    ],
  });
}
