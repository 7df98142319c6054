import 'server-only';
import { clinic } from '@/lib/clinic';
import { formatDateTime } from '@/lib/format/dates';
import { formatPhone } from '@/lib/format/phone';
import type { EmailLanguage } from '../types';
import { formatMinutes } from './shared';

/**
 * Where the visit takes place. A virtual visit's `joinUrl` is its video room (issue #15): in the
 * patient's e-mails and calendar file; absent from the dietitian's notice, who joins from the agenda.
 */
export type AppointmentLocation = { kind: 'office'; name: string; address: string } | { kind: 'virtual'; joinUrl?: string | null };

/**
 * Everything a booking e-mail may say about an appointment. Deliberately no reasons for the visit
 * and no patient message: those are health information, and e-mail is not a secure channel.
 */
export interface AppointmentDetails {
  serviceName: string;
  start: Date;
  /** The end the reader should see (the patient's client duration; the dietitian's own end for a notice). */
  end: Date;
  location: AppointmentLocation;
  dietitianName: string;
  /** The clinic's IANA zone (config clinicTimezone): times are shown as the clinic's clock reads them. */
  timeZone: string;
}

// Canadian conventions in both languages: '$45.20' / '45,20 $', 'a.m.' / '9 h 00'.
const LOCALE = { en: 'en-CA', fr: 'fr-CA' } as const satisfies Record<EmailLanguage, string>;

/** 'Tuesday, November 24, 2026 at 9:00 a.m.' / 'mardi 24 novembre 2026 à 9 h 00'. */
export function formatAppointmentTime(instant: Date, language: EmailLanguage, timeZone: string): string {
  return formatDateTime(instant, language, 'full', { timeZone });
}

/** Integer cents, CAD, always with 2 decimals. */
export function formatPrice(cents: number, language: EmailLanguage): string {
  return new Intl.NumberFormat(LOCALE[language], {
    style: 'currency',
    currency: 'CAD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

export function formatLocation(location: AppointmentLocation, language: EmailLanguage): string {
  if (location.kind === 'virtual') return language === 'fr' ? 'Rendez-vous virtuel' : 'Virtual appointment';
  return `${location.name}, ${location.address}`;
}

export function formatDuration(start: Date, end: Date, language: EmailLanguage): string {
  return formatMinutes(Math.round((end.getTime() - start.getTime()) / 60_000), language);
}

const LABELS = {
  en: { service: 'Service', when: 'Date and time', duration: 'Duration', location: 'Location', dietitian: 'Dietitian', join: 'Video call link' },
  fr: { service: 'Service', when: 'Date et heure', duration: 'Durée', location: 'Lieu', dietitian: 'Diététiste', join: 'Lien de l’appel vidéo' },
} as const satisfies Record<EmailLanguage, Record<string, string>>;

/** A label and its value as one paragraph; French labels get their space before the colon. */
export function labelled(label: string, value: string, language: EmailLanguage): string {
  return language === 'fr' ? `${label}\u00a0: ${value}` : `${label}: ${value}`;
}

/** The summary lines shared by every booking e-mail, in a fixed order. */
export function detailLines(
  details: AppointmentDetails,
  language: EmailLanguage,
  /** Leave out the duration (a cancelled visit) or the dietitian (a notice to that dietitian). */
  options: { duration?: boolean; dietitian?: boolean } = {},
): string[] {
  const l = LABELS[language];
  const lines = [
    labelled(l.service, details.serviceName, language),
    labelled(l.when, formatAppointmentTime(details.start, language, details.timeZone), language),
  ];
  if (options.duration ?? true) lines.push(labelled(l.duration, formatDuration(details.start, details.end, language), language));
  lines.push(labelled(l.location, formatLocation(details.location, language), language));
  if (details.location.kind === 'virtual' && details.location.joinUrl) lines.push(labelled(l.join, details.location.joinUrl, language));
  if (options.dietitian ?? true) lines.push(labelled(l.dietitian, details.dietitianName, language));
  return lines;
}

/**
 * The total as the patient pays it: the stored total already includes any tax. A visit without
 * tax (a dietitian's individual services are HST-exempt) says so rather than "tax included".
 */
export function totalLine(totalCents: number, taxCents: number, language: EmailLanguage): string {
  const note = taxCents > 0 ? { en: 'tax included', fr: 'taxes incluses' } : { en: 'HST exempt', fr: 'exonéré de TVH' };
  return labelled('Total', `${formatPrice(totalCents, language)} (${note[language]})`, language);
}

/** The service's min_cancellation_notice, stated the same way in every patient e-mail. */
export function cancellationPolicy(noticeHours: number, language: EmailLanguage): string {
  if (noticeHours <= 0) {
    return language === 'fr'
      ? 'Vous pouvez annuler ou déplacer ce rendez-vous en tout temps avant son début.'
      : 'You can cancel or reschedule this appointment at any time before it starts.';
  }
  const notice = formatMinutes(noticeHours * 60, language);
  return language === 'fr'
    ? `Si vous devez annuler ou déplacer ce rendez-vous, veuillez le faire au moins ${notice} à l’avance.`
    : `If you need to cancel or reschedule, please do so at least ${notice} before your appointment.`;
}

/** What every e-mail to the patient about a booked appointment needs. */
export interface PatientAppointmentInput extends AppointmentDetails {
  firstName?: string;
  /** The session language of the booking. */
  language: EmailLanguage;
  totalCents: number;
  /** The tax in the total: 0 for an HST-exempt visit. */
  taxCents: number;
  /** The service's min_cancellation_notice, in hours. */
  cancellationNoticeHours: number;
  /** The appointment's manage link (lib/server/booking/manageLinks.ts); unset: changes by phone. */
  manageLink?: string;
}

/** The cancellation policy and how to change the appointment (online for patients, by phone for guests). */
export function changePolicyNote(
  input: Pick<PatientAppointmentInput, 'language' | 'cancellationNoticeHours' | 'manageLink'>,
): string {
  const { language, cancellationNoticeHours, manageLink } = input;
  const phone = formatPhone(clinic.phone);
  const how =
    language === 'fr'
      ? manageLink
        ? `Vous pouvez le faire en ligne avec le bouton «\u00a0Gérer mon rendez-vous\u00a0» ou en nous appelant au ${phone}.`
        : `Il suffit de nous appeler au ${phone}.`
      : manageLink
        ? `You can do so online with the “Manage my appointment” button or by calling us at ${phone}.`
        : `Simply call us at ${phone}.`;
  return `${cancellationPolicy(cancellationNoticeHours, language)} ${how}`;
}

/** The closing notes of the confirmation and reschedule e-mails: the policy and how to change. */
export function changeNotes(input: PatientAppointmentInput): string[] {
  const calendar =
    input.language === 'fr'
      ? 'Le fichier joint ajoute ce rendez-vous à votre calendrier.'
      : 'The attached file adds this appointment to your calendar.';
  return [changePolicyNote(input), calendar];
}
