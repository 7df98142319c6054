/**
 * Calendar arithmetic on the agenda's 'YYYY-MM-DD' dates. The server does the time-zone work
 * (bounds, today, previous and next); this only lists the days of a range (lib/format/dates
 * reads an instant's date on the clinic's calendar).
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
