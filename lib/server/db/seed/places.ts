import 'server-only';
import { sql } from 'drizzle-orm';
import { PROVINCES } from '@/lib/format/office';
import type { Database } from '../client';
import { countries, provinces } from '../schema';

type Place = { code: string; nameEn: string; nameFr: string };

/** Canada's 10 provinces and 3 territories, by their Canada Post abbreviation (lib/format/office.ts names them). */
export const canadianProvinces: readonly Place[] = Object.entries(PROVINCES).map(([code, name]) => ({ code, nameEn: name.en, nameFr: name.fr }));

/** Where the clinic's patients live: Canada first, then the countries most of them come from. */
export const seededCountries: readonly Place[] = [
  { code: 'CA', nameEn: 'Canada', nameFr: 'Canada' },
  { code: 'US', nameEn: 'United States', nameFr: 'États-Unis' },
  { code: 'FR', nameEn: 'France', nameFr: 'France' },
  { code: 'BE', nameEn: 'Belgium', nameFr: 'Belgique' },
  { code: 'CH', nameEn: 'Switzerland', nameFr: 'Suisse' },
  { code: 'GB', nameEn: 'United Kingdom', nameFr: 'Royaume-Uni' },
  { code: 'HT', nameEn: 'Haiti', nameFr: 'Haïti' },
  { code: 'MA', nameEn: 'Morocco', nameFr: 'Maroc' },
  { code: 'LB', nameEn: 'Lebanon', nameFr: 'Liban' },
  { code: 'MX', nameEn: 'Mexico', nameFr: 'Mexique' },
];

export async function seedPlaces(db: Database): Promise<void> {
  await db
    .insert(provinces)
    .values([...canadianProvinces])
    .onConflictDoUpdate({
      target: provinces.code,
      set: { nameEn: sql`excluded.name_en`, nameFr: sql`excluded.name_fr` },
    });
  await db
    .insert(countries)
    .values([...seededCountries])
    .onConflictDoUpdate({
      target: countries.code,
      set: { nameEn: sql`excluded.name_en`, nameFr: sql`excluded.name_fr` },
    });
}
