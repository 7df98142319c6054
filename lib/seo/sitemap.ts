import { localizedPath } from '@/lib/i18n/paths';
import { isListedPathname, locales, pathnames, type AppPathname, type Locale } from '@/lib/i18n/routing';

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Public pages without parameters; pages with parameters join through their content. */
export function listedPathnames(): AppPathname[] {
  return (Object.keys(pathnames) as AppPathname[]).filter((p) => isListedPathname(p) && !p.includes('['));
}

/** One language's sitemap: its URLs, each with its en, fr and x-default alternates. */
export function buildSitemap(locale: Locale, origin: string): string {
  const url = (pathname: AppPathname, l: Locale) => origin + localizedPath(pathname, l);
  const entries = listedPathnames().map((pathname) => {
    const alternates = [...locales.map((l) => [l, url(pathname, l)]), ['x-default', url(pathname, 'en')]]
      .map(([lang, href]) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(href!)}"/>`)
      .join('\n');
    return `  <url>\n    <loc>${escapeXml(url(pathname, locale))}</loc>\n${alternates}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

export function sitemapResponse(locale: Locale, origin: string): Response {
  return new Response(buildSitemap(locale, origin), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
