import { publishedSlugs, type PostKind } from '@/lib/content/publishedSlugs';
import { locales, pathnames, type AppPathname, type Locale } from './routing';

/** One language's address form of a page of the route table, as a pattern. */
interface Form {
  internal: AppPathname;
  locale: Locale;
  regex: RegExp;
  params: string[];
}

/** Pages whose parameter must name published content, and which kind. */
export const postKinds: Partial<Record<AppPathname, PostKind>> = { '/blog/[slug]': 'blog', '/quick-bite/[slug]': 'quickBite' };

function formOf(internal: AppPathname, locale: Locale): Form {
  const template: string = pathnames[internal][locale];
  const params = [...template.matchAll(/\[(\w+)\]/g)].map((match) => match[1]!);
  const regex = new RegExp(`^${template.replace(/\[\w+\]/g, '([^/]+)').replace(/\/$/, '')}/?$`);
  return { internal, locale, regex, params };
}

const forms = (Object.keys(pathnames) as AppPathname[]).flatMap((internal) => locales.map((locale) => formOf(internal, locale)));
/** Per language, its own forms first: /fr/blog/x is the French post, not the English one. */
const formsFirstIn = Object.fromEntries(
  locales.map((locale) => [locale, [...forms.filter((f) => f.locale === locale), ...forms.filter((f) => f.locale !== locale)]]),
) as Record<Locale, Form[]>;

/** The page an unprefixed path names, trying `locale`'s forms first, with its params. */
export function matchPage(path: string, locale: Locale): { form: Form; params: Record<string, string> } | null {
  for (const form of formsFirstIn[locale]) {
    const found = form.regex.exec(path);
    if (found) return { form, params: Object.fromEntries(form.params.map((name, i) => [name, found[i + 1]!])) };
  }
  return null;
}

/** The locale a path asks for by its prefix (unprefixed is English). */
export function localeOfPath(path: string): Locale {
  return /^\/fr(\/|$)/.test(path) ? 'fr' : 'en';
}

const unprefixed = (path: string) => path.replace(/^\/(en|fr)(?=\/|$)/, '') || '/';

/**
 * The route template of an address in either language ('/fr/a-propos' -> '/about-us',
 * '/blog/x' -> '/blog/[slug]'); the address itself when no page of the table matches.
 */
export function routeTemplateOf(path: string): string {
  return matchPage(unprefixed(path), localeOfPath(path))?.form.internal ?? path;
}

/** True when the path (with or without a locale prefix) is a page of the route table. */
export function isKnownPath(path: string): boolean {
  const locale = localeOfPath(path);
  const found = matchPage(unprefixed(path), locale);
  if (!found) return false;
  const kind = postKinds[found.form.internal];
  return !kind || publishedSlugs[kind][locale].includes(found.params.slug ?? '');
}

/**
 * An unprefixed address that is a French slug and no English one (e.g. /reserver-en-ligne):
 * the visitor wants the French page, at /fr + the path.
 */
export function isFrenchOnlySlug(path: string): boolean {
  if (/^\/(en|fr)(\/|$)/.test(path)) return false;
  return matchPage(path, 'fr')?.form.locale === 'fr' && matchPage(path, 'en')?.form.locale !== 'en';
}
