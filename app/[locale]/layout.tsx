import type { Metadata, Viewport } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { SiteDocument } from '@/components/layout/SiteDocument';
import { routing, type Locale } from '@/lib/i18n/routing';
import { siteOrigin } from '@/lib/seo/siteUrl';

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
  // Content pages are prerendered at build time (their scripts are allowed by hash, middleware.ts);
  // a page that reads the request or the database renders per request, with a nonce.
  setRequestLocale(locale);
  return <SiteDocument locale={locale}>{children}</SiteDocument>;
}
