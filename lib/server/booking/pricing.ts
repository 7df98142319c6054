import 'server-only';

/**
 * The price of a service (SPEC §3 "Pricing data"). Every amount is an integer number of cents
 * (CAD): 13500 means $135.00. Displaying with 2 decimals is lib/format's job, not this one's.
 */

/** Ontario's Harmonized Sales Tax. */
export const HST_RATE = 0.13;
// Integer arithmetic on the rate (13/100) avoids float drift such as 0.13 * 15000 = 1950.0000000000002.
const HST_PERCENT = 13;

export interface TaxLine {
  name: 'HST';
  rate: number;
  /** Cents. */
  amount: number;
}

export interface PricingData {
  /** Cents, before tax. */
  base_price: number;
  /** Cents. */
  tax_amount: number;
  /** Cents: what the patient pays. */
  total_price: number;
  /** One line per tax applied; empty when no tax applies. */
  tax_breakdown: TaxLine[];
  currency: 'CAD';
}

export interface ServicePriceSettings {
  /** Cents, as stored on the service: before tax, or tax included when `taxIncluded`. */
  basePriceCents: number;
  isTaxable: boolean;
  /** The stored price already contains the HST (the bio-impedance test's $35). */
  taxIncluded: boolean;
  isFreeService: boolean;
}

/**
 * Prices a service. Taxable: HST added on top, rounded to the cent (half up). Tax included: the
 * total stays the stored price and the HST is split out of it (3500 -> 3097 + 403). Exempt
 * (registered-dietitian consultations): no tax line. Free: everything 0.
 */
export function priceService(settings: ServicePriceSettings): PricingData {
  const { basePriceCents, isTaxable, taxIncluded, isFreeService } = settings;
  if (!Number.isSafeInteger(basePriceCents) || basePriceCents < 0) {
    throw new RangeError(`A price must be a non-negative whole number of cents: ${basePriceCents}`);
  }
  if (isFreeService || !isTaxable) {
    const price = isFreeService ? 0 : basePriceCents;
    return { base_price: price, tax_amount: 0, total_price: price, tax_breakdown: [], currency: 'CAD' };
  }
  const base = taxIncluded ? Math.round((basePriceCents * 100) / (100 + HST_PERCENT)) : basePriceCents;
  const total = taxIncluded ? basePriceCents : base + Math.round((base * HST_PERCENT) / 100);
  // The tax is the difference, so base + tax always equals the total to the cent.
  const tax = total - base;
  return {
    base_price: base,
    tax_amount: tax,
    total_price: total,
    tax_breakdown: [{ name: 'HST', rate: HST_RATE, amount: tax }],
    currency: 'CAD',
  };
}
