'use client';

import { useParams } from 'next/navigation';
import { translationOf, type PostKind } from '@/lib/content/publishedSlugs';
import { Link, useCurrentLocale, usePathname } from '@/lib/i18n/navigation';
import { pathnames, type AppPathname, type Locale } from '@/lib/i18n/routing';

/** Post pages: their slug differs between languages, so the switcher goes to the translation. */
const postPages: Partial<Record<AppPathname, PostKind>> = {
  '/blog/[slug]': 'blog',
  '/quick-bite/[slug]': 'quickBite',
};

interface Props {
  className?: string;
  /** The other language's name and the link's accessible name, in that language (from the server). */
  label: string;
  ariaLabel: string;
}

/**
 * Goes to the same page (same params, or the post's translation) in the other language. Its texts
 * come from the server component around it: no message formatting loads with every page.
 */
export function LanguageSwitcher({ className, label, ariaLabel }: Props) {
  const locale = useCurrentLocale();
  const other: Locale = locale === 'en' ? 'fr' : 'en';
  const pathname = usePathname();
  const { locale: _ignored, ...params } = useParams<Record<string, string>>();
  let href: unknown = '/';
  if (pathname in pathnames) {
    const kind = postPages[pathname as AppPathname];
    const translation = kind && params.slug ? translationOf(kind, locale, params.slug) : undefined;
    if (kind) {
      // A post without a translation has no page in the other language: offer its list instead.
      href = translation ? { pathname, params: { slug: translation } } : kind === 'blog' ? '/blogs' : '/quick-bites';
    } else {
      href = { pathname, params };
    }
  }
  // An unknown address (the 404 screen) has no translation: it falls back to the other home page.

  return (
    <Link
      href={href as never}
      locale={other}
      hrefLang={other}
      lang={other}
      className={className}
      aria-label={ariaLabel}
      prefetch={false}
    >
      {label}
    </Link>
  );
}
