'use client';

import { useLocale } from 'next-intl';
import { useCallback } from 'react';
import { calendarDateMs, localDateOf } from '@/lib/format/dates';
import { formatPrice } from '@/lib/format/price';

/**
 * Money in the payments panels: amounts travel as integer cents (CAD); people type dollars.
 */

/** The clinic's calendar date today (YYYY-MM-DD), whatever the browser's zone. */
export function clinicToday(now: Date = new Date()): string {
  return localDateOf(now);
}

/** What is wrong with a payment date as typed, if anything: not a date, before the visit was booked, after today. */
export function paymentDateError(value: string, bookedOn: string, today: string = clinicToday()): 'dateRequired' | 'dateBeforeBooking' | 'dateFuture' | null {
  if (Number.isNaN(calendarDateMs(value))) return 'dateRequired';
  if (value < bookedOn) return 'dateBeforeBooking';
  if (value > today) return 'dateFuture';
  return null;
}

/**
 * Dollars as typed ("135", "135.5", "135,50", "$ 135.00") to cents; null when it is not an
 * amount (letters, a sign, three decimals, a thousands separator).
 */
export function parseDollars(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f$]/g, '');
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(cleaned) ?? /^()[.,](\d{1,2})$/.exec(cleaned);
  if (!match) return null;
  const dollars = match[1] ? Number(match[1]) : 0;
  const cents = match[2] ? Number(match[2].padEnd(2, '0')) : 0;
  return dollars * 100 + cents;
}

/** Cents as the amount field shows them: "135.00", or "135,00" in French. */
export function centsForInput(cents: number, locale: string): string {
  const text = (cents / 100).toFixed(2);
  return locale === 'fr' ? text.replace('.', ',') : text;
}

/** Formats cents as Canadian dollars in the interface language: "$135.00", "135,00 $". */
export function useMoney(): (cents: number) => string {
  const locale = useLocale();
  return useCallback((cents: number) => formatPrice(cents, locale), [locale]);
}
