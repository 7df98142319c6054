import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { localizedPath } from '@/lib/i18n/paths';
import type { AppPathname, Locale } from '@/lib/i18n/routing';
import { pageMetadata } from './metadata';

/** Open Graph locales: the clinic writes Canadian English and Canadian French. */
const ogLocales: Record<Locale, string> = { en: 'en_CA', fr: 'fr_CA' };

/**
 * A page's Open Graph fields. A page's `openGraph` replaces the layout's as a whole, so every
 * field is given here, with the site's card image for that language (public/images/og).
 */
export async function openGraphFor(
  pathname: AppPathname,
  locale: Locale,
  title: string,
  description: string,
  params: Record<string, string> = {},
): Promise<NonNullable<Metadata['openGraph']>> {
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  const home = await getTranslations({ locale, namespace: 'Home' });
  const other: Locale = locale === 'en' ? 'fr' : 'en';
  return {
    type: 'website',
    siteName: t('siteName'),
    title,
    description,
    url: localizedPath(pathname, locale, params),
    locale: ogLocales[locale],
    alternateLocale: [ogLocales[other]],
    images: [{ url: `/images/og/clinic-${locale}.png`, width: 1200, height: 630, alt: home('ogImageAlt') }],
  };
}

/**
 * pageMetadata (title, description, alternates from Pages.<key>) plus the Open Graph fields,
 * for the standard pages.
 */
export async function pageMetadataWithOpenGraph(pathname: AppPathname, key: string, locale: Locale): Promise<Metadata> {
  const metadata = await pageMetadata(pathname, key, locale);
  const t = await getTranslations({ locale, namespace: 'Pages' });
  const title = t(`${key}.title` as never);
  const description = t(`${key}.description` as never);
  return { ...metadata, openGraph: await openGraphFor(pathname, locale, title, description) };
}
