/**
 * SPEC §5: prices show with 2 decimals, in the interface's language ('$135.00', '135,00 $').
 * Amounts come from the API as whole cents, so no floating-point sum is ever displayed.
 */
export function formatPrice(cents: number, locale: string, currency = 'CAD'): string {
  return new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** A tax rate (0.13) as a percentage in the interface's language ('13%', '13 %'). */
export function formatRate(rate: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { style: 'percent', maximumFractionDigits: 2 }).format(rate);
}
