import type { Metadata, Viewport } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { SiteDocument } from '@/components/layout/SiteDocument';
import { routing, type Locale } from '@/lib/i18n/routing';
import { siteOrigin } from '@/lib/seo/siteUrl';
import { nextLoopTurn } from '@/lib/server/loopTurn';

// Only /en (internal) and /fr exist; any other first segment is an unmatched route (404).
export const dynamicParams = false;

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export const viewport: Viewport = { themeColor: '#1f6f50', width: 'device-width', initialScale: 1 };

export async function generateMetadata({ params }: LayoutProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: 'Metadata' });
  return {
    metadataBase: new URL(siteOrigin()),
    title: { template: t('titleTemplate'), default: t('homeTitle') },
    description: t('defaultDescription'),
    applicationName: t('siteName'),
    openGraph: { siteName: t('siteName'), locale: locale === 'fr' ? 'fr_CA' : 'en_CA', type: 'website' },
  };
}

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  // Every page is rendered per request: its scripts need this response's CSP nonce (middleware.ts),
  // which a page prerendered at build time could not carry.
  await connection();
  // A turn of the event loop between routing and rendering (see nextLoopTurn).
  await nextLoopTurn();
  return <SiteDocument locale={locale}>{children}</SiteDocument>;
}
