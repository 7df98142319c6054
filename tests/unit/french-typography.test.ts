import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clinic } from '@/lib/clinic';
import { appointmentIcsText } from '@/lib/server/booking/calendar';
import { seededServices } from '@/lib/server/db/seed/services';
import { demoTeam } from '@/lib/server/db/seed/team';
import {
  appointmentCancelledEmail,
  appointmentConfirmationEmail,
  appointmentReminderEmail,
  appointmentRescheduledEmail,
  contactAcknowledgementEmail,
  contactClinicCopyEmail,
  dietitianNoticeEmail,
  employeeInviteEmail,
  intakeAcknowledgementEmail,
  passwordResetEmail,
  verificationEmail,
  waitlistJoinedEmail,
  waitlistOfferEmail,
  waitlistRemovedEmail,
  welcomeEmail,
  type RenderedEmail,
} from '@/lib/server/email/templates';
import { backupAlertEmail } from '@/lib/server/email/templates/backupAlert';
import { handoutsEmail } from '@/lib/server/email/templates/handouts';
import { receiptEmail } from '@/lib/server/email/templates/receipt';
import { receiptTexts } from '@/lib/server/receipts/texts';
import fr from '@/messages/fr.json';

/**
 * The site's one rule for French typography (OQLF, issue #27 item 13): the typographic apostrophe
 * ’, a no-break space (U+00A0) inside « » and before a colon, and no space at all before ? ! ;.
 * Every French string the site shows or sends is held to it: the messages, the posts, the e-mails,
 * the calendar files and the receipts.
 */
function typographyFaults(text: string): string[] {
  // Links are not prose: their colons and question marks are the URL's.
  const prose = text.replace(/\b(?:https?:\/\/|mailto:|tel:)[^\s)>"]*/g, 'URL');
  const faults: string[] = [];
  const check = (pattern: RegExp, fault: string) => {
    for (const match of prose.matchAll(pattern)) {
      const at = match.index ?? 0;
      faults.push(`${fault}: «${prose.slice(Math.max(0, at - 20), at + match[0].length + 20)}»`);
    }
  };
  check(/\p{L}'\p{L}/gu, 'straight apostrophe');
  check(/«(?!\u00a0)/g, 'no no-break space after «');
  check(/(?<!\u00a0)»/g, 'no no-break space before »');
  // A colon after a word (or a closing mark) needs the no-break space; times (9:45), minute marks
  // (:15) and ICU skeletons (::) are not punctuation.
  check(/[\p{L}\p{N})\]}»’*>]:(?![\d:])/gu, 'no no-break space before :');
  check(/(?<=\S)[ \t\u202f]:(?![\d:])/g, 'an ordinary space before :');
  check(/[\s\u00a0\u202f]+[?!;]/g, 'a space before ? ! or ;');
  // A number and its unit, its thousands and the h of an hour stay on one line (OQLF).
  check(/\d (?:%|\$)/g, 'an ordinary space before % or $');
  check(/(?<![\d ])\d{1,3} \d{3}(?![\d ])/g, 'an ordinary space between thousands'); // not a phone number's
  check(/\d h(?:\s|$)|\d\u00a0h \d/g, 'an ordinary space around the h of an hour');
  return faults;
}

/** Every string in a JSON tree, with its key path. */
function stringsOf(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsOf(item, `${at}[${index}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringsOf(item, at ? `${at}.${key}` : key));
  return [];
}

/** Every French post: its front matter values and its prose (no code, link targets or HTML). */
function frenchPosts(): [string, string][] {
  const root = path.join(process.cwd(), 'content');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => /(^|\/)fr\/[^/]+\.md$/.test(file));
  return files.map((file) => {
    const source = readFileSync(path.join(root, file), 'utf8');
    const [, frontMatter = '', body = source] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source) ?? [];
    const values = frontMatter.split('\n').map((line) => line.replace(/^\s*(?:[\w-]+:|-)\s?/, ''));
    const prose = body
      .replace(/```[\s\S]*?```/g, '')
      .replace(/`[^`]*`/g, '')
      .replace(/\]\([^)]*\)/g, ']')
      .replace(/<[^>]+>/g, '');
    return [file, [...values, prose].join('\n')];
  });
}

