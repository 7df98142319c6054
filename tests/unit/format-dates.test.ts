import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDateTimeRange,
  formatLocalDate,
  formatLocalDateRange,
  formatMonth,
  formatTime,
  formatTimeRange,
  localDateOf,
  weekdayName,
} from '@/lib/format/dates';
import { addDays, daysBetween, isoWeekday, isoWeekKey, zonedDateTimeToUtc } from '@/lib/server/booking/clinicTime';

const TZ = 'America/Toronto';
const NB = '\u00a0';
/** 9:45 in Toronto on Saturday 28 November 2026 (EST, UTC-5). */
const saturday945 = '2026-11-28T14:45:00Z';

describe('times', () => {
  it('writes French times the Canadian way: no-break spaces around the h, no leading zero', () => {
    expect(formatTime(saturday945, 'fr')).toBe(`9${NB}h${NB}45`);
    expect(formatTime('2026-11-28T14:00:00Z', 'fr')).toBe(`9${NB}h${NB}00`);
    expect(formatTime('2026-11-28T18:30:00Z', 'fr')).toBe(`13${NB}h${NB}30`);
    expect(formatTime(saturday945, 'fr')).toBe(`9${NB}h${NB}45`);
  });

  it('writes English times the Canadian way, with a.m. and p.m.', () => {
    expect(formatTime(saturday945, 'en')).toBe('9:45 a.m.');
    expect(formatTime('2026-11-28T17:00:00Z', 'en')).toBe('12:00 p.m.');
  });

  it('reads the clock of the zone asked for', () => {
    expect(formatTime(saturday945, 'en', { timeZone: 'America/Vancouver' })).toBe('6:45 a.m.');
  });

  it('says a.m. or p.m. once when both ends of a range share it', () => {
    expect(formatTimeRange('2026-11-28T14:00:00Z', '2026-11-28T14:45:00Z', 'en')).toBe('9:00\u2009–\u20099:45 a.m.');
    expect(formatTimeRange('2026-11-28T16:30:00Z', '2026-11-28T17:15:00Z', 'en')).toBe('11:30 a.m.\u2009–\u200912:15 p.m.');
    expect(formatTimeRange('2026-11-28T14:00:00Z', '2026-11-28T14:45:00Z', 'fr')).toBe(`9${NB}h${NB}00\u2009–\u20099${NB}h${NB}45`);
  });
});

describe('dates', () => {
  it('writes a full date without an ordinal, but for the first of the month in French (« 1er »)', () => {
    expect(formatDate(saturday945, 'fr', 'full')).toBe('samedi 28 novembre 2026');
    expect(formatDate(saturday945, 'en', 'full')).toBe('Saturday, November 28, 2026');
    expect(formatDate(saturday945, 'en', 'long')).toBe('November 28, 2026');
    expect(formatDate(saturday945, 'fr', 'medium')).toBe('28 nov. 2026');
    expect(formatDate('2026-12-01T15:00:00Z', 'fr', 'full')).toBe('mardi 1er décembre 2026');
  });

  it('formats a calendar date as that very day, which an instant near midnight is not', () => {
    // 1:00 UTC on the 28th is still the 27th in Toronto; the calendar date stays the 28th.
    expect(formatDate('2026-11-28T01:00:00Z', 'en', 'full')).toBe('Friday, November 27, 2026');
    expect(formatLocalDate('2026-11-28', 'en', 'full')).toBe('Saturday, November 28, 2026');
    expect(formatLocalDate('2026-11-28', 'fr', 'full')).toBe('samedi 28 novembre 2026');
    expect(formatLocalDate('2026-01-01', 'en', 'weekday')).toBe('Thursday, January 1');
    expect(localDateOf('2026-11-28T01:00:00Z')).toBe('2026-11-27');
    expect(localDateOf('2026-11-28T01:00:00Z', 'UTC')).toBe('2026-11-28');
  });

  it('says a shared month or year once in a range of days', () => {
    expect(formatLocalDateRange('2026-11-02', '2026-11-08', 'en')).toBe('November 2\u2009–\u20098, 2026');
    expect(formatLocalDateRange('2026-11-02', '2026-11-08', 'fr')).toBe('2–8 novembre 2026');
    expect(formatLocalDateRange('2026-11-30', '2026-12-06', 'fr')).toBe('30 novembre\u2009–\u20096 décembre 2026');
    expect(formatLocalDateRange('2026-12-28', '2027-01-03', 'en')).toBe('December 28, 2026\u2009–\u2009January 3, 2027');
    expect(formatLocalDateRange('2026-12-28', '2026-12-28', 'fr')).toBe('28 décembre 2026');
    expect(formatLocalDateRange('2026-12-01', '2026-12-06', 'fr')).toBe('1er–6 décembre 2026');
    expect(formatLocalDateRange('2026-11-01', '2026-12-01', 'fr')).toBe('1er novembre\u2009–\u20091er décembre 2026');
  });

  it('names months and weekdays', () => {
    expect(formatMonth('2026-11', 'fr')).toBe('novembre 2026');
    expect(formatMonth('2026-11-28', 'en')).toBe('November 2026');
    expect([1, 7].map((day) => weekdayName(day, 'fr'))).toEqual(['lundi', 'dimanche']);
    expect([1, 7].map((day) => weekdayName(day, 'en', 'short'))).toEqual(['Mon', 'Sun']);
  });
});

