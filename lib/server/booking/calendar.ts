import 'server-only';
import { createEvent, type EventAttributes } from 'ics';
import { clinic } from '@/lib/clinic';
import { formatPhone } from '@/lib/format/phone';
import type { EmailAttachment, EmailLanguage } from '@/lib/server/email';
import { formatLocation, labelled, type AppointmentLocation } from '@/lib/server/email/templates/appointmentDetails';
import { frenchTypography } from '@/lib/server/email/templates/shared';

/**
 * iCalendar files for the booking e-mails (RFC 5545 / iTIP, RFC 5546). One UID per appointment
 * for its whole life, SEQUENCE up at each change: a calendar then updates or removes the event it
 * already holds instead of adding a second one.
 */

export type IcsMethod = 'REQUEST' | 'CANCEL';

export interface CalendarPerson {
  name: string;
  email: string;
}

export interface AppointmentIcsInput {
  /** Stable for the appointment and its reschedules: see appointmentUid. */
  uid: string;
  /** appointments.sequence: 0 when booked, up by one at each reschedule and at cancellation. */
  sequence: number;
  method: IcsMethod;
  start: Date;
  end: Date;
  title: string;
  /** Only the service, the dietitian and the clinic's phone (appointmentIcsText): never health details. */
  description: string;
  /** The office's address, or a virtual visit's join link. */
  location: string;
  /** A virtual visit's join link (URL). */
  url?: string;
  /** The clinic. */
  organizer: CalendarPerson;
  /** The patient. */
  attendee: CalendarPerson;
  language: EmailLanguage;
}

const UID_DOMAIN = clinic.email.slice(clinic.email.indexOf('@') + 1);

/** `<appointments.calendar_uid>@equilibrenutrition.ca`: globally unique, as RFC 5545 asks. */
export function appointmentUid(calendarUid: string): string {
  return `${calendarUid}@${UID_DOMAIN}`;
}

/** The event's words, in the booking's language, built only from what may leave the clinic. */
export function appointmentIcsText(input: {
  serviceName: string;
  dietitianName: string;
  location: AppointmentLocation;
  language: EmailLanguage;
}): { title: string; description: string; location: string; url?: string } {
  const { language, location } = input;
  const fr = language === 'fr';
  const joinUrl = location.kind === 'virtual' ? (location.joinUrl ?? undefined) : undefined;
  const lines = [
    labelled('Service', input.serviceName, language),
    labelled(fr ? 'Diététiste' : 'Dietitian', input.dietitianName, language),
    labelled(fr ? 'Questions ou changements' : 'Questions or changes', formatPhone(clinic.phone), language),
  ];
  const description = lines.join('\n');
  return {
    title: `${input.serviceName} – ${clinic.name}`,
    // The URL stays out of frenchTypography, which would put no-break spaces into it.
    description: `${fr ? frenchTypography(description) : description}${joinUrl ? `\n${labelled(fr ? 'Appel vidéo' : 'Video call', joinUrl, language)}` : ''}`,
    // Calendars make a LOCATION that is a link clickable: the way into the call.
    location: joinUrl ?? formatLocation(location, language),
    ...(joinUrl && { url: joinUrl }),
  };
}

// A quoted parameter value (CN="...") cannot hold a double quote or control characters.
function paramSafe(name: string): string {
  return name.replace(/"/g, '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

const MAX_LINE_OCTETS = 75;

/**
 * RFC 5545 §3.1: lines of at most 75 octets, continued on lines starting with a space. The ics
 * package folds at 75 characters, which is too long once a line holds accented letters; this
 * refolds by octets, walking code points so a UTF-8 sequence is never cut in half.
 */
function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

const LANGUAGE_TAG = { en: 'en-CA', fr: 'fr-CA' } as const satisfies Record<EmailLanguage, string>;

/** A complete VCALENDAR with one VEVENT, CRLF line ends, times in UTC. */
export function appointmentIcs(input: AppointmentIcsInput): string {
  const { start, end, method, sequence, language } = input;
  if (!(start.getTime() < end.getTime())) throw new RangeError('appointmentIcs: start must be a valid date before end');
  if (!Number.isInteger(sequence) || sequence < 0) throw new RangeError('appointmentIcs: sequence must be an integer >= 0');
  const attributes: EventAttributes = {
    productId: `-//${clinic.name}//Booking//${language.toUpperCase()}`,
    method,
    uid: input.uid,
    sequence,
    // Epoch milliseconds read and written as UTC: the file names instants, never a local clock.
    start: start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: input.title,
    description: input.description,
    location: input.location,
    ...(input.url && { url: input.url }),
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: paramSafe(input.organizer.name), email: input.organizer.email },
    attendees: [
      {
        name: paramSafe(input.attendee.name),
        email: input.attendee.email,
        role: 'REQ-PARTICIPANT',
        // The patient booked it themselves: nothing to accept, so no RSVP prompt to answer.
        partstat: 'ACCEPTED',
        rsvp: false,
      },
    ],
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error('appointmentIcs: ics returned nothing');
  const tag = LANGUAGE_TAG[language];
  const lines = value
    .replace(/\r\n[ \t]/g, '') // unfold what ics folded, to refold by octets below
    .split('\r\n')
    .filter((line) => line !== '')
    // RFC 5545 §3.2.10: say which language the free text is in.
    .map((line) => line.replace(/^(SUMMARY|DESCRIPTION|LOCATION):/, `$1;LANGUAGE=${tag}:`));
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The .ics as the booking e-mails attach it. */
export function icsAttachment(content: string, method: IcsMethod, language: EmailLanguage): EmailAttachment {
  return {
    filename: language === 'fr' ? 'rendez-vous.ics' : 'appointment.ics',
    content,
    contentType: `text/calendar; method=${method}; charset=utf-8`,
  };
}

/** `20261124T140000Z`: the UTC basic format Google Calendar expects. */
function utcStamp(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** "Add to Google Calendar" for the booking success screen, where there is no e-mail to attach an .ics to. */
export function googleCalendarLink(input: {
  title: string;
  start: Date;
  end: Date;
  details?: string;
  location?: string;
}): string {
  // Built by hand rather than with URLSearchParams, which would encode the '/' between the dates.
  const params = [
    'action=TEMPLATE',
    `text=${encodeURIComponent(input.title)}`,
    `dates=${utcStamp(input.start)}/${utcStamp(input.end)}`,
  ];
  if (input.details) params.push(`details=${encodeURIComponent(input.details)}`);
  if (input.location) params.push(`location=${encodeURIComponent(input.location)}`);
  return `https://calendar.google.com/calendar/render?${params.join('&')}`;
}
