import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { countries, provinces } from '../schema';

type Place = { code: string; nameEn: string; nameFr: string };

/** Canada's 10 provinces and 3 territories, by their Canada Post abbreviation. */
export const canadianProvinces: readonly Place[] = [
  { code: 'AB', nameEn: 'Alberta', nameFr: 'Alberta' },
  { code: 'BC', nameEn: 'British Columbia', nameFr: 'Colombie-Britannique' },
  { code: 'MB', nameEn: 'Manitoba', nameFr: 'Manitoba' },
  { code: 'NB', nameEn: 'New Brunswick', nameFr: 'Nouveau-Brunswick' },
  { code: 'NL', nameEn: 'Newfoundland and Labrador', nameFr: 'Terre-Neuve-et-Labrador' },
  { code: 'NS', nameEn: 'Nova Scotia', nameFr: 'Nouvelle-Écosse' },
  { code: 'NT', nameEn: 'Northwest Territories', nameFr: 'Territoires du Nord-Ouest' },
  { code: 'NU', nameEn: 'Nunavut', nameFr: 'Nunavut' },
  { code: 'ON', nameEn: 'Ontario', nameFr: 'Ontario' },
  { code: 'PE', nameEn: 'Prince Edward Island', nameFr: 'Île-du-Prince-Édouard' },
  { code: 'QC', nameEn: 'Quebec', nameFr: 'Québec' },
  { code: 'SK', nameEn: 'Saskatchewan', nameFr: 'Saskatchewan' },
  { code: 'YT', nameEn: 'Yukon', nameFr: 'Yukon' },
];

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
