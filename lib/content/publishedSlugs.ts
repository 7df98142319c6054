/**
 * The slugs of published blog posts and quick bites, per language. The middleware
 * reads this to answer unknown posts with the 404 page (it has no file system).
 * Empty until the first posts are published.
 */
export const publishedSlugs: Record<'blog' | 'quickBite', Record<'en' | 'fr', readonly string[]>> = {
  blog: { en: [], fr: [] },
  quickBite: { en: [], fr: [] },
};
