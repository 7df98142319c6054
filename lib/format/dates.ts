import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { enCA } from 'date-fns/locale/en-CA';
import { frCA } from 'date-fns/locale/fr-CA';
import { clinic } from '@/lib/clinic';

/**
 * Dates and times as the clinic writes them, in both languages, on pages, in e-mails and on
 * receipts. Instants are read on the clinic's clock (clinic.timeZone unless a zone is given);
 * calendar dates ('YYYY-MM-DD') are that day everywhere, whatever the zone.
 *
 * Canadian in both languages: « 9 h 45 » in French (no-break spaces around the h, no leading
 * zero) and "9:45 a.m." in English, on pages, in e-mails and on receipts alike.
 */

export type DateLanguage = 'en' | 'fr';
export type Instant = Date | string | number;
/** 'full': "Saturday, November 28, 2026"; 'long': "November 28, 2026"; 'medium': "Nov 28, 2026"; 'weekday': "Saturday, November 28". */
export type DateStyle = 'full' | 'long' | 'medium' | 'weekday';
/** Date styles with a time after them; 'weekdayMedium': "Sat, Nov 28, 2026, 9:45 a.m."; 'brief': "Sat, Nov 28, 9:45 a.m.". */
export type DateTimeStyle = 'full' | 'long' | 'medium' | 'weekdayMedium' | 'brief';

export interface ClockOptions {
  /** An IANA zone; the clinic's by default. */
  timeZone?: string;
}

const LOCALES = { en: enCA, fr: frCA } as const;

const DATE_PATTERNS: Record<DateLanguage, Record<DateStyle, string>> = {
  // Explicit patterns: date-fns's own PPPP would write "November 28th".
  en: { full: 'EEEE, MMMM d, y', long: 'MMMM d, y', medium: 'MMM d, y', weekday: 'EEEE, MMMM d' },
  // French writes the first of the month « 1er » (date-fns's 'do' in fr-CA), every other day plainly.
  fr: { full: 'EEEE do MMMM y', long: 'do MMMM y', medium: 'do MMM y', weekday: 'EEEE do MMMM' },
};

// The date part of each style, and what joins the time to it.
const DATE_TIME_PATTERNS: Record<DateLanguage, Record<DateTimeStyle, [string, string]>> = {
  en: {
    full: [DATE_PATTERNS.en.full, ' at '],
    long: [DATE_PATTERNS.en.long, ' at '],
    medium: [DATE_PATTERNS.en.medium, ', '],
    weekdayMedium: ['EEE, MMM d, y', ', '],
    brief: ['EEE, MMM d', ', '],
  },
  fr: {
    full: [DATE_PATTERNS.fr.full, ' à '],
    long: [DATE_PATTERNS.fr.long, ' à '],
    medium: [DATE_PATTERNS.fr.medium, ', '],
    weekdayMedium: ['EEE do MMM y', ', '],
    brief: ['EEE do MMM', ', '],
  },
};

// OQLF: no-break spaces around the « h », so « 9 h 45 » never wraps apart.
const FRENCH_TIME = "H\u00a0'h'\u00a0mm";
// The spaces Intl puts around a range's dash.
const DASH = '\u2009–\u2009';

/** The date language of a page locale ('en' | 'fr'). */
export function dateLanguage(locale: string): DateLanguage {
  return locale === 'fr' ? 'fr' : 'en';
}

function toDate(instant: Instant): Date {
  return instant instanceof Date ? instant : new Date(instant);
}

function inZone(instant: Instant, pattern: string, language: DateLanguage, timeZone: string = clinic.timeZone): string {
  return format(toDate(instant), pattern, { locale: LOCALES[language], in: tz(timeZone) });
}

