import 'server-only';
import { clinic } from '@/lib/clinic';
import { formatDateWindow, formatLocalDate, weekdayName } from '@/lib/format/dates';
import { formatPhone } from '@/lib/format/phone';
import type { EmailLanguage } from '../types';
import { detailLines, formatAppointmentTime, labelled, totalLine, type AppointmentDetails, type AppointmentLocation } from './appointmentDetails';
import { renderEmail, type RenderedEmail } from './layout';
import { greeting } from './shared';

/**
 * The waitlist's e-mails (issue #16): the confirmation of a place on the list, the offer of a
 * freed time, and the notice of a place the clinic removed. Like every booking e-mail, never the reasons for the visit or the message.
 */

export type TimeOfDay = 'morning' | 'afternoon' | 'evening';

const LOCALE = { en: 'en-CA', fr: 'fr-CA' } as const;
const TIMES = {
  en: { morning: 'mornings (before noon)', afternoon: 'afternoons (noon to 5 p.m.)', evening: 'evenings (after 5 p.m.)' },
  fr: { morning: 'le matin (avant midi)', afternoon: 'l’après-midi (de midi à 17 h)', evening: 'le soir (après 17 h)' },
} as const;

/** A clinic date 'YYYY-MM-DD' as 'Tuesday, December 1, 2026' / 'mardi 1 décembre 2026'. */
function longDate(date: string, language: EmailLanguage): string {
  return formatLocalDate(date, language, 'full');
}

/** ISO weekdays as 'Monday, Tuesday and Friday' / 'lundi, mardi et vendredi'; 'any day' when all 7. */
function weekdayList(weekdays: readonly number[], language: EmailLanguage): string {
  if (weekdays.length === 7) return language === 'fr' ? 'tous les jours' : 'any day';
  const names = [...weekdays].sort().map((day) => weekdayName(day, language));
  return new Intl.ListFormat(LOCALE[language], { type: 'conjunction' }).format(names);
}

export interface WaitlistJoinedInput {
  language: EmailLanguage;
  firstName?: string;
  serviceName: string;
  location: AppointmentLocation;
  /** The dietitian an employee chose; null: whoever is free. */
  dietitianName: string | null;
  fromDate: string;
  toDate: string;
  timesOfDay: readonly TimeOfDay[];
  weekdays: readonly number[];
  /** The page that shows the place and takes the person off the list. */
  leaveLink: string;
}

/** The preferences, one line each, as the confirmation and the clinic's page state them. */
function preferenceLines(input: WaitlistJoinedInput): string[] {
  const { language } = input;
  const fr = language === 'fr';
  const where = input.location.kind === 'virtual' ? (fr ? 'Rendez-vous virtuel' : 'Virtual appointment') : `${input.location.name}, ${input.location.address}`;
  const times = new Intl.ListFormat(LOCALE[language], { type: 'disjunction' }).format(input.timesOfDay.map((time) => TIMES[language][time]));
  const lines = [
    labelled('Service', input.serviceName, language),
    labelled(fr ? 'Lieu' : 'Location', where, language),
    labelled(fr ? 'Période' : 'Dates', formatDateWindow(input.fromDate, input.toDate, language), language),
    labelled(fr ? 'Moments' : 'Times', times, language),
    labelled(fr ? 'Jours' : 'Days', weekdayList(input.weekdays, language), language),
  ];
  if (input.dietitianName) lines.push(labelled(fr ? 'Diététiste' : 'Dietitian', input.dietitianName, language));
  return lines;
}

export function waitlistJoinedEmail(input: WaitlistJoinedInput): RenderedEmail {
  const { language } = input;
  if (language === 'fr') {
    return renderEmail({
      language,
      subject: `Vous êtes sur la liste d’attente\u00a0: ${input.serviceName}`,
      preheader: 'Nous vous écrirons dès qu’une plage qui vous convient se libère.',
      heading: 'Vous êtes sur la liste d’attente',
      greeting: greeting(input.firstName, language),
      paragraphs: [
        `Merci. Dès qu’une plage qui correspond à vos choix se libère chez ${clinic.name}, nous vous l’offrirons par courriel. Vous pourrez la réserver en un clic.`,
        ...preferenceLines(input),
      ],
      action: { label: 'Voir ou quitter la liste d’attente', url: input.leaveLink },
      notes: [`Votre place prend fin le ${longDate(input.toDate, language)}. Vous pouvez quitter la liste en tout temps avec le bouton ci-dessus.`],
    });
  }
  return renderEmail({
    language,
    subject: `You are on the waitlist: ${input.serviceName}`,
    preheader: 'We will e-mail you as soon as a time that suits you opens up.',
    heading: 'You are on the waitlist',
    greeting: greeting(input.firstName, language),
    paragraphs: [
      `Thank you. As soon as a time matching your choices opens up at ${clinic.name}, we will offer it to you by e-mail, and you can book it with one click.`,
      ...preferenceLines(input),
    ],
    action: { label: 'View or leave the waitlist', url: input.leaveLink },
    notes: [`Your place ends on ${longDate(input.toDate, language)}. You can leave the list at any time with the button above.`],
  });
}

