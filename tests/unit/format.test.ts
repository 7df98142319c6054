import { describe, expect, it } from 'vitest';
import type { Address } from '@/lib/schemas/offices';
import { officeLabel } from '@/lib/format/office';
import { formatPhone, phoneHref } from '@/lib/format/phone';
import { formatPostalCode } from '@/lib/format/postalCode';
import { formatPrice, formatRate } from '@/lib/format/price';

// fr-CA separates thousands and the currency/percent sign with a no-break space (U+00A0) on
// Node 20's ICU, not a plain space: asserted exactly so a line break can never split a price.
const NBSP = '\u00a0';

describe('formatPostalCode (SPEC §5: 6 characters as 3+3 with a dash)', () => {
  it('splits six characters 3+3', () => {
    expect(formatPostalCode('K1P5G3')).toBe('K1P-5G3');
  });

  it('ignores the spaces and dashes a visitor types, and upper-cases', () => {
    expect(formatPostalCode('k1p 5g3')).toBe('K1P-5G3');
    expect(formatPostalCode(' k1p-5g3 ')).toBe('K1P-5G3');
    expect(formatPostalCode('K1P-5G3')).toBe('K1P-5G3');
  });

  it('shows any other length as given (a foreign code, a partial entry)', () => {
    expect(formatPostalCode('90210')).toBe('90210');
    expect(formatPostalCode('SW1A 1AA')).toBe('SW1A 1AA');
    expect(formatPostalCode('K1P')).toBe('K1P');
    expect(formatPostalCode('')).toBe('');
  });
});

describe('formatPhone (SPEC §5: 11 digits as +1 (xxx) xxx-xxxx)', () => {
  it('formats eleven digits, whatever punctuation they came with', () => {
    expect(formatPhone('16135550142')).toBe('+1 (613) 555-0142');
    expect(formatPhone('+1 613-555-0142')).toBe('+1 (613) 555-0142');
  });

  it('shows any other number as given', () => {
    expect(formatPhone('6135550142')).toBe('6135550142');
    expect(formatPhone('555-0142')).toBe('555-0142');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });

  it('links a ten-digit number as North American', () => {
    expect(phoneHref('613-555-0142')).toBe('tel:+16135550142');
    expect(phoneHref('16135550142')).toBe('tel:+16135550142');
  });
});

describe('formatPrice (SPEC §5: two decimals, in the interface language)', () => {
  it('writes dollars before the amount in English and after it in French', () => {
    expect(formatPrice(13500, 'en')).toBe('$135.00');
    expect(formatPrice(13500, 'fr')).toBe(`135,00${NBSP}$`);
  });

  it('always shows two decimals, from whole cents', () => {
    expect(formatPrice(0, 'en')).toBe('$0.00');
    expect(formatPrice(3505, 'en')).toBe('$35.05');
    expect(formatPrice(5, 'fr')).toBe(`0,05${NBSP}$`);
  });

  it('groups thousands per language', () => {
    expect(formatPrice(123456, 'en')).toBe('$1,234.56');
    expect(formatPrice(123456, 'fr')).toBe(`1${NBSP}234,56${NBSP}$`);
  });
});

describe('formatRate', () => {
  it('shows a tax rate as a percentage per language', () => {
    expect(formatRate(0.13, 'en')).toBe('13%');
    expect(formatRate(0.13, 'fr')).toBe(`13${NBSP}%`);
    expect(formatRate(0.05, 'en')).toBe('5%');
  });
});

const address: Address = {
  street_number: '180',
  street_name: 'Metcalfe Street',
  street_name_fr: 'rue Metcalfe',
  unit_number: '504',
  city: 'Ottawa',
  province: { code: 'ON' },
  country: { code: 'CA', label: 'Canada' },
  postal_code: 'k2p 1p5',
  place_name: null,
};
const texts = { virtual: 'Virtual', noAddress: 'No address available' };

describe('officeLabel (SPEC §5)', () => {
  it("reads 'Virtual' for a virtual office, even one with an address", () => {
    expect(officeLabel({ is_virtual: true, address: null }, texts, 'en')).toBe('Virtual');
    expect(officeLabel({ is_virtual: true, address }, texts, 'en')).toBe('Virtual');
  });

  it("reads 'No address available' for an office without an address", () => {
    expect(officeLabel({ is_virtual: false, address: null }, texts, 'en')).toBe('No address available');
  });

  it('shows the address of a physical office in the language asked, with a dashed postal code', () => {
    expect(officeLabel({ is_virtual: false, address }, texts, 'en')).toBe('180 Metcalfe Street, Suite 504, Ottawa, Ontario K2P-1P5');
    expect(officeLabel({ is_virtual: false, address }, texts, 'fr')).toBe('180, rue Metcalfe, bureau 504, Ottawa (Ontario) K2P-1P5');
    expect(officeLabel({ is_virtual: true, address: null }, { virtual: 'Virtuel', noAddress: 'Aucune adresse disponible' }, 'fr')).toBe(
      'Virtuel',
    );
  });
});
