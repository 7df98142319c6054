import 'server-only';
import { asc } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { Database } from '@/lib/server/db/client';
import { offices } from '@/lib/server/db/schema';

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

/** The offices open to patients, physical ones first, as the booking flow offers them. */
export async function listContactOffices(db: Database, locale: Locale): Promise<ContactOffice[]> {
  const rows = await db.select().from(offices).orderBy(asc(offices.isVirtual), asc(offices.id));
  return rows
    .filter((office) => office.isAvailable)
    .map((office) => {
      const { streetNumber, streetName, city, provinceCode, postalCode } = office;
      const hasAddress = !office.isVirtual && streetNumber && streetName && city && provinceCode && postalCode;
      return {
        slug: office.slug,
        name: locale === 'fr' ? office.nameFr : office.nameEn,
        isVirtual: office.isVirtual,
        address: hasAddress ? { streetNumber, streetName, unitNumber: office.unitNumber, city, provinceCode, postalCode } : null,
        googleMapsLink: office.isVirtual ? null : office.googleMapsLink,
      };
    });
}
