import 'server-only';
import { clinic } from '@/lib/clinic';
import { formatDate } from '@/lib/format/dates';
import type { EmailLanguage } from '../types';
import { renderEmail, type RenderedEmail } from './layout';
import { greeting } from './shared';

export interface HandoutsEmailInput {
  language: EmailLanguage;
  firstName?: string;
  /** The group's topic, in the seat's language. */
  topic: string;
  sessionStart: Date;
  timeZone: string;
  /** Days the links work (HANDOUT_LINK_DAYS). */
  linkDays: number;
  /** One download link per file, labelled with the file's name. */
  files: { name: string; url: string }[];
}

/**
 * The handouts of a group session, sent after it to each attendee who was there (issue #28
 * item 4): one link per file, never the files themselves, and nothing about anyone's health.
 */
export function handoutsEmail(input: HandoutsEmailInput): RenderedEmail {
  const { language } = input;
  const day = formatDate(input.sessionStart, language, 'full', { timeZone: input.timeZone });
  const links = input.files.map((file) => ({ label: file.name, url: file.url }));
  if (language === 'fr') {
    return renderEmail({
      language,
      // The subject names no topic: it shows on lock screens and in mail logs, and a topic can name a condition.
      subject: 'Vos documents de la séance de groupe',
      preheader: 'Les documents et recettes promis pendant la séance.',
      heading: 'Vos documents de la séance',
      greeting: greeting(input.firstName, language),
      paragraphs: [`Merci d’avoir participé à la séance «\u00a0${input.topic}\u00a0» du ${day}. Voici les documents et recettes promis. Chaque lien télécharge un fichier PDF.`],
      links,
      notes: [`Ces liens sont personnels et fonctionnent pendant ${input.linkDays} jours. Pour toute question, écrivez-nous à ${clinic.email}.`],
    });
  }
  return renderEmail({
    language,
    subject: 'Your group session handouts',
    preheader: 'The handouts and recipes promised during the session.',
    heading: 'Your handouts from the session',
    greeting: greeting(input.firstName, language),
    paragraphs: [`Thank you for joining the session “${input.topic}” on ${day}. Here are the handouts and recipes we promised. Each link downloads a PDF file.`],
    links,
    notes: [`These links are for you alone and work for ${input.linkDays} days. For any question, write to us at ${clinic.email}.`],
  });
}
