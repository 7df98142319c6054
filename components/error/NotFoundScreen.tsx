'use client';

import { useTranslations } from 'next-intl';
import { usePathname } from 'next/navigation';
import { ErrorScreen } from './ErrorScreen';

/** SPEC §8: an unknown route reads 'Page Not Found: {path}', titled 'Page not found'. */
export function NotFoundScreen({ path }: { path?: string }) {
  const t = useTranslations('ErrorScreen');
  const current = usePathname();
  return <ErrorScreen status={404} message={t('notFoundPath', { path: path ?? current })} />;
}
