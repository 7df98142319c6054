import type { Address, Office } from '@/lib/schemas/offices';
import { formatPostalCode } from './postalCode';

export type AddressLanguage = 'en' | 'fr';

/** An office's address as every holder of one can give it (the API's, the database's, lib/clinic's). */
export interface AddressParts {
  streetNumber: string;
  /** The street as English writes it: 'Metcalfe Street'. */
  streetName: string;
  /** The street as French writes it: 'rue Metcalfe'. Unset: the English name. */
  streetNameFr?: string | null;
  unitNumber?: string | null;
  city: string;
  /** Canada Post's abbreviation: 'ON'. */
  provinceCode: string;
  postalCode: string;
}

export interface AddressOptions {
  /**
   * 'dash' on the site's pages (SPEC §5: 'K2P-1P5'); 'space' where Canada Post's form is expected:
   * e-mails, calendar files, receipts ('K2P 1P5').
   */
  postalCode?: 'dash' | 'space';
}

/** Canada's provinces and territories, by their Canada Post abbreviation (the seed's provinces table too). */
export const PROVINCES: Record<string, Record<AddressLanguage, string>> = {
  AB: { en: 'Alberta', fr: 'Alberta' },
  BC: { en: 'British Columbia', fr: 'Colombie-Britannique' },
  MB: { en: 'Manitoba', fr: 'Manitoba' },
  NB: { en: 'New Brunswick', fr: 'Nouveau-Brunswick' },
  NL: { en: 'Newfoundland and Labrador', fr: 'Terre-Neuve-et-Labrador' },
  NS: { en: 'Nova Scotia', fr: 'Nouvelle-Écosse' },
  NT: { en: 'Northwest Territories', fr: 'Territoires du Nord-Ouest' },
  NU: { en: 'Nunavut', fr: 'Nunavut' },
  ON: { en: 'Ontario', fr: 'Ontario' },
  PE: { en: 'Prince Edward Island', fr: 'Île-du-Prince-Édouard' },
  QC: { en: 'Quebec', fr: 'Québec' },
  SK: { en: 'Saskatchewan', fr: 'Saskatchewan' },
  YT: { en: 'Yukon', fr: 'Yukon' },
};

function postalCodeOf(value: string, style: AddressOptions['postalCode']): string {
  const dashed = formatPostalCode(value);
  return style === 'dash' ? dashed : dashed.replace('-', ' ');
}

/**
 * An office's address on two lines, the street then the city, as each language writes it
 * (Canada Post; the OQLF for French):
 *   en: '180 Metcalfe Street, Suite 504' / 'Ottawa, Ontario  K2P 1P5'
 *   fr: '180, rue Metcalfe, bureau 504' / 'Ottawa (Ontario)  K2P 1P5'
 * Two spaces before the postal code, as Canada Post sets it on an envelope.
 */
export function officeAddressLines(address: AddressParts, language: AddressLanguage, options: AddressOptions = {}): [string, string] {
  const unit = address.unitNumber?.trim();
  const province = PROVINCES[address.provinceCode]?.[language] ?? address.provinceCode;
  const postalCode = postalCodeOf(address.postalCode, options.postalCode ?? 'space');
  if (language === 'fr') {
    const street = [`${address.streetNumber}, ${address.streetNameFr?.trim() || address.streetName}`, unit ? `bureau ${unit}` : ''];
    return [street.filter(Boolean).join(', '), `${address.city} (${province})  ${postalCode}`];
  }
  const street = [`${address.streetNumber} ${address.streetName}`, unit ? `Suite ${unit}` : ''];
  return [street.filter(Boolean).join(', '), `${address.city}, ${province}  ${postalCode}`];
}

/**
 * The same address on one line, as a list, an e-mail or a calendar shows it:
 * '180 Metcalfe Street, Suite 504, Ottawa, Ontario K2P 1P5' /
 * '180, rue Metcalfe, bureau 504, Ottawa (Ontario) K2P 1P5'.
 */
export function formatOfficeAddress(address: AddressParts, language: AddressLanguage, options: AddressOptions = {}): string {
  return officeAddressLines(address, language, options).join(', ').replace(/ {2,}/g, ' ');
}

/** The API's address (SPEC §3, snake_case) as the formatter takes it. */
function partsOf(address: Address): AddressParts {
  return {
    streetNumber: address.street_number,
    streetName: address.street_name,
    streetNameFr: address.street_name_fr,
    unitNumber: address.unit_number,
    city: address.city,
    provinceCode: address.province.code,
    postalCode: address.postal_code,
  };
}

/**
 * SPEC §5: a virtual office reads 'Virtual', an office without an address 'No address
 * available' (both texts come from the caller, in the interface's language); an office with one,
 * its address in that language, the postal code dashed.
 */
export function officeLabel(
  office: Pick<Office, 'is_virtual' | 'address'>,
  texts: { virtual: string; noAddress: string },
  language: AddressLanguage,
): string {
  if (office.is_virtual) return texts.virtual;
  return office.address ? formatOfficeAddress(partsOf(office.address), language, { postalCode: 'dash' }) : texts.noAddress;
}