const LINK = 'https://equilibre.example/fr/gerer-mon-rendez-vous#token?x=1';
const start = new Date('2026-11-27T14:45:00Z');
const details = {
  serviceName: 'Consultation de suivi',
  start,
  end: new Date('2026-11-27T15:35:00Z'),
  location: { kind: 'office', name: 'Centre-ville', address: '180, rue Metcalfe, bureau 504, Ottawa (Ontario) K2P 1P5' } as const,
  dietitianName: 'Sophie Tremblay',
  timeZone: 'America/Toronto',
};
const patient = { ...details, language: 'fr', firstName: 'Zoé', totalCents: 9500, taxCents: 0, cancellationNoticeHours: 24, manageLink: LINK } as const;
const window = { serviceName: 'Consultation de suivi', location: details.location, dietitianName: null, fromDate: '2026-11-27', toDate: '2026-12-11' };

/** Every e-mail the site sends, written in French with sample data. */
function frenchEmails(): [string, RenderedEmail][] {
  return [
    ['verification', verificationEmail({ firstName: 'Zoé', link: LINK, language: 'fr' })],
    ['passwordReset', passwordResetEmail({ firstName: 'Zoé', link: LINK, language: 'fr', expiresInMinutes: 60 })],
    ['welcome', welcomeEmail({ firstName: 'Zoé', language: 'fr', loginLink: LINK })],
    ['employeeInvite', employeeInviteEmail({ inviterName: 'Claire Lefebvre', link: LINK, language: 'fr', expiresInDays: 7 })],
    ['contactAcknowledgement', contactAcknowledgementEmail({ language: 'fr', bookingLink: LINK })],
    ['intakeAcknowledgement', intakeAcknowledgementEmail({ language: 'fr', bookingLink: LINK })],
    [
      'contactClinicCopy',
      contactClinicCopyEmail({
        language: 'fr', name: 'Zoé Roy', email: 'zoe@example.ca', phone: '6135550142', subject: 'Rendez-vous',
        message: 'Bonjour', receivedAt: start, timeZone: 'America/Toronto',
      }),
    ],
    ['appointmentConfirmation', appointmentConfirmationEmail(patient)],
    ['appointmentConfirmation (virtual)', appointmentConfirmationEmail({ ...patient, location: { kind: 'virtual', joinUrl: 'https://meet.jit.si/clinic-1' } })],
    ['appointmentReminder', appointmentReminderEmail(patient)],
    ['appointmentRescheduled', appointmentRescheduledEmail({ ...patient, previousStart: new Date('2026-11-26T14:45:00Z') })],
    ['appointmentCancelled', appointmentCancelledEmail({ ...details, language: 'fr', firstName: 'Zoé', manageLink: LINK })],
    ...(['booked', 'cancelled'] as const).map((kind): [string, RenderedEmail] => [
      `dietitianNotice ${kind}`,
      dietitianNoticeEmail({ ...details, language: 'fr', kind, blockedUntil: new Date('2026-11-27T15:45:00Z'), dietitianFirstName: 'Sophie', patientName: 'Zoé Roy', manageLink: LINK }),
    ]),
    [
      'dietitianNotice rescheduled',
      dietitianNoticeEmail({
        ...details, language: 'fr', kind: 'rescheduled', previousStart: new Date('2026-11-26T14:45:00Z'),
        blockedUntil: new Date('2026-11-27T15:45:00Z'), patientName: 'Zoé Roy',
      }),
    ],
    [
      'waitlistJoined',
      waitlistJoinedEmail({ ...window, language: 'fr', firstName: 'Zoé', timesOfDay: ['morning', 'evening'], weekdays: [1, 5], leaveLink: LINK }),
    ],
    ['waitlistRemoved', waitlistRemovedEmail({ language: 'fr', firstName: 'Zoé', serviceName: 'Consultation de suivi' })],
    ['waitlistOffer', waitlistOfferEmail({ ...patient, expiresAt: new Date('2026-11-25T18:00:00Z'), claimLink: LINK })],
    [
      'handouts',
      handoutsEmail({ language: 'fr', firstName: 'Zoé', topic: 'Cuisiner pour la santé du cœur', sessionStart: new Date('2026-11-26T23:00:00Z'), timeZone: 'America/Toronto', linkDays: 90, files: [{ name: 'Recettes : été.pdf', url: LINK }] }),
    ],
    ...(['failed', 'verify_failed', 'stale'] as const).map((kind): [string, RenderedEmail] => [
      `backupAlert ${kind}`,
      backupAlertEmail({ language: 'fr', firstName: 'Zoé', kind, reason: kind === 'stale' ? undefined : 'le disque est plein.', ageHours: kind === 'stale' ? 50 : undefined, pageUrl: LINK }),
    ]),
    ...[false, true].map((isGuest): [string, RenderedEmail] => [
      `receipt ${isGuest ? 'guest' : 'patient'}`,
      receiptEmail({ language: 'fr', firstName: 'Zoé', number: 'R-2026-000042', serviceName: 'Consultation de suivi', serviceDate: '27 novembre 2026', isGuest, correction: !isGuest }),
    ]),
  ];
}

