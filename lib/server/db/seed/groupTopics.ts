import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { groupTopics } from '../schema';

/** The group programs' topics (issue #28), the ones the service page names; the clinic edits the list. */
export const seededGroupTopics = [
  {
    slug: 'type-2-diabetes',
    titleEn: 'Living with type 2 diabetes',
    titleFr: 'Vivre avec le diabète de type 2',
    descriptionEn: 'Six weekly meetings on carbohydrates, reading labels, planning meals and keeping blood sugar steady day to day.',
    descriptionFr: 'Six rencontres hebdomadaires sur les glucides, la lecture des étiquettes, la planification des repas et une glycémie stable au quotidien.',
  },
  {
    slug: 'heart-healthy-cooking',
    titleEn: 'Heart-healthy cooking',
    titleFr: 'Cuisiner pour la santé du cœur',
    descriptionEn: 'One practical session on fats, salt and fibre, with simple recipes to cook at home.',
    descriptionFr: 'Une séance pratique sur les gras, le sel et les fibres, avec des recettes simples à refaire à la maison.',
  },
  {
    slug: 'eating-well-pregnancy',
    titleEn: 'Eating well during pregnancy',
    titleFr: 'Bien manger pendant la grossesse',
    descriptionEn: 'One session on the nutrients that matter most, food safety and managing nausea and cravings.',
    descriptionFr: 'Une séance sur les nutriments les plus importants, la salubrité des aliments et la gestion des nausées et des envies.',
  },
] as const;

export async function seedGroupTopics(db: Database): Promise<void> {
  await db
    .insert(groupTopics)
    .values([...seededGroupTopics])
    .onConflictDoUpdate({
      target: groupTopics.slug,
      set: { titleEn: sql`excluded.title_en`, titleFr: sql`excluded.title_fr`, descriptionEn: sql`excluded.description_en`, descriptionFr: sql`excluded.description_fr` },
    });
}
