import { getTranslations } from 'next-intl/server';
import { authors } from '@/lib/content/authors';
import type { Post } from '@/lib/content/loader';
import type { Locale } from '@/lib/i18n/routing';
import { formatPostDate } from './postLinks';
import styles from './posts.module.css';

/** Author, date, reading time and tags of a post. */
export async function PostMeta({ post, locale, showTags = true }: { post: Post; locale: Locale; showTags?: boolean }) {
  const t = await getTranslations({ locale, namespace: 'Blog' });
  return (
    <div className={styles.meta}>
      <p className={styles.byline}>
        <span>{t('by', { author: authors[post.author].name })}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={post.date}>{formatPostDate(post.date, locale)}</time>
        <span aria-hidden="true"> · </span>
        <span>{t('minRead', { minutes: post.readingTime })}</span>
      </p>
      {showTags ? (
        <ul className={styles.tags} aria-label={t('tagsLabel')}>
          {post.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
