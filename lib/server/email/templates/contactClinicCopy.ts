import 'server-only';
import { formatPhone } from '@/lib/format/phone';
import type { EmailLanguage } from '../types';
import { formatAppointmentTime, labelled } from './appointmentDetails';
import { oneLine } from './escape';
import { renderEmail, type RenderedEmail } from './layout';

export interface ContactClinicCopyInput {
  /** The sender's language: the copy is written in it, and the reply should be too. */
  language: EmailLanguage;
  name: string;
  email: string;
  phone?: string | null;
  subject: string;
  message: string;
  receivedAt: Date;
  /** The clinic's IANA zone (config clinicTimezone). */
  timeZone: string;
}

/**
 * A message from the contact page, to the clinic's own mailbox (CLINIC_EMAIL, Reply-To the
 * sender). Unlike every other e-mail we send, it carries the visitor's message in full: the
 * clinic has to read it to answer, it goes to the clinic's mailbox only, and the visitor chose to
 * write it. The acknowledgement to the visitor never repeats it (contactAcknowledgement.ts).
 */
export function contactClinicCopyEmail(input: ContactClinicCopyInput): RenderedEmail {
  const { language } = input;
  const fr = language === 'fr';
  const name = oneLine(input.name);
  const subject = oneLine(input.subject);
  const line = (label: string, value: string) => labelled(label, value, language);
  const received = formatAppointmentTime(input.receivedAt, language, input.timeZone);
  const phone = input.phone ? formatPhone(input.phone) : fr ? 'non indiqué' : 'not given';
  // One paragraph per line the visitor wrote, so the HTML keeps their line breaks.
  const body = input.message.split(/\r?\n/).map((part) => part.trim()).filter(Boolean);
  const details = fr
    ? [line('Nom', name), line('Courriel', input.email), line('Téléphone', phone), line('Sujet', subject), line('Langue', 'français'), line('Reçu', received)]
    : [line('Name', name), line('E-mail', input.email), line('Phone', phone), line('Subject', subject), line('Language', 'English'), line('Received', received)];
  return renderEmail({
    language,
    subject: fr ? `Message du site Web\u00a0: ${subject}` : `Website message: ${subject}`,
    preheader: fr ? `${name} vous a écrit par le formulaire de contact.` : `${name} wrote through the contact form.`,
    heading: fr ? 'Nouveau message du site Web' : 'New message from the website',
    greeting: fr ? 'Bonjour,' : 'Hello,',
    paragraphs: [
      fr
        ? `${name} vous a écrit par le formulaire de la page «\u00a0Nous joindre\u00a0». Répondez simplement à ce courriel\u00a0: votre réponse ira à ${input.email}.`
        : `${name} wrote through the contact page. Simply reply to this e-mail: your answer goes to ${input.email}.`,
      ...details,
      fr ? 'Message\u00a0:' : 'Message:',
      ...body,
    ],
    notes: [
      fr
        ? 'Ce message peut contenir des renseignements personnels sur la santé. Ne le transférez pas hors de la clinique et consignez tout élément clinique au dossier du patient.'
        : 'This message may contain personal health information. Do not forward it outside the clinic, and record anything clinical in the patient’s file.',
    ],
  });
}
