import type { PostKind } from '@/lib/content/publishedSlugs';

/** A post's address for next-intl's typed Link and getPathname. */
export function postHref(kind: PostKind, slug: string) {
  return kind === 'blog'
    ? ({ pathname: '/blog/[slug]', params: { slug } } as const)
    : ({ pathname: '/quick-bite/[slug]', params: { slug } } as const);
}

/** The list page of a kind. */
export function listHref(kind: PostKind) {
  return kind === 'blog' ? ('/blogs' as const) : ('/quick-bites' as const);
}

/** Dates are calendar days: format them in UTC so no time zone moves them a day. */
export function formatPostDate(isoDay: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
}
