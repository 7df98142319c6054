import { postKinds } from '@/lib/content/kinds';
import { postTranslations, type PostKind } from '@/lib/content/publishedSlugs';
import { localizedPath } from '@/lib/i18n/paths';
import { isListedPathname, locales, pathnames, type AppPathname, type Locale } from '@/lib/i18n/routing';

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Public pages without parameters; pages with parameters join through their content. */
export function listedPathnames(): AppPathname[] {
  return (Object.keys(pathnames) as AppPathname[]).filter((p) => isListedPathname(p) && !p.includes('['));
}

/** One sitemap entry: its address and the address of each language version. */
type Entry = { loc: string; alternates: Record<Locale, string> };

function pageEntries(locale: Locale, origin: string): Entry[] {
  return listedPathnames().map((pathname) => {
    const url = (l: Locale) => origin + localizedPath(pathname, l);
    return { loc: url(locale), alternates: { en: url('en'), fr: url('fr') } };
  });
}

/** Every published post of every kind in the sitemap's language, linked to its translation. */
function postEntries(locale: Locale, origin: string): Entry[] {
  const other: Locale = locale === 'en' ? 'fr' : 'en';
  return (Object.keys(postKinds) as PostKind[]).flatMap((kind) =>
    Object.entries(postTranslations[kind][locale]).map(([slug, translation]) => {
      const url = (l: Locale, s: string) => origin + localizedPath(postKinds[kind].detail, l, { slug: s });
      const alternates = { [locale]: url(locale, slug), [other]: url(other, translation) } as Record<Locale, string>;
      return { loc: alternates[locale], alternates };
    }),
  );
}

function renderEntry({ loc, alternates }: Entry): string {
  const links = [...locales.map((l) => [l, alternates[l]] as const), ['x-default', alternates.en] as const]
    .map(([lang, href]) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(href)}"/>`)
    .join('\n');
  return `  <url>\n    <loc>${escapeXml(loc)}</loc>\n${links}\n  </url>`;
}

/** One language's sitemap: its pages and posts, each with its en, fr and x-default alternates. */
export function buildSitemap(locale: Locale, origin: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...[...pageEntries(locale, origin), ...postEntries(locale, origin)].map(renderEntry),
    '</urlset>',
    '',
  ].join('\n');
}

export function sitemapResponse(locale: Locale, origin: string): Response {
  return new Response(buildSitemap(locale, origin), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
