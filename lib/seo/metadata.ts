import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getPathname } from '@/lib/i18n/href';
import { locales, type AppPathname, type Locale } from '@/lib/i18n/routing';

type Params = Record<string, string>;

/** Canonical and hreflang alternates for one page, built from the route table. */
export function alternatesFor(pathname: AppPathname, locale: Locale, params: Params = {}) {
  const href = (l: Locale) => getPathname({ href: { pathname, params } as never, locale: l });
  return {
    canonical: href(locale),
    languages: {
      ...Object.fromEntries(locales.map((l) => [l, href(l)])),
      'x-default': href('en'),
    },
  };
}

/** Localized title, description and alternates for a page whose texts live under Pages.<key>. */
export async function pageMetadata(
  pathname: AppPathname,
  key: string,
  locale: Locale,
  params: Params = {},
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Pages' });
  return {
    title: t(`${key}.title` as never),
    description: t(`${key}.description` as never),
    alternates: alternatesFor(pathname, locale, params),
  };
}
