import 'server-only';
import { clinic } from '@/lib/clinic';
import { formatLocalDate } from '@/lib/format/dates';
import type { EmailLanguage } from '../types';
import { renderEmail, type RenderedEmail } from './layout';
import { formatMinutes, greeting } from './shared';

/**
 * The e-mails of issue #30: a guest's link to their data, and the confirmation of a closed
 * account (what was erased, what is kept, why and until when). No health data: counts and dates.
 */

export function dataExportLinkEmail(input: { link: string; language: EmailLanguage; expiresInMinutes: number }): RenderedEmail {
  const { link, language } = input;
  const lifetime = formatMinutes(input.expiresInMinutes, language);
  if (language === 'fr') {
    return renderEmail({
      language,
      subject: 'Vos données à la clinique',
      preheader: `Ce lien ne fonctionne qu’une seule fois, pendant ${lifetime}.`,
      heading: 'Téléchargez vos données',
      greeting: greeting(undefined, language),
      paragraphs: [
        `Vous avez demandé une copie de ce que ${clinic.name} conserve à cette adresse courriel\u00a0: rendez-vous, formulaires d’accueil, paiements, reçus et courriels envoyés. Le bouton ci-dessous ouvre la page où la télécharger.`,
      ],
      action: { label: 'Télécharger mes données', url: link },
      notes: [
        `Pour votre sécurité, ce lien ne peut servir qu’une seule fois et expire dans ${lifetime}. Vous pouvez en demander un autre à tout moment.`,
        'Si vous n’avez pas fait cette demande, ignorez ce message\u00a0: rien n’est envoyé sans ce lien.',
      ],
    });
  }
  return renderEmail({
    language,
    subject: 'Your data at the clinic',
    preheader: `This link works once, for ${lifetime}.`,
    heading: 'Download your data',
    greeting: greeting(undefined, language),
    paragraphs: [
      `You asked for a copy of what ${clinic.name} holds under this e-mail address: appointments, intake forms, payments, receipts and e-mails sent. The button below opens the page to download it.`,
    ],
    action: { label: 'Download my data', url: link },
    notes: [
      `For your security, this link can be used only once and expires in ${lifetime}. You can ask for another one at any time.`,
      'If you did not ask for this, ignore this message: nothing is sent without the link.',
    ],
  });
}

export interface ClosureFacts {
  cancelledVisits: number;
  /** YYYY-MM-DD: when the kept record may be deleted; null when nothing is kept. */
  keptUntil: string | null;
}

/** What closing an account did, in the words of the closing screen (DataExport.close in messages). */
export function accountClosedEmail(input: { firstName: string; language: EmailLanguage } & ClosureFacts): RenderedEmail {
  const { language, cancelledVisits, keptUntil } = input;
  const hello = greeting(input.firstName, language);
  if (language === 'fr') {
    const until = keptUntil ? formatLocalDate(keptUntil, 'fr', 'long') : null;
    return renderEmail({
      language,
      subject: 'Votre compte est fermé',
      preheader: 'Ce qui a été effacé, ce qui est conservé et jusqu’à quand.',
      heading: 'Votre compte est fermé',
      greeting: hello,
      paragraphs: [
        `Votre compte ${clinic.name} est fermé\u00a0: vous ne pouvez plus vous y connecter.`,
        `Effacé\u00a0: votre mot de passe, vos sessions, le brouillon de votre formulaire d’accueil et les liens non utilisés. ${
          cancelledVisits > 0 ? `${cancelledVisits === 1 ? 'Votre rendez-vous à venir a été annulé' : `Vos ${cancelledVisits} rendez-vous à venir ont été annulés`} (un courriel suit pour chacun).` : 'Vous n’aviez aucun rendez-vous à venir.'
        } Vos inscriptions sur la liste d’attente ont pris fin.`,
        until
          ? `Conservé, lisible par la clinique seulement\u00a0: vos visites passées, vos formulaires d’accueil envoyés, vos paiements et vos reçus. La loi nous y oblige\u00a0: l’Ordre des diététistes de l’Ontario exige 10\u00a0ans après la dernière visite (ou après le 18e anniversaire), et l’Agence du revenu du Canada 6\u00a0ans pour les paiements. Ce dossier sera effacé le ${until}.`
          : 'Nous ne conservions aucun dossier clinique ni financier à votre nom\u00a0: le reste sera effacé sous peu.',
      ],
      notes: [
        'Vous pouvez ouvrir un nouveau compte avec la même adresse en tout temps. Sur demande, la clinique peut le relier à votre ancien dossier.',
        'Si vous n’avez pas fermé votre compte, appelez la clinique sans tarder.',
      ],
    });
  }
  const until = keptUntil ? formatLocalDate(keptUntil, 'en', 'long') : null;
  return renderEmail({
    language,
    subject: 'Your account is closed',
    preheader: 'What was erased, what is kept and until when.',
    heading: 'Your account is closed',
    greeting: hello,
    paragraphs: [
      `Your ${clinic.name} account is closed: you can no longer sign in to it.`,
      `Erased: your password, your sessions, your intake form draft and unused links. ${
        cancelledVisits > 0 ? `${cancelledVisits === 1 ? 'Your upcoming appointment was cancelled' : `Your ${cancelledVisits} upcoming appointments were cancelled`} (an e-mail follows for each).` : 'You had no upcoming appointments.'
      } Your places on the waitlist have ended.`,
      until
        ? `Kept, readable by the clinic only: your past visits, the intake forms you sent, your payments and receipts. The law requires it: the College of Dietitians of Ontario asks for 10 years after the last visit (or after the 18th birthday), and the Canada Revenue Agency 6 years for payments. This record will be deleted on ${until}.`
        : 'We held no clinical or financial record under your name: the rest will be deleted shortly.',
    ],
    notes: [
      'You can open a new account with the same address at any time. On request, the clinic can link it to your old record.',
      'If you did not close your account, call the clinic right away.',
    ],
  });
}
