import { clinic } from '@/lib/clinic';

/**
 * Calendar arithmetic on the agenda's 'YYYY-MM-DD' dates. The server does the time-zone work
 * (bounds, today, previous and next); these only list the days of a range and read an
 * instant's date on the clinic's calendar, which Intl does for any zone.
 */

const DAY_MS = 86_400_000;

/** The days from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${first}T00:00:00Z`); ms <= Date.parse(`${last}T00:00:00Z`); ms += DAY_MS) {
    days.push(new Date(ms).toISOString().slice(0, 10));
  }
  return days;
}

const clinicDate = new Intl.DateTimeFormat('en-CA', { timeZone: clinic.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The clinic's calendar date of an instant. */
export function clinicDateOf(iso: string): string {
  return clinicDate.format(new Date(iso));
}

/** A calendar date as an instant that formats as that date in UTC (format with timeZone 'UTC'). */
export function dateAsInstant(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}
