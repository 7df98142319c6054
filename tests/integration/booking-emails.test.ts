// @vitest-environment node
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appointmentIcs,
  appointmentIcsText,
  appointmentUid,
  googleCalendarLink,
  icsAttachment,
  type AppointmentIcsInput,
} from '@/lib/server/booking/calendar';
import {
  appointmentCancelledEmail,
  appointmentConfirmationEmail,
  appointmentRescheduledEmail,
  createMailer,
  DEFAULT_MAIL_FROM,
  dietitianNoticeEmail,
  readOutbox,
  type EmailLanguage,
  type PatientAppointmentInput,
  type RenderedEmail,
} from '@/lib/server/email';

const TZ = 'America/Toronto';
// 9:00 in Toronto (EST, UTC-5) on Tuesday 24 November 2026.
const START = new Date('2026-11-24T14:00:00Z');
const END = new Date('2026-11-24T15:00:00Z');
const PREVIOUS = new Date('2026-11-20T18:30:00Z'); // Friday 20 November, 13:30
/** The dietitian's own end: the visit and its notes. */
const BLOCKED = new Date(END.getTime() + 10 * 60_000);
const MANAGE = 'https://example.test/fr/profile?tab=appointments&x=1';
// What a patient might write in the booking's message: it must never reach an e-mail.
const HEALTH = 'Diabète de type 2, allergie aux arachides';

function patientInput(language: EmailLanguage, overrides: Partial<PatientAppointmentInput> = {}): PatientAppointmentInput {
  return {
    firstName: 'Zoé',
    language,
    serviceName: language === 'fr' ? 'Consultation individuelle' : 'Individual consultation',
    start: START,
    end: END,
    location: { kind: 'office', name: 'Bureau du centre-ville', address: '123, rue Bank, Ottawa (Ontario) K1P-5G3' },
    dietitianName: 'Marie-Ève Tremblay',
    timeZone: TZ,
    totalCents: 4520,
    taxCents: 520,
    cancellationNoticeHours: 24,
    manageLink: MANAGE,
    ...overrides,
  };
}

const renderers: Record<string, (language: EmailLanguage, overrides?: Partial<PatientAppointmentInput>) => RenderedEmail> = {
  confirmation: (language, o) => appointmentConfirmationEmail(patientInput(language, o)),
  rescheduled: (language, o) => appointmentRescheduledEmail({ ...patientInput(language, o), previousStart: PREVIOUS }),
  cancelled: (language, o) => appointmentCancelledEmail(patientInput(language, o)),
  dietitianBooked: (language, o) =>
    dietitianNoticeEmail({ ...patientInput(language, o), blockedUntil: BLOCKED, kind: 'booked', patientName: o?.firstName ?? 'Zoé Martin', dietitianFirstName: 'Marie-Ève' }),
  dietitianRescheduled: (language, o) =>
    dietitianNoticeEmail({ ...patientInput(language, o), blockedUntil: BLOCKED, kind: 'rescheduled', previousStart: PREVIOUS, patientName: o?.firstName ?? 'Zoé Martin' }),
  dietitianCancelled: (language, o) =>
    dietitianNoticeEmail({ ...patientInput(language, o), blockedUntil: BLOCKED, kind: 'cancelled', patientName: o?.firstName ?? 'Zoé Martin' }),
};

const allParts = (email: RenderedEmail) => [email.subject, email.text, email.html];

