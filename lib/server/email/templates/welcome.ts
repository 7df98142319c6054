import 'server-only';
import { clinic } from '@/lib/clinic';
import { formatPhone } from '@/lib/format/phone';
import type { EmailLanguage } from '../types';
import { renderEmail, type RenderedEmail } from './layout';
import { greeting } from './shared';

/** Sent once the address is confirmed. */
export function welcomeEmail(input: { firstName: string; language: EmailLanguage; loginLink: string }): RenderedEmail {
  const { firstName, language, loginLink } = input;
  const hello = greeting(firstName, language);
  const phone = formatPhone(clinic.phone);
  if (language === 'fr') {
    return renderEmail({
      language,
      subject: `Bienvenue chez ${clinic.name}`,
      preheader: 'Votre compte est prêt.',
      heading: `Bienvenue chez ${clinic.name} !`,
      greeting: hello,
      paragraphs: [
        'Votre adresse courriel est confirmée et votre compte est prêt. Nous sommes ravis de vous compter parmi nous.',
        'Depuis votre compte, vous pouvez prendre rendez-vous avec nos diététistes et gérer vos rendez-vous en ligne, en français ou en anglais.',
      ],
      action: { label: 'Me connecter', url: loginLink },
      notes: [
        `Des questions? Répondez simplement à ce courriel ou appelez-nous au ${phone}\u00a0: notre équipe se fera un plaisir de vous aider.`,
      ],
    });
  }
  return renderEmail({
    language,
    subject: `Welcome to ${clinic.name}`,
    preheader: 'Your account is ready.',
    heading: `Welcome to ${clinic.name}!`,
    greeting: hello,
    paragraphs: [
      'Your e-mail address is confirmed and your account is ready. We are delighted to welcome you.',
      'From your account, you can book appointments with our dietitians and manage them online, in English or in French.',
    ],
    action: { label: 'Sign in', url: loginLink },
    notes: [`Questions? Simply reply to this e-mail or call us at ${phone}: our team will be happy to help.`],
  });
}
