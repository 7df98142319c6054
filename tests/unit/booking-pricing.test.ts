import { describe, expect, it } from 'vitest';
import { priceService } from '@/lib/server/booking/pricing';

const settings = { basePriceCents: 150_00, isTaxable: false, taxIncluded: false, isFreeService: false };

describe('service pricing (integer cents, CAD)', () => {
  it('adds 13% HST to a taxable service', () => {
    expect(priceService({ ...settings, isTaxable: true })).toEqual({
      base_price: 150_00,
      tax_amount: 19_50,
      total_price: 169_50,
      tax_breakdown: [{ name: 'HST', rate: 0.13, amount: 19_50 }],
      currency: 'CAD',
    });
  });

  it('rounds the tax to the nearest cent, half up', () => {
    expect(priceService({ ...settings, basePriceCents: 50, isTaxable: true })).toMatchObject({ tax_amount: 7, total_price: 57 });
    expect(priceService({ ...settings, basePriceCents: 45_99, isTaxable: true })).toMatchObject({ tax_amount: 5_98, total_price: 51_97 });
  });

  it('charges no tax on an HST-exempt consultation', () => {
    expect(priceService({ ...settings, basePriceCents: 135_00 })).toEqual({
      base_price: 135_00,
      tax_amount: 0,
      total_price: 135_00,
      tax_breakdown: [],
      currency: 'CAD',
    });
  });

  it("splits the HST out of the bio-impedance test's tax-included $35", () => {
    const price = priceService({ ...settings, basePriceCents: 35_00, isTaxable: true, taxIncluded: true });
    expect(price).toEqual({
      base_price: 30_97,
      tax_amount: 4_03,
      total_price: 35_00,
      tax_breakdown: [{ name: 'HST', rate: 0.13, amount: 4_03 }],
      currency: 'CAD',
    });
  });

  it('makes a free service cost nothing at all', () => {
    expect(priceService({ ...settings, isTaxable: true, isFreeService: true })).toEqual({
      base_price: 0,
      tax_amount: 0,
      total_price: 0,
      tax_breakdown: [],
      currency: 'CAD',
    });
  });

  it('keeps a tax-included total and a tax within a cent of 13% of its base, for every price', () => {
    for (let cents = 0; cents <= 2_000_00; cents += 7) {
      const price = priceService({ ...settings, basePriceCents: cents, isTaxable: true, taxIncluded: true });
      expect(price.total_price).toBe(cents);
      expect(price.base_price + price.tax_amount).toBe(cents);
      expect(Math.abs(price.tax_amount - price.base_price * 0.13)).toBeLessThanOrEqual(1);
    }
  });

  it('refuses amounts that are not whole non-negative cents', () => {
    expect(() => priceService({ ...settings, basePriceCents: 12.5 })).toThrow(RangeError);
    expect(() => priceService({ ...settings, basePriceCents: -1 })).toThrow(RangeError);
  });
});
