'use client';

import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';

// Server-rendered as usual, but its code (and animation library) loads only on a 404,
// not with every page that carries a not-found boundary.
const ErrorScreen = dynamic(() => import('./ErrorScreen').then((m) => m.ErrorScreen));

/** SPEC §8: an unknown route reads 'Page Not Found: {path}', titled 'Page not found'. */
export function NotFoundScreen({ path }: { path?: string }) {
  const t = useTranslations('ErrorScreen');
  const current = usePathname();
  return <ErrorScreen status={404} message={t('notFoundPath', { path: path ?? current })} />;
}
