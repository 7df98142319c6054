'use client';

import { useFormatter, useLocale } from 'next-intl';
import { clinic } from '@/lib/clinic';
import { formatPrice } from '@/lib/format/price';

/** Dates and amounts as a receipt shows them: the day in the clinic's zone, cents as CAD. */
export function useReceiptFormat() {
  const format = useFormatter();
  const locale = useLocale();
  return {
    date: (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'long', timeZone: clinic.timeZone }),
    money: (cents: number) => formatPrice(cents, locale),
  };
}

/** The language a receipt can also be had in: the other one than the page's. */
export const otherLanguage = (locale: string): 'en' | 'fr' => (locale === 'fr' ? 'en' : 'fr');
