import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HomePage } from '@/components/home/HomePage';
import type { Locale } from '@/lib/i18n/routing';
import { alternatesFor } from '@/lib/seo/metadata';
import { openGraphFor } from '@/lib/seo/openGraph';

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: 'Metadata' });
  const title = t('homeTitle');
  const description = t('defaultDescription');
  return {
    title: { absolute: title },
    description,
    alternates: alternatesFor('/', locale as Locale),
    openGraph: await openGraphFor('/', locale as Locale, title, description),
  };
}

export default async function Home({ params }: PageProps<'/[locale]'>) {
  const { locale } = await params;
  setRequestLocale(locale as Locale);
  return <HomePage locale={locale as Locale} />;
}