/** Every word of the French receipt: its labels, and its phrases filled in with sample values. */
function frenchReceiptTexts(): [string, string][] {
  const samples: Record<string, unknown[]> = {
    money: [4520], longDate: [start], longDateTime: [start], shortDate: ['2026-11-27'], minutes: [50],
    registration: ['12345'], paid: ['Carte', '27 novembre 2026'], refunded: ['Carte', '27 novembre 2026'],
    voided: ['27 novembre 2026'], replacedBy: ['R-2026-000043'], fileName: ['R-2026-000042'], yearFileName: [2026], yearTitle: [2026],
    addressLines: [clinic.offices[0]],
  };
  return Object.entries(receiptTexts('fr')).flatMap(([key, value]): [string, string][] => {
    if (typeof value === 'function') {
      const text = (value as (...args: unknown[]) => unknown)(...(samples[key] ?? ['x', 'y']));
      return stringsOf(text, key);
    }
    return stringsOf(value, key);
  });
}

describe('French typography, one rule for the site (OQLF)', () => {
  it('catches each way a string can break the rule', () => {
    const bad = 'Besoin d\'aide ? Écrivez-nous: « ici » ou appelez : c’est simple ; vite !';
    expect(typographyFaults(bad)).toEqual([
      expect.stringMatching(/^straight apostrophe/),
      expect.stringMatching(/^no no-break space after «/),
      expect.stringMatching(/^no no-break space before »/),
      expect.stringMatching(/^no no-break space before :/),
      expect.stringMatching(/^an ordinary space before :/),
      expect.stringMatching(/^a space before/),
      expect.stringMatching(/^a space before/),
      expect.stringMatching(/^a space before/),
    ]);
    // A narrow or ordinary no-break space before ? ! ; is still a space.
    expect(typographyFaults('Prêt\u00a0? Oui\u202f!')).toHaveLength(2);
    expect(typographyFaults('Page introuvable\u202f: /x')).toHaveLength(1);
  });

  it('lets well-set text, links, times and ICU syntax through', () => {
    const good =
      'Besoin d’aide? Écrivez-nous\u00a0: «\u00a0ici\u00a0»; c’est simple! Voir https://example.ca/a?b=1:2, à 9:45, (:00, :15), ' +
      '{count, plural, one {# rendez-vous} other {# rendez-vous}} et **le total**\u00a0: 45,20\u00a0$.';
    expect(typographyFaults(good)).toEqual([]);
  });

  it('holds for every string of messages/fr.json', () => {
    const faults = stringsOf(fr).flatMap(([key, text]) => typographyFaults(text).map((fault) => `${key}: ${fault}`));
    expect(faults).toEqual([]);
  });

  it('holds for every French post, front matter and body', () => {
    const posts = frenchPosts();
    expect(posts.length).toBeGreaterThan(10);
    const faults = posts.flatMap(([file, text]) => typographyFaults(text).map((fault) => `${file}: ${fault}`));
    expect(faults).toEqual([]);
  });

  it('holds for every French e-mail, subject and text', () => {
    const faults = frenchEmails().flatMap(([name, email]) =>
      [email.subject, email.text].flatMap((part) => typographyFaults(part).map((fault) => `${name}: ${fault}`)),
    );
    expect(faults).toEqual([]);
  });

  it('holds for the French calendar file and the French receipt', () => {
    const ics = appointmentIcsText({ serviceName: details.serviceName, dietitianName: details.dietitianName, location: details.location, language: 'fr' });
    const texts: [string, string][] = [...stringsOf(ics, 'ics'), ...frenchReceiptTexts()];
    expect(texts.length).toBeGreaterThan(25);
    const faults = texts.flatMap(([key, text]) => typographyFaults(text).map((fault) => `${key}: ${fault}`));
    expect(faults).toEqual([]);
  });

  it('holds for the French catalogue the clinic seeds (services and dietitians)', () => {
    const texts: [string, string][] = [
      ...Object.entries(seededServices).map(([slug, service]): [string, string] => [slug, service.longDescriptionFr]),
      ...demoTeam.flatMap((member): [string, string][] => [[member.email, member.bioFr], [member.email, member.titleFr]]),
    ];
    const faults = texts.flatMap(([key, text]) => typographyFaults(text).map((fault) => `${key}: ${fault}`));
    expect(faults).toEqual([]);
  });
});
