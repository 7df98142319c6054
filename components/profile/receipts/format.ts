'use client';

import { useLocale } from 'next-intl';
import { dateLanguage, formatDate } from '@/lib/format/dates';
import { formatPrice } from '@/lib/format/price';

/** Dates and amounts as a receipt shows them: the day in the clinic's zone, cents as CAD. */
export function useReceiptFormat() {
  const locale = useLocale();
  return {
    date: (iso: string) => formatDate(iso, dateLanguage(locale), 'long'),
    money: (cents: number) => formatPrice(cents, locale),
  };
}

/** The language a receipt can also be had in: the other one than the page's. */
export const otherLanguage = (locale: string): 'en' | 'fr' => (locale === 'fr' ? 'en' : 'fr');
