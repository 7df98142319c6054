import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { skills } from '../schema';

/** Reasons for a visit (a patient picks up to three when booking). */
export const seededSkills = [
  { slug: 'digestive-health', nameEn: 'Digestive issues and IBS', nameFr: 'Troubles digestifs et SII' },
  { slug: 'weight-management', nameEn: 'Weight management', nameFr: 'Gestion du poids' },
  { slug: 'diabetes', nameEn: 'Diabetes and prediabetes', nameFr: 'Diabète et prédiabète' },
  { slug: 'heart-health', nameEn: 'Heart health and cholesterol', nameFr: 'Santé cardiaque et cholestérol' },
  { slug: 'sports-performance', nameEn: 'Sports performance', nameFr: 'Performance sportive' },
  { slug: 'pregnancy', nameEn: 'Pregnancy and breastfeeding', nameFr: 'Grossesse et allaitement' },
  { slug: 'pediatric-nutrition', nameEn: "Children's nutrition", nameFr: 'Nutrition des enfants' },
  { slug: 'food-allergies', nameEn: 'Food allergies and intolerances', nameFr: 'Allergies et intolérances alimentaires' },
  {
    slug: 'eating-habits',
    nameEn: 'Eating habits and emotional eating',
    nameFr: 'Habitudes alimentaires et alimentation émotionnelle',
  },
  { slug: 'vegetarian-diet', nameEn: 'Vegetarian and vegan eating', nameFr: 'Alimentation végétarienne et végétalienne' },
] as const;

export type SkillSlug = (typeof seededSkills)[number]['slug'];

export async function seedSkills(db: Database): Promise<void> {
  await db
    .insert(skills)
    .values([...seededSkills])
    .onConflictDoUpdate({
      target: skills.slug,
      set: { nameEn: sql`excluded.name_en`, nameFr: sql`excluded.name_fr` },
    });
}
