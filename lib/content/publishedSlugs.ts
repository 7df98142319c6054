/**
 * The published blog posts and quick bites, per language: each slug with the slug of its
 * translation. The middleware reads this to answer unknown posts with the 404 page, and the
 * language switcher and the sitemaps read it to link a post to its translation; they run
 * where there is no file system (Edge, browser). tests/unit/content-loader.test.ts fails
 * when this drifts from content/.
 */
export type PostKind = 'blog' | 'quickBite';
type Language = 'en' | 'fr';

export const postTranslations: Record<PostKind, Record<Language, Readonly<Record<string, string>>>> = {
  blog: {
    en: {
      'reading-nutrition-facts-tables': 'lire-le-tableau-de-la-valeur-nutritive',
      'canadas-food-guide-plate': 'assiette-du-guide-alimentaire-canadien',
      'fibre-and-gut-health': 'fibres-et-sante-intestinale',
      'protein-for-active-adults': 'proteines-pour-adultes-actifs',
      'prenatal-nutrition-basics': 'bases-de-lalimentation-prenatale',
      'vitamin-d-in-canadian-winters': 'vitamine-d-et-hivers-canadiens',
    },
    fr: {
      'lire-le-tableau-de-la-valeur-nutritive': 'reading-nutrition-facts-tables',
      'assiette-du-guide-alimentaire-canadien': 'canadas-food-guide-plate',
      'fibres-et-sante-intestinale': 'fibre-and-gut-health',
      'proteines-pour-adultes-actifs': 'protein-for-active-adults',
      'bases-de-lalimentation-prenatale': 'prenatal-nutrition-basics',
      'vitamine-d-et-hivers-canadiens': 'vitamin-d-in-canadian-winters',
    },
  },
  quickBite: {
    en: {
      'batch-cooking-made-simple': 'cuisiner-en-lot-simplement',
      'staying-hydrated': 'bien-shydrater',
      'a-breakfast-that-lasts': 'un-dejeuner-qui-tient',
      'after-school-snacks': 'collations-apres-lecole',
      'legumes-on-a-budget': 'legumineuses-petit-budget',
      'frozen-fruits-and-vegetables': 'fruits-et-legumes-surgeles',
      'eating-without-distractions': 'manger-sans-distractions',
      'recovery-snacks-after-exercise': 'collations-de-recuperation',
    },
    fr: {
      'cuisiner-en-lot-simplement': 'batch-cooking-made-simple',
      'bien-shydrater': 'staying-hydrated',
      'un-dejeuner-qui-tient': 'a-breakfast-that-lasts',
      'collations-apres-lecole': 'after-school-snacks',
      'legumineuses-petit-budget': 'legumes-on-a-budget',
      'fruits-et-legumes-surgeles': 'frozen-fruits-and-vegetables',
      'manger-sans-distractions': 'eating-without-distractions',
      'collations-de-recuperation': 'recovery-snacks-after-exercise',
    },
  },
};

const slugsOf = (byLanguage: Record<Language, Readonly<Record<string, string>>>) => ({
  en: Object.keys(byLanguage.en),
  fr: Object.keys(byLanguage.fr),
});

/** The published slugs of each kind, per language. */
export const publishedSlugs: Record<PostKind, Record<Language, readonly string[]>> = {
  blog: slugsOf(postTranslations.blog),
  quickBite: slugsOf(postTranslations.quickBite),
};

/** The slug of a post's other-language version, if the post is published. */
export function translationOf(kind: PostKind, language: Language, slug: string): string | undefined {
  return Object.hasOwn(postTranslations[kind][language], slug) ? postTranslations[kind][language][slug] : undefined;
}
