import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NotFoundScreen } from '@/components/error/NotFoundScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ErrorScreen');
  return { title: { absolute: t('notFoundDocumentTitle') }, robots: { index: false } };
}

// For notFound() inside a page (e.g. a post that does not exist).
export default async function LocaleNotFound() {
  const t = await getTranslations('ErrorScreen');
  return <NotFoundScreen pathMessage={t.raw('notFoundPath') as string} />;
}
