import 'server-only';
import type { Locale } from '@/lib/i18n/routing';
import type { ContactOffice } from '@/lib/schemas/offices';
import { seededOffices } from '@/lib/server/db/seed/offices';

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
            streetNameFr: office.streetNameFr,
            unitNumber: office.unitNumber,
            city: office.city,
            provinceCode: office.provinceCode,
            postalCode: office.postalCode,
          },
      googleMapsLink: office.googleMapsLink,
    }));
}
