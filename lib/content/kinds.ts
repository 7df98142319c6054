import type { AppPathname } from '@/lib/i18n/routing';
import type { PostKind } from './publishedSlugs';

/** Where each kind of post lives: its content folder, list page and detail page. */
export const postKinds: Record<PostKind, { folder: string; list: AppPathname; detail: AppPathname; pagesKey: 'blogs' | 'quick-bites' }> = {
  blog: { folder: 'blog', list: '/blogs', detail: '/blog/[slug]', pagesKey: 'blogs' },
  quickBite: { folder: 'quick-bites', list: '/quick-bites', detail: '/quick-bite/[slug]', pagesKey: 'quick-bites' },
};

/** Every cover is drawn on the same canvas, so pages can reserve its space (no layout shift). */
export const coverSize = { width: 1200, height: 630 } as const;
