import 'server-only';
import type { Locale } from '@/lib/i18n/routing';
import { seededOffices } from '@/lib/server/db/seed/offices';

/** What the contact page shows of an office: its name in the page's language, address and map. */
export interface ContactOffice {
  slug: string;
  name: string;
  isVirtual: boolean;
  address: {
    streetNumber: string;
    streetName: string;
    unitNumber: string | null;
    city: string;
    provinceCode: string;
    postalCode: string;
  } | null;
  googleMapsLink: string | null;
}

/**
 * The offices open to patients, physical ones first, as the booking flow offers them. They come
 * from the clinic's catalogue (seed/offices.ts), which every start upserts into the database:
 * the contact page is prerendered at build time from the same rows (issue 14).
 */
export function listContactOffices(locale: Locale): ContactOffice[] {
  return seededOffices
    .filter((office) => office.isAvailable)
    .toSorted((a, b) => Number(a.isVirtual) - Number(b.isVirtual))
    .map((office) => ({
      slug: office.slug,
      name: locale === 'fr' ? office.nameFr : office.nameEn,
      isVirtual: office.isVirtual,
      address: office.isVirtual
        ? null
        : {
            streetNumber: office.streetNumber,
            streetName: office.streetName,
            unitNumber: office.unitNumber,
            city: office.city,
            provinceCode: office.provinceCode,
            postalCode: office.postalCode,
          },
      googleMapsLink: office.googleMapsLink,
    }));
}
