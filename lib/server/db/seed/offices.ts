import 'server-only';
import { clinic } from '@/lib/clinic';
import type { Database } from '../client';
import { offices } from '../schema';

type Address = {
  streetNumber: string;
  streetName: string;
  /** The street as French writes it: French pages, e-mails and receipts show it. */
  streetNameFr: string;
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

/** An office's address as lib/clinic.ts writes it (one place, read by JSON-LD and receipts too). */
function addressOf(slug: (typeof clinic.offices)[number]['slug'], placeName: string): Address {
  const { slug: _slug, ...address } = clinic.offices.find((office) => office.slug === slug)!;
  return { ...address, placeName };
}

export const seededOffices = [
  physicalOffice('centretown', 'Centretown', 'Centre-ville', addressOf('centretown', 'Centretown')),
  physicalOffice('orleans', 'Orléans', 'Orléans', addressOf('orleans', 'Orléans')),
  {
    slug: 'virtual',
    nameEn: 'Virtual (video call)',
    nameFr: 'Virtuel (appel vidéo)',
    isVirtual: true,
    isAvailable: true,
    streetNumber: null,
    streetName: null,
    streetNameFr: null,
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
