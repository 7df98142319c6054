import 'server-only';
import type { Database } from '../client';
import { offices } from '../schema';

type Address = {
  streetNumber: string;
  streetName: string;
  unitNumber: string | null;
  city: string;
  provinceCode: string;
  countryCode: string;
  /** As stored: no space ('K2P1P5'). */
  postalCode: string;
  placeName: string;
};

function mapLinks(a: Address): { googleMapsLink: string; mapUrl: string } {
  const postal = `${a.postalCode.slice(0, 3)} ${a.postalCode.slice(3)}`;
  const query = encodeURIComponent(`${a.streetNumber} ${a.streetName}, ${a.city}, ${a.provinceCode} ${postal}`);
  return {
    googleMapsLink: `https://www.google.com/maps/search/?api=1&query=${query}`,
    // The embeddable map for the office's page (an <iframe> source).
    mapUrl: `https://www.google.com/maps?q=${query}&output=embed`,
  };
}

function physicalOffice(slug: string, nameEn: string, nameFr: string, address: Address) {
  return { slug, nameEn, nameFr, isVirtual: false, isAvailable: true, ...address, ...mapLinks(address) };
}

export const seededOffices = [
  physicalOffice('centretown', 'Centretown', 'Centre-ville', {
    streetNumber: '180',
    streetName: 'Metcalfe Street',
    unitNumber: '504',
    city: 'Ottawa',
    provinceCode: 'ON',
    countryCode: 'CA',
    postalCode: 'K2P1P5',
    placeName: 'Centretown',
  }),
  physicalOffice('orleans', 'Orléans', 'Orléans', {
    streetNumber: '2555',
    streetName: 'St. Joseph Boulevard',
    unitNumber: '210',
    city: 'Ottawa',
    provinceCode: 'ON',
    countryCode: 'CA',
    postalCode: 'K1C1S6',
    placeName: 'Orléans',
  }),
  {
    slug: 'virtual',
    nameEn: 'Virtual (video call)',
    nameFr: 'Virtuel (appel vidéo)',
    isVirtual: true,
    isAvailable: true,
    streetNumber: null,
    streetName: null,
    unitNumber: null,
    city: null,
    provinceCode: null,
    countryCode: null,
    postalCode: null,
    placeName: null,
    googleMapsLink: null,
    mapUrl: null,
  },
] as const;

export type OfficeSlug = (typeof seededOffices)[number]['slug'];

/** Upserts the offices by slug; returns each slug's id. Needs the provinces and countries. */
export async function seedOffices(db: Database): Promise<Map<OfficeSlug, number>> {
  const ids = new Map<OfficeSlug, number>();
  for (const { slug, ...values } of seededOffices) {
    const [row] = await db
      .insert(offices)
      .values({ slug, ...values })
      .onConflictDoUpdate({ target: offices.slug, set: values })
      .returning({ id: offices.id });
    ids.set(slug, row!.id);
  }
  return ids;
}
