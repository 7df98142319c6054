import { publishedSlugs } from '@/lib/content/publishedSlugs';
import { locales, pathnames, type Locale } from './routing';

const templateRegex = (template: string) =>
  new RegExp(`^${template.replace(/\[[^\]]+\]/g, '([^/]+)').replace(/\/$/, '')}/?$`);

/** Every path form the route table knows (English, French and internal), with its internal name. */
const knownTemplates = Object.entries(pathnames).flatMap(([internal, byLocale]) =>
  [...new Set([internal, ...locales.map((l) => byLocale[l])])].map((form) => ({
    internal,
    regex: templateRegex(form),
  })),
);

/** Pages whose parameter must name published content. */
const contentSlugs: Record<string, keyof typeof publishedSlugs> = {
  '/blog/[slug]': 'blog',
  '/quick-bite/[slug]': 'quickBite',
};

/** The locale a path asks for by its prefix (unprefixed is English). */
export function localeOfPath(path: string): Locale {
  return /^\/fr(\/|$)/.test(path) ? 'fr' : 'en';
}

/**
 * The route template of an address in either language ('/fr/a-propos' -> '/about-us',
 * '/blog/x' -> '/blog/[slug]'); the address itself when no page of the table matches.
 */
export function routeTemplateOf(path: string): string {
  const unprefixed = path.replace(/^\/(en|fr)(?=\/|$)/, '') || '/';
  return knownTemplates.find(({ regex }) => regex.test(unprefixed))?.internal ?? path;
}

/** True when the path (with or without a locale prefix) is a page of the route table. */
export function isKnownPath(path: string): boolean {
  const locale = localeOfPath(path);
  const unprefixed = path.replace(/^\/(en|fr)(?=\/|$)/, '') || '/';
  return knownTemplates.some(({ internal, regex }) => {
    const match = regex.exec(unprefixed);
    if (!match) return false;
    const kind = contentSlugs[internal];
    return !kind || publishedSlugs[kind][locale].includes(match[1] ?? '');
  });
}

const englishForms = Object.values(pathnames).map((byLocale) => templateRegex(byLocale.en));
const frenchForms = Object.values(pathnames).map((byLocale) => templateRegex(byLocale.fr));

/**
 * An unprefixed address that is a French slug and no English one (e.g. /reserver-en-ligne):
 * the visitor wants the French page, at /fr + the path.
 */
export function isFrenchOnlySlug(path: string): boolean {
  if (/^\/(en|fr)(\/|$)/.test(path)) return false;
  return frenchForms.some((r) => r.test(path)) && !englishForms.some((r) => r.test(path));
}
