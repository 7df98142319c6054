import type { PostKind } from '@/lib/content/publishedSlugs';
import { dateLanguage, formatLocalDate } from '@/lib/format/dates';

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

/** Dates are calendar days: no time zone moves them a day. */
export function formatPostDate(isoDay: string, locale: string): string {
  return formatLocalDate(isoDay, dateLanguage(locale), 'long');
}