/** Sent when the clinic takes a place off the list, so the person does not wait for nothing. */
export function waitlistRemovedEmail(input: { language: EmailLanguage; firstName?: string; serviceName: string }): RenderedEmail {
  const { language } = input;
  const phone = formatPhone(clinic.phone);
  if (language === 'fr') {
    return renderEmail({
      language,
      subject: `Votre place sur la liste d’attente a pris fin\u00a0: ${input.serviceName}`,
      preheader: 'La clinique a retiré votre demande de la liste d’attente.',
      heading: 'Votre place sur la liste d’attente a pris fin',
      greeting: greeting(input.firstName, language),
      paragraphs: [`La clinique a retiré de la liste d’attente votre demande pour «\u00a0${input.serviceName}\u00a0». Vous ne recevrez plus d’offres pour cette demande.`],
      notes: [`Vous pouvez prendre rendez-vous en ligne ou vous réinscrire sur la liste en tout temps. Pour toute question, appelez-nous au ${phone}.`],
    });
  }
  return renderEmail({
    language,
    subject: `Your place on the waitlist has ended: ${input.serviceName}`,
    preheader: 'The clinic took your request off the waitlist.',
    heading: 'Your place on the waitlist has ended',
    greeting: greeting(input.firstName, language),
    paragraphs: [`The clinic took your request for “${input.serviceName}” off the waitlist. You will not receive further offers for it.`],
    notes: [`You can book online or join the list again at any time. For any question, call us at ${phone}.`],
  });
}

export interface WaitlistOfferInput extends AppointmentDetails {
  language: EmailLanguage;
  firstName?: string;
  totalCents: number;
  taxCents: number;
  /** When the claim link stops working. */
  expiresAt: Date;
  /** The waitlist page with the offer's token: one click books it. */
  claimLink: string;
}

export function waitlistOfferEmail(input: WaitlistOfferInput): RenderedEmail {
  const { language } = input;
  const when = formatAppointmentTime(input.start, language, input.timeZone);
  const until = formatAppointmentTime(input.expiresAt, language, input.timeZone);
  const details = [...detailLines(input, language), totalLine(input.totalCents, input.taxCents, language)];
  if (language === 'fr') {
    return renderEmail({
      language,
      subject: `Une plage s’est libérée\u00a0: ${when}`,
      preheader: `${input.serviceName}, le ${when}. Réservez-la en un clic.`,
      heading: 'Une plage s’est libérée pour vous',
      greeting: greeting(input.firstName, language),
      paragraphs: [`Une plage qui correspond à votre demande sur la liste d’attente vient de se libérer\u00a0:`, ...details],
      action: { label: 'Réserver cette plage', url: input.claimLink },
      notes: [
        `Cette offre est valable jusqu’au ${until}. D’autres personnes de la liste peuvent la recevoir aussi\u00a0: la première qui la réserve l’obtient.`,
        'Si elle ne vous convient pas, vous n’avez rien à faire\u00a0: vous restez sur la liste pour la prochaine plage.',
      ],
    });
  }
  return renderEmail({
    language,
    subject: `A time opened up: ${when}`,
    preheader: `${input.serviceName}, ${when}. Book it with one click.`,
    heading: 'A time opened up for you',
    greeting: greeting(input.firstName, language),
    paragraphs: ['A time matching your waitlist request has just opened up:', ...details],
    action: { label: 'Book this time', url: input.claimLink },
    notes: [
      `This offer is good until ${until}. Others on the waitlist may receive it too: the first to book it gets it.`,
      'If it does not suit you, there is nothing to do: you stay on the list for the next time.',
    ],
  });
}