describe('booking e-mail templates', () => {
  describe.each(Object.entries(renderers))('%s', (name, render) => {
    it.each(['en', 'fr'] as const)('%s: date in the clinic zone, details, lang, no gaps', (language) => {
      const email = render(language);
      expect(email.html).toContain(`<html lang="${language}"`);
      const when = language === 'fr' ? 'mardi 24 novembre 2026 à 9\u00a0h\u00a000' : 'Tuesday, November 24, 2026 at 9:00 a.m.';
      for (const part of allParts(email)) {
        expect(part).toContain(when);
        expect(part).not.toMatch(/undefined|null|NaN|\[object/);
      }
      for (const part of [email.text, email.html]) {
        // The dietitian's own notice need not name them; the patient's e-mails must.
        if (!name.startsWith('dietitian')) expect(part).toContain('Marie-Ève Tremblay');
        expect(part).toContain(language === 'fr' ? 'Consultation individuelle' : 'Individual consultation');
        expect(part).toContain('Bureau du centre-ville, 123, rue Bank, Ottawa (Ontario) K1P-5G3');
      }
      expect(email.subject).not.toMatch(/[\r\n]/);
    });

    it('escapes interpolated values in the HTML', () => {
      const evil = '<script>alert(1)</script>';
      const email = render('en', { serviceName: evil, dietitianName: evil, firstName: evil });
      expect(email.html).not.toContain('<script>');
      expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    });

    it('writes French with French typography', () => {
      const fr = render('fr');
      expect(fr.subject).not.toBe(render('en').subject);
      expect(fr.text).not.toMatch(/e-mail|email/i);
      const withoutLink = (part: string) => part.replaceAll(MANAGE, '').replaceAll(MANAGE.replace(/&/g, '&amp;'), '');
      for (const part of [fr.subject, fr.text, fr.html].map(withoutLink)) expect(part).not.toMatch(/ [:;!?]/);
    });

    it('contains no health information, whatever the caller holds', () => {
      // The input types have no field for reasons or messages; a caller spreading a whole
      // appointment row into the input must still not leak them.
      const row = { ...patientInput('fr'), message: HEALTH, reasons: [HEALTH] } as PatientAppointmentInput;
      const email = render('fr', row);
      for (const part of allParts(email)) expect(part).not.toContain('Diabète');
    });
  });

  it('confirmation: duration, total with 2 decimals, policy, manage link', () => {
    const en = appointmentConfirmationEmail(patientInput('en'));
    expect(en.subject).toBe('Appointment confirmed: Tuesday, November 24, 2026 at 9:00 a.m.');
    expect(en.text).toContain('Duration: 1 hour');
    expect(en.text).toContain('Total: $45.20 (tax included)');
    expect(en.text).toContain('at least 24 hours before your appointment');
    expect(en.text).toContain(MANAGE);
    expect(en.html).toContain(`href="${MANAGE.replace(/&/g, '&amp;')}"`);

    const fr = appointmentConfirmationEmail(patientInput('fr', { end: new Date(START.getTime() + 90 * 60_000), totalCents: 3500 }));
    expect(fr.subject).toBe('Rendez-vous confirmé\u00a0: mardi 24 novembre 2026 à 9\u00a0h\u00a000');
    expect(fr.text).toContain('Durée\u00a0: 90 minutes');
    expect(fr.text).toContain('Total\u00a0: 35,00\u00a0$ (taxes incluses)');
    expect(fr.text).toContain('au moins 24 heures à l’avance');
  });

  it('an HST-exempt visit says so, in both languages, instead of "tax included"', () => {
    const exempt = { totalCents: 135_00, taxCents: 0 };
    expect(appointmentConfirmationEmail(patientInput('en', exempt)).text).toContain('Total: $135.00 (HST exempt)');
    const fr = appointmentConfirmationEmail(patientInput('fr', exempt));
    expect(fr.text).toContain('Total\u00a0: 135,00\u00a0$ (exonéré de TVH)');
    expect(fr.text).not.toContain('taxes incluses');
    expect(appointmentRescheduledEmail({ ...patientInput('fr', exempt), previousStart: PREVIOUS }).text).toContain('(exonéré de TVH)');
  });

  it('free services show 0.00; guests without a link are told to call', () => {
    const email = appointmentConfirmationEmail(patientInput('en', { totalCents: 0, manageLink: undefined }));
    expect(email.text).toContain('Total: $0.00');
    expect(email.text).toContain('Simply call us at +1 (613) 555-0142');
    expect(email.html).not.toContain('Manage my appointment');
  });

  it('virtual appointments say so, with no link', () => {
    const fr = appointmentConfirmationEmail(patientInput('fr', { location: { kind: 'virtual' }, manageLink: undefined }));
    expect(fr.text).toContain('Lieu\u00a0: Rendez-vous virtuel');
    expect(fr.text.match(/https?:\/\//g)).toBeNull();
  });

  it('reschedule names the old and the new time', () => {
    const en = appointmentRescheduledEmail({ ...patientInput('en'), previousStart: PREVIOUS });
    expect(en.text).toContain('Friday, November 20, 2026 at 1:30 p.m.');
    expect(en.subject).toBe('Appointment moved to Tuesday, November 24, 2026 at 9:00 a.m.');
    const fr = appointmentRescheduledEmail({ ...patientInput('fr'), previousStart: PREVIOUS });
    expect(fr.text).toContain('vendredi 20 novembre 2026 à 13\u00a0h\u00a030');
  });

  it('keeps the clinic clock across DST (summer time is UTC-4)', () => {
    const summer = appointmentConfirmationEmail(
      patientInput('en', { start: new Date('2026-07-07T13:00:00Z'), end: new Date('2026-07-07T14:00:00Z') }),
    );
    expect(summer.subject).toContain('Tuesday, July 7, 2026 at 9:00 a.m.');
  });

  it('dietitian notice: in their language, names the patient, points to the record', () => {
    const notice = dietitianNoticeEmail({ ...patientInput('fr'), blockedUntil: BLOCKED, kind: 'booked', patientName: 'Zoé\r\nMartin', dietitianFirstName: 'Marie-Ève' });
    expect(notice.subject).toBe('Nouveau rendez-vous\u00a0: Zoé Martin, mardi 24 novembre 2026 à 9\u00a0h\u00a000');
    expect(notice.text).toMatch(/^Bonjour Marie-Ève,/);
    expect(notice.text).toContain('Patient\u00a0: Zoé Martin');
    expect(notice.text).toContain('ne sont jamais envoyés par courriel');
    expect(notice.text).not.toContain('Diététiste'); // it is addressed to them
    const moved = dietitianNoticeEmail({ ...patientInput('en'), blockedUntil: BLOCKED, kind: 'rescheduled', previousStart: PREVIOUS, patientName: 'Zoé Martin' });
    expect(moved.text).toContain('Friday, November 20, 2026 at 1:30 p.m.');
  });

  it('dietitian notice: the patient’s duration, and the time held in their calendar named as such (issue 27)', () => {
    // 50 minutes with the patient, 1 hour in the dietitian's calendar.
    const visit = { end: new Date(START.getTime() + 50 * 60_000), blockedUntil: new Date(START.getTime() + 60 * 60_000), patientName: 'Zoé Martin' };
    const kinds = [{ kind: 'booked' as const }, { kind: 'rescheduled' as const, previousStart: PREVIOUS }, { kind: 'cancelled' as const }];
    for (const extra of kinds) {
      const en = dietitianNoticeEmail({ ...patientInput('en'), ...visit, ...extra }).text;
      expect(en).toContain('Duration: 50 minutes');
      expect(en).toContain(extra.kind === 'cancelled' ? 'Time freed in your calendar: 1 hour' : 'Time blocked in your calendar: 1 hour');
      expect(en).not.toContain('Duration: 1 hour');
      const fr = dietitianNoticeEmail({ ...patientInput('fr'), ...visit, ...extra }).text;
      expect(fr).toContain('Durée\u00a0: 50 minutes');
      expect(fr).toContain(extra.kind === 'cancelled' ? 'Temps libéré dans votre agenda\u00a0: 1 heure' : 'Temps réservé à votre agenda\u00a0: 1 heure');
    }
  });
});

// ---------------------------------------------------------------------------------------------

const UID = appointmentUid('5b3f4c1e-8f2a-4d7e-9b1c-2a3d4e5f6a7b');

function ics(overrides: Partial<AppointmentIcsInput> = {}): string {
  const text = appointmentIcsText({
    serviceName: 'Consultation individuelle en nutrition sportive et gestion du poids',
    dietitianName: 'Marie-Ève Tremblay-Lévesque, Dt.P.',
    location: { kind: 'office', name: 'Bureau du centre-ville', address: '123, rue Bank, Ottawa (Ontario) K1P-5G3' },
    language: 'fr',
  });
  return appointmentIcs({
    uid: UID,
    sequence: 0,
    method: 'REQUEST',
    start: START,
    end: END,
    ...text,
    organizer: { name: 'Équilibre Nutrition', email: 'info@equilibrenutrition.ca' },
    attendee: { name: 'Zoé "Zozo" Martin', email: 'zoe@example.test' },
    language: 'fr',
    ...overrides,
  });
}

/** The content lines of a calendar, unfolded. */
function unfold(calendar: string): string[] {
  return calendar.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
}
const field = (calendar: string, name: string) => unfold(calendar).filter((line) => line.split(/[;:]/)[0] === name);

describe('appointment .ics', () => {
  it('is a well-formed VCALENDAR: CRLF only, lines of at most 75 octets', () => {
    const calendar = ics();
    expect(calendar.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(calendar.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(calendar.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = calendar.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    // The long French text was folded, and folding kept every character whole.
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(calendar).not.toContain('\uFFFD');
    expect(unfold(calendar).filter((l) => l.startsWith('BEGIN:') || l.startsWith('END:'))).toEqual([
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
    expect(field(calendar, 'VERSION')).toEqual(['VERSION:2.0']);
  });

  it('REQUEST: method, UID, sequence, UTC times, organizer and attendee', () => {
    const calendar = ics();
    expect(field(calendar, 'METHOD')).toEqual(['METHOD:REQUEST']);
    expect(field(calendar, 'UID')).toEqual([`UID:${UID}`]);
    expect(UID).toBe('5b3f4c1e-8f2a-4d7e-9b1c-2a3d4e5f6a7b@equilibrenutrition.ca');
    expect(field(calendar, 'SEQUENCE')).toEqual(['SEQUENCE:0']);
    expect(field(calendar, 'DTSTART')).toEqual(['DTSTART:20261124T140000Z']);
    expect(field(calendar, 'DTEND')).toEqual(['DTEND:20261124T150000Z']);
    expect(field(calendar, 'DTSTAMP')[0]).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    expect(field(calendar, 'STATUS')).toEqual(['STATUS:CONFIRMED']);
    expect(field(calendar, 'ORGANIZER')[0]).toMatch(/CN="Équilibre Nutrition":mailto:info@equilibrenutrition.ca$/i);
    const [attendee] = field(calendar, 'ATTENDEE');
    expect(attendee).toMatch(/CN="Zoé Zozo Martin":mailto:zoe@example.test$/i);
    expect(attendee).toContain('RSVP=FALSE');
  });

  it('describes the visit with the service, the dietitian and the phone only', () => {
    const calendar = ics();
    expect(field(calendar, 'SUMMARY')).toEqual([
      'SUMMARY;LANGUAGE=fr-CA:Consultation individuelle en nutrition sportive et gestion du poids – Équilibre Nutrition',
    ]);
    expect(field(calendar, 'DESCRIPTION')).toEqual([
      'DESCRIPTION;LANGUAGE=fr-CA:Service\u00a0: Consultation individuelle en nutrition sportive et gestion du poids' +
        '\\nDiététiste\u00a0: Marie-Ève Tremblay-Lévesque\\, Dt.P.\\nQuestions ou changements\u00a0: +1 (613) 555-0142',
    ]);
    expect(field(calendar, 'LOCATION')).toEqual([
      'LOCATION;LANGUAGE=fr-CA:Bureau du centre-ville\\, 123\\, rue Bank\\, Ottawa (Ontario) K1P-5G3',
    ]);
    const virtual = appointmentIcsText({ serviceName: 'Follow-up', dietitianName: 'Sam', location: { kind: 'virtual' }, language: 'en' });
    expect(virtual).toEqual({
      title: 'Follow-up – Équilibre Nutrition',
      description: 'Service: Follow-up\nDietitian: Sam\nQuestions or changes: +1 (613) 555-0142',
      location: 'Virtual appointment',
    });
  });

  it('reschedule and cancel keep the UID and raise the sequence; cancel says CANCELLED', () => {
    const moved = ics({ sequence: 1, start: new Date('2026-11-25T19:15:00Z'), end: new Date('2026-11-25T20:15:00Z') });
    const cancelled = ics({ sequence: 2, method: 'CANCEL', start: new Date('2026-11-25T19:15:00Z'), end: new Date('2026-11-25T20:15:00Z') });
    expect(field(moved, 'UID')).toEqual(field(ics(), 'UID'));
    expect(field(cancelled, 'UID')).toEqual(field(ics(), 'UID'));
    expect(field(moved, 'SEQUENCE')).toEqual(['SEQUENCE:1']);
    expect(field(moved, 'DTSTART')).toEqual(['DTSTART:20261125T191500Z']);
    expect(field(cancelled, 'METHOD')).toEqual(['METHOD:CANCEL']);
    expect(field(cancelled, 'SEQUENCE')).toEqual(['SEQUENCE:2']);
    expect(field(cancelled, 'STATUS')).toEqual(['STATUS:CANCELLED']);
  });

  it('refuses impossible input', () => {
    expect(() => ics({ end: START })).toThrow(RangeError);
    expect(() => ics({ start: new Date('nope') })).toThrow(RangeError);
    expect(() => ics({ sequence: -1 })).toThrow(RangeError);
  });

  it('names the attachment per language and method', () => {
    expect(icsAttachment('X', 'REQUEST', 'en')).toEqual({
      filename: 'appointment.ics',
      content: 'X',
      contentType: 'text/calendar; method=REQUEST; charset=utf-8',
    });
    expect(icsAttachment('X', 'CANCEL', 'fr')).toMatchObject({ filename: 'rendez-vous.ics', contentType: 'text/calendar; method=CANCEL; charset=utf-8' });
  });
});

describe('Google Calendar link', () => {
  it('carries the title, UTC dates, details and location', () => {
    const link = googleCalendarLink({ title: 'Suivi – Équilibre Nutrition', start: START, end: END, details: 'Service : Suivi & co', location: 'Rendez-vous virtuel' });
    expect(link.startsWith('https://calendar.google.com/calendar/render?action=TEMPLATE&')).toBe(true);
    expect(link).toContain('&dates=20261124T140000Z/20261124T150000Z');
    const params = new URL(link).searchParams;
    expect(params.get('text')).toBe('Suivi – Équilibre Nutrition');
    expect(params.get('details')).toBe('Service : Suivi & co');
    expect(params.get('location')).toBe('Rendez-vous virtuel');
    expect(googleCalendarLink({ title: 'A', start: START, end: END })).not.toMatch(/details=|location=/);
  });
});

// ---------------------------------------------------------------------------------------------

const tempDirs: string[] = [];
afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The text/calendar leaf of a nodemailer message (multipart/mixed, base64 or 7bit body). */
function calendarPart(eml: string): { headers: string; body: string } | undefined {
  for (const chunk of eml.split(/\r\n--[^\r\n]+/)) {
    const split = chunk.indexOf('\r\n\r\n');
    const headers = chunk.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    if (!/^content-type: text\/calendar/im.test(headers)) continue;
    const raw = chunk.slice(split + 4);
    const body = /content-transfer-encoding: base64/i.test(headers) ? Buffer.from(raw, 'base64').toString('utf8') : raw;
    return { headers, body };
  }
  return undefined;
}

describe('through the real outbox', () => {
  it('stores the confirmation with its text/calendar part intact', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'booking-emails-'));
    tempDirs.push(dir);
    const content = ics();
    const email = appointmentConfirmationEmail(patientInput('fr'));
    await createMailer({ outboxDir: dir, from: DEFAULT_MAIL_FROM }).send({
      to: 'zoe@example.test',
      language: 'fr',
      ...email,
      attachments: [icsAttachment(content, 'REQUEST', 'fr')],
    });
    const [entry] = await readOutbox(dir);
    if (!entry) throw new Error('outbox empty');
    expect(entry.subject).toBe(email.subject);
    expect(entry.attachments).toEqual([
      { filename: 'rendez-vous.ics', contentType: 'text/calendar; method=REQUEST; charset=utf-8', size: Buffer.byteLength(content) },
    ]);
    const part = calendarPart(await readFile(entry.emlPath, 'utf8'));
    expect(part?.headers).toMatch(/method=REQUEST/i);
    expect(part?.headers).toMatch(/filename=rendez-vous\.ics/);
    expect(part?.body).toBe(content);
  });
});
