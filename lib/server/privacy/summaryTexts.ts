import 'server-only';
import { createTranslator } from 'use-intl/core';
import { formatDateTime, formatLocalDate } from '@/lib/format/dates';
import { PROVINCES } from '@/lib/format/office';
import { formatPostalCode } from '@/lib/format/postalCode';
import { formatPrice } from '@/lib/format/price';
import type { Locale } from '@/lib/i18n/routing';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

const catalogs = { en, fr } as const;
const INTL_LOCALE = { en: 'en-CA', fr: 'fr-CA' } as const;

/** A person's postal address as they gave it (on the intake form, an account or a booking). */
export interface PostalAddress {
  streetNumber: string;
  streetName: string;
  unitNumber?: string | null;
  city: string;
  /** A province's or a state's code: 'ON'. */
  province: string;
  postalCode: string;
  /** A country's code: 'CA'. */
  country: string;
}

/**
 * The words and formats of summary.html in one language: its own texts (DataExport.summary), the
 * intake review's ways of writing an answer (IntakeReview.values), the intake form's questions
 * and options looked up by their path (Intake.steps, Intake.fields), dates and times on the
 * clinic's clock, numbers and money.
 */
export function summaryKit(language: Locale) {
  const messages = catalogs[language];
  const root = createTranslator({ locale: language, messages });
  const values = createTranslator({ locale: language, messages, namespace: 'IntakeReview.values' });
  const numbers = new Intl.NumberFormat(INTL_LOCALE[language], { maximumFractionDigits: 2 });
  const regions = new Intl.DisplayNames([INTL_LOCALE[language]], { type: 'region' });

  const country = (code: string): string => {
    try {
      return regions.of(code.toUpperCase()) ?? code;
    } catch {
      return code; // not a region code: as given
    }
  };

  /**
   * A person's address on up to three lines (the street, the city, the country) as the intake
   * review writes it ('Unit 5'), with the province named in the language.
   */
  const address = (parts: PostalAddress): string[] => {
    const part = (value: string | null | undefined) => (value ?? '').trim();
    const street = `${part(parts.streetNumber)} ${part(parts.streetName)}`.trim();
    const unit = part(parts.unitNumber);
    const province = PROVINCES[part(parts.province).toUpperCase()]?.[language] ?? part(parts.province);
    const postal = part(parts.postalCode) ? formatPostalCode(part(parts.postalCode)) : '';
    // Canada Post: 'Ottawa, Ontario K1N-5X6'; the OQLF: 'Ottawa (Ontario) K1N-5X6'.
    const city =
      language === 'fr' ? [part(parts.city), province ? `(${province})` : ''] : [[part(parts.city), province].filter(Boolean).join(', ')];
    return [
      unit ? [street, values('unit', { unit })].filter(Boolean).join(', ') : street,
      [...city, postal].filter(Boolean).join(' '),
      part(parts.country) ? country(part(parts.country)) : '',
    ].filter(Boolean);
  };

  return {
    language,
    t: createTranslator({ locale: language, messages, namespace: 'DataExport.summary' }),
    values,
    /** A message by its whole key, or null when there is none (an option code the form no longer has). */
    lookup: (key: string): string | null => (root.has(key as never) ? root(key as never) : null),
    number: (value: number) => numbers.format(value),
    /** '$120.00' / '120,00 $'. */
    money: (cents: number) => formatPrice(cents, language),
    /** A moment on the clinic's clock: 'November 26, 2026 at 9:45 a.m.' / '26 novembre 2026 à 9 h 45'. */
    moment: (instant: string) => formatDateTime(instant, language, 'long'),
    /** A calendar date 'YYYY-MM-DD': 'November 26, 2026' / '26 novembre 2026'. */
    day: (date: string) => formatLocalDate(date, language, 'long'),
    country,
    address,
    /** A name the clinic keeps in both languages, in this one. */
    name: (names: { en: string; fr: string }) => names[language],
  };
}

export type SummaryKit = ReturnType<typeof summaryKit>;
