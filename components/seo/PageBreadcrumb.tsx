import { getTranslations } from 'next-intl/server';
import type { AppPathname, Locale } from '@/lib/i18n/routing';
import { absoluteUrl, breadcrumbJsonLd } from '@/lib/seo/jsonLd';
import { JsonLd } from './JsonLd';

/**
 * BreadcrumbList JSON-LD for a standard page: home, then each page of `trail`, named by its
 * Pages.<key>.title (the key is the pathname without slashes, as introPage uses).
 */
export async function PageBreadcrumb({ locale, trail }: { locale: Locale; trail: AppPathname[] }) {
  const nav = await getTranslations({ locale, namespace: 'Nav' });
  const pages = await getTranslations({ locale, namespace: 'Pages' });
  const items = [
    { name: nav('home'), url: absoluteUrl('/', locale) },
    ...trail.map((pathname) => ({
      name: pages(`${pathname.slice(1).replaceAll('/', '-')}.title` as never),
      url: absoluteUrl(pathname, locale),
    })),
  ];
  return <JsonLd data={breadcrumbJsonLd(items)} />;
}
