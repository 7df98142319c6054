import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Metadata } from 'next';
import { NotFoundScreen } from '@/components/error/NotFoundScreen';
import type { Locale } from '@/lib/i18n/routing';

// The middleware rewrites every unknown address here with status 404 (a rendered page:
// notFound() in Next 16.4 sends an empty body, see docs/architecture.md). Prerendered once per language.
export async function generateMetadata({ params }: PageProps<'/[locale]/page-not-found'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: 'ErrorScreen' });
  return { title: { absolute: t('notFoundDocumentTitle') }, robots: { index: false } };
}

export default async function PageNotFound({ params }: PageProps<'/[locale]/page-not-found'>) {
  const { locale } = await params;
  setRequestLocale(locale as Locale);
  const t = await getTranslations({ locale: locale as Locale, namespace: 'ErrorScreen' });
  return <NotFoundScreen pathMessage={t.raw('notFoundPath') as string} />;
}
