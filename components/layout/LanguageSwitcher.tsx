'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useParams } from 'next/navigation';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { pathnames, type Locale } from '@/lib/i18n/routing';

/** Goes to the same page (same params) in the other language. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const t = useTranslations('LanguageSwitcher');
  const locale = useLocale() as Locale;
  const other: Locale = locale === 'en' ? 'fr' : 'en';
  const pathname = usePathname();
  const { locale: _ignored, ...params } = useParams<Record<string, string>>();
  // An unknown address (the 404 screen) has no translation: offer the other home page.
  const href = pathname in pathnames ? { pathname, params } : '/';

  return (
    <Link
      href={href as never}
      locale={other}
      hrefLang={other}
      lang={other}
      className={className}
      aria-label={t('ariaLabel')}
      prefetch={false}
    >
      {t('label')}
    </Link>
  );
}
