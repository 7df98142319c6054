'use client';

import { useFormatter } from 'next-intl';
import { clinic } from '@/lib/clinic';

/** Dates and amounts as a receipt shows them: the day in the clinic's zone, cents as CAD. */
export function useReceiptFormat() {
  const format = useFormatter();
  return {
    date: (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'long', timeZone: clinic.timeZone }),
    money: (cents: number) => format.number(cents / 100, { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' }),
  };
}

/** The language a receipt can also be had in: the other one than the page's. */
export const otherLanguage = (locale: string): 'en' | 'fr' => (locale === 'fr' ? 'en' : 'fr');
