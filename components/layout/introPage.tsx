import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { isListedPathname, type AppPathname, type Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { StandardPageLayout } from './PageLayouts';

type Props = { params: Promise<Record<string, string | string[] | undefined>> };

/**
 * A page in the standard layout whose title, description and lead come from
 * Pages.<key>; `body` renders what goes below (forms and content of later features).
 */
export function introPage(
  pathname: AppPathname,
  key: string,
  body?: (locale: Locale, params: Record<string, string>) => ReactNode | Promise<ReactNode>,
) {
  async function generateMetadata({ params }: Props) {
    const { locale, ...rest } = (await params) as Record<string, string>;
    const metadata = await pageMetadata(pathname, key, locale as Locale, rest);
    // Account, verification and reset pages stay out of search results.
    return isListedPathname(pathname) ? metadata : { ...metadata, robots: { index: false } };
  }

  async function Page({ params }: Props) {
    const { locale, ...rest } = (await params) as Record<string, string>;
    setRequestLocale(locale as Locale);
    const t = await getTranslations({ locale: locale as Locale, namespace: 'Pages' });
    return (
      <StandardPageLayout title={t(`${key}.title` as never)} intro={t(`${key}.intro` as never)}>
        {body ? await body(locale as Locale, rest) : null}
      </StandardPageLayout>
    );
  }

  return { generateMetadata, Page };
}