/** A calendar date at noon UTC, read in UTC: no zone can move it to another day. */
function calendarDay(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

function onCalendar(date: string, pattern: string, language: DateLanguage): string {
  return format(calendarDay(date), pattern, { locale: LOCALES[language], in: tz('UTC') });
}

// en-CA's 'aaaa' is "a.m." / "p.m.".
const TIME_PATTERNS: Record<DateLanguage, string> = { en: 'h:mm aaaa', fr: FRENCH_TIME };

/** "9:45 a.m." / « 9 h 45 ». */
export function formatTime(instant: Instant, language: DateLanguage, options: ClockOptions = {}): string {
  return inZone(instant, TIME_PATTERNS[language], language, options.timeZone);
}

/** The day an instant falls on, on the clinic's clock. */
export function formatDate(instant: Instant, language: DateLanguage, style: DateStyle, options: Pick<ClockOptions, 'timeZone'> = {}): string {
  return inZone(instant, DATE_PATTERNS[language][style], language, options.timeZone);
}

/** A calendar date 'YYYY-MM-DD' (a LocalDate), as that very day. */
export function formatLocalDate(date: string, language: DateLanguage, style: DateStyle): string {
  return onCalendar(date, DATE_PATTERNS[language][style], language);
}

/** "Saturday, November 28, 2026 at 9:45 a.m." / « samedi 28 novembre 2026 à 9 h 45 », and shorter. */
export function formatDateTime(instant: Instant, language: DateLanguage, style: DateTimeStyle, options: ClockOptions = {}): string {
  const [date, join] = DATE_TIME_PATTERNS[language][style];
  return `${inZone(instant, date, language, options.timeZone)}${join}${formatTime(instant, language, options)}`;
}

/** "9:00 – 9:45 a.m.", "11:30 a.m. – 12:15 p.m.", « 9 h 00 – 9 h 45 »: English says a.m. or p.m. once when both ends share it. */
export function formatTimeRange(start: Instant, end: Instant, language: DateLanguage, options: ClockOptions = {}): string {
  const to = formatTime(end, language, options);
  if (language === 'en') {
    const period = (instant: Instant) => inZone(instant, 'a', language, options.timeZone);
    if (period(start) === period(end)) return `${inZone(start, 'h:mm', language, options.timeZone)}${DASH}${to}`;
  }
  return `${formatTime(start, language, options)}${DASH}${to}`;
}

/** A day and a span of time in it: "Monday, December 7, 2026, 10:00 – 10:50 a.m.", « lundi 7 décembre 2026, 10 h 00 – 10 h 50 ». */
export function formatDateTimeRange(start: Instant, end: Instant, language: DateLanguage, options: ClockOptions = {}): string {
  return `${formatDate(start, language, 'full', options)}, ${formatTimeRange(start, end, language, options)}`;
}

/** Two calendar dates, long, saying a shared month or year once: "November 2 – 8, 2026", « 2–8 novembre 2026 ». */
export function formatLocalDateRange(from: string, to: string, language: DateLanguage): string {
  if (from === to) return formatLocalDate(from, language, 'long');
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const sameMonth = sameYear && from.slice(0, 7) === to.slice(0, 7);
  const last = formatLocalDate(to, language, 'long');
  if (language === 'fr') {
    // 'do' alone would write « 2ème »: it is plain before a month only.
    if (sameMonth) return `${from.endsWith('-01') ? '1er' : onCalendar(from, 'd', language)}–${last}`;
    return `${onCalendar(from, sameYear ? 'do MMMM' : 'do MMMM y', language)}${DASH}${last}`;
  }
  if (sameMonth) return `${onCalendar(from, 'MMMM d', language)}${DASH}${onCalendar(to, 'd, y', language)}`;
  return `${onCalendar(from, sameYear ? 'MMMM d' : 'MMMM d, y', language)}${DASH}${last}`;
}

/** The calendar date 'YYYY-MM-DD' an instant falls on, on the clinic's clock (or the zone's). */
export function localDateOf(instant: Instant, timeZone: string = clinic.timeZone): string {
  return format(toDate(instant), 'yyyy-MM-dd', { in: tz(timeZone) });
}

/** The 24-hour clock time 'HH:MM' of an instant on the clinic's clock (a form's time field). */
export function localClockOf(instant: Instant, timeZone: string = clinic.timeZone): string {
  return format(toDate(instant), 'HH:mm', { in: tz(timeZone) });
}

/** A month 'YYYY-MM' (or any date in it) as "November 2026" / « novembre 2026 ». */
export function formatMonth(month: string, language: DateLanguage): string {
  return onCalendar(`${month.slice(0, 7)}-01`, 'LLLL y', language);
}

/** An ISO weekday (1 = Monday .. 7 = Sunday) as "Monday" / « lundi », or "Mon" / « lun. ». */
export function weekdayName(isoWeekday: number, language: DateLanguage, width: 'long' | 'short' = 'long'): string {
  // 2024-01-01 was a Monday.
  return onCalendar(`2024-01-0${isoWeekday}`, width === 'long' ? 'EEEE' : 'EEE', language);
}

/**
 * A waitlist's window of calendar dates, full, as a sentence reads it: "Friday, November 27, 2026
 * to Monday, November 30, 2026" / « du vendredi 27 novembre 2026 au lundi 30 novembre 2026 », and
 * a single day "on Friday, November 27, 2026" / « le vendredi 27 novembre 2026 ».
 */
export function formatDateWindow(from: string, to: string, language: DateLanguage): string {
  const first = formatLocalDate(from, language, 'full');
  if (from === to) return language === 'fr' ? `le ${first}` : `on ${first}`;
  const last = formatLocalDate(to, language, 'full');
  return language === 'fr' ? `du ${first} au ${last}` : `${first} to ${last}`;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch ms of a real calendar date's UTC midnight (2026-02-30 is refused), else NaN. */
export function calendarDateMs(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day ? ms : Number.NaN;
}