describe('dates with times', () => {
  it('writes an appointment as the e-mails do', () => {
    const tuesday9 = '2026-11-24T14:00:00Z';
    expect(formatDateTime(tuesday9, 'en', 'full')).toBe('Tuesday, November 24, 2026 at 9:00 a.m.');
    expect(formatDateTime(tuesday9, 'fr', 'full')).toBe(`mardi 24 novembre 2026 à 9${NB}h${NB}00`);
  });

  it('writes the shorter forms the pages use', () => {
    expect(formatDateTime(saturday945, 'fr', 'full')).toBe(`samedi 28 novembre 2026 à 9${NB}h${NB}45`);
    expect(formatDateTime(saturday945, 'en', 'long')).toBe('November 28, 2026 at 9:45 a.m.');
    expect(formatDateTime(saturday945, 'en', 'medium')).toBe('Nov 28, 2026, 9:45 a.m.');
    expect(formatDateTime(saturday945, 'fr', 'medium')).toBe(`28 nov. 2026, 9${NB}h${NB}45`);
    expect(formatDateTime(saturday945, 'en', 'brief')).toBe('Sat, Nov 28, 9:45 a.m.');
    expect(formatDateTime(saturday945, 'fr', 'weekdayMedium')).toBe(`sam. 28 nov. 2026, 9${NB}h${NB}45`);
    expect(formatDateTimeRange(saturday945, '2026-11-28T15:35:00Z', 'en')).toBe('Saturday, November 28, 2026, 9:45\u2009–\u200910:35 a.m.');
  });
});

describe('a DST week in Toronto', () => {
  const at945 = (date: string) => zonedDateTimeToUtc(date, 9 * 60 + 45, TZ)!;

  it('keeps the wall-clock time across the fall-back change (2026-11-01)', () => {
    const days = Array.from({ length: 7 }, (_, i) => addDays('2026-10-29', i));
    expect(days).toEqual(['2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']);
    expect(days.map((day) => formatTime(at945(day), 'fr'))).toEqual(days.map(() => `9${NB}h${NB}45`));
    expect(days.map((day) => localDateOf(at945(day)))).toEqual(days);
    // The clocks go back at 2:00 on the Sunday: 25 hours from Saturday 9:45 to Sunday 9:45.
    expect(at945('2026-11-01').getTime() - at945('2026-10-31').getTime()).toBe(25 * 3_600_000);
    expect(at945('2026-11-02').getTime() - at945('2026-11-01').getTime()).toBe(24 * 3_600_000);
    expect(formatDateTime(at945('2026-11-02'), 'en', 'full')).toBe('Monday, November 2, 2026 at 9:45 a.m.');
  });

  it('keeps the wall-clock time across the spring-forward change (2026-03-08)', () => {
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-03-09', -2)).toBe('2026-03-07');
    expect(['2026-03-07', '2026-03-08', '2026-03-09'].map((day) => formatTime(at945(day), 'en'))).toEqual(['9:45 a.m.', '9:45 a.m.', '9:45 a.m.']);
    // The clocks go forward at 2:00 on the Sunday: 23 hours from Saturday 9:45 to Sunday 9:45.
    expect(at945('2026-03-08').getTime() - at945('2026-03-07').getTime()).toBe(23 * 3_600_000);
    expect(at945('2026-03-09').getTime() - at945('2026-03-08').getTime()).toBe(24 * 3_600_000);
    // The skipped hour has no time in it.
    expect(zonedDateTimeToUtc('2026-03-08', 2 * 60 + 30, TZ)).toBeNull();
  });

  it('counts the days and weeks of the change as calendar days', () => {
    expect([isoWeekday('2026-11-01'), isoWeekday('2026-11-02')]).toEqual([7, 1]);
    expect([isoWeekKey('2026-11-01'), isoWeekKey('2026-11-02')]).toEqual(['2026-W44', '2026-W45']);
    expect(formatLocalDate(addDays('2026-10-31', 1), 'fr', 'full')).toBe('dimanche 1er novembre 2026');
    // A records request's due date and days left (PHIPA's 30 days) across both changes and a leap day.
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addDays('2028-02-15', 30)).toBe('2028-03-16');
    expect(daysBetween('2026-10-20', '2026-11-19')).toBe(30);
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-11-19', '2026-10-20')).toBe(-30);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
  });
});
