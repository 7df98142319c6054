import type { Address, Office } from '@/lib/schemas/offices';
import { formatPostalCode } from './postalCode';

/**
 * '504-180 Metcalfe Street, Ottawa ON K2P-1P5': one line, as an office card shows it (the unit
 * before the street number, as Canada Post writes it).
 */
export function formatAddress(address: Address): string {
  const number = address.unit_number ? `${address.unit_number}-${address.street_number}` : address.street_number;
  const street = [number, address.street_name].filter(Boolean).join(' ');
  const region = [address.city, [address.province.code, formatPostalCode(address.postal_code)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(' ');
  return [street, region].filter(Boolean).join(', ');
}

/**
 * SPEC §5: a virtual office reads 'Virtual', an office without an address 'No address
 * available' (both texts come from the caller, in the interface's language).
 */
export function officeLabel(office: Pick<Office, 'is_virtual' | 'address'>, texts: { virtual: string; noAddress: string }): string {
  if (office.is_virtual) return texts.virtual;
  return office.address ? formatAddress(office.address) : texts.noAddress;
}
