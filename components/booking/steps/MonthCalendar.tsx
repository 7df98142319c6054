'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { dateLanguage, formatLocalDate, formatMonth, weekdayName } from '@/lib/format/dates';
import styles from '../booking.module.css';

/** 'YYYY-MM-DD' dates handled as UTC midnights: calendar arithmetic with no time zone in play. */
const toUtc = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const monthKey = (date: string) => date.slice(0, 7);
function shiftMonth(key: string, by: number): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return iso(new Date(Date.UTC(year, month - 1 + by, 1))).slice(0, 7);
}

/** The weeks of a month, each of 7 days or nulls, starting on Sunday (en) or Monday (fr). */
export function monthWeeks(key: string, weekStartsOn: 0 | 1): Array<Array<string | null>> {
  const first = toUtc(`${key}-01`);
  const lead = (first.getUTCDay() - weekStartsOn + 7) % 7;
  const days: Array<string | null> = Array.from({ length: lead }, () => null);
  for (let d = first; monthKey(iso(d)) === key; d = new Date(d.getTime() + 86_400_000)) days.push(iso(d));
  while (days.length % 7 !== 0) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
}

interface Props {
  /** The dates that can be chosen (sorted). */
  enabled: string[];
  selected: string | null;
  onSelect: (date: string) => void;
}

/** A month grid where only the dates with free times are buttons; the others are shown dimmed. */
export function MonthCalendar({ enabled, selected, onSelect }: Props) {
  const t = useTranslations('Booking.datetime');
  const locale = useLocale();
  const language = dateLanguage(locale);
  const weekStartsOn = locale === 'fr' ? 1 : 0;
  const firstMonth = monthKey(enabled[0]!);
  const lastMonth = monthKey(enabled[enabled.length - 1]!);
  const [month, setMonth] = useState(() => (selected ? monthKey(selected) : firstMonth));
  const available = new Set(enabled);
  const weeks = monthWeeks(month, weekStartsOn);
  // ISO weekdays (1 = Monday .. 7 = Sunday) in the grid's order.
  const weekdays = weeks[0]!.map((_, i) => ((weekStartsOn + i + 6) % 7) + 1);

  return (
    <div>
      <div className={styles.calendarHead}>
        <button
          type="button"
          className={styles.monthButton}
          aria-label={t('previousMonth')}
          aria-disabled={month <= firstMonth || undefined}
          onClick={() => {
            if (month > firstMonth) setMonth(shiftMonth(month, -1));
          }}
        >
          ‹
        </button>
        <h4 id="booking-month" aria-live="polite">
          {formatMonth(month, language)}
        </h4>
        <button
          type="button"
          className={styles.monthButton}
          aria-label={t('nextMonth')}
          aria-disabled={month >= lastMonth || undefined}
          onClick={() => {
            if (month < lastMonth) setMonth(shiftMonth(month, 1));
          }}
        >
          ›
        </button>
      </div>
      <table className={styles.calendar} aria-labelledby="booking-month">
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day} scope="col" abbr={weekdayName(day, language)}>
                {weekdayName(day, language, 'short')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((date, d) => (
                <td key={date ?? `empty-${w}-${d}`}>
                  {date ? (
                    <button
                      type="button"
                      className={styles.day}
                      disabled={!available.has(date)}
                      aria-pressed={available.has(date) ? date === selected : undefined}
                      aria-label={t(available.has(date) ? 'dayAvailable' : 'dayUnavailable', {
                        date: formatLocalDate(date, language, 'full'),
                      })}
                      onClick={() => onSelect(date)}
                    >
                      {Number(date.slice(8))}
                    </button>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
