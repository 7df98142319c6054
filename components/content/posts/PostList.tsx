import { getTranslations } from 'next-intl/server';
import { StaticImage } from '@/components/ui/StaticImage';
import { coverSize } from '@/lib/content/kinds';
import { listPosts } from '@/lib/content/loader';
import type { PostKind } from '@/lib/content/publishedSlugs';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { PostMeta } from './PostMeta';
import { listHref, postHref } from './postLinks';
import styles from './posts.module.css';

/** Every post of a kind in a language, newest first, as cards. */
export async function PostList({ kind, locale }: { kind: PostKind; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Blog' });
  const posts = listPosts(kind, locale);
  const other: PostKind = kind === 'blog' ? 'quickBite' : 'blog';
  return (
    <>
      <ul className={styles.list}>
        {posts.map((post) => (
          <li key={post.slug}>
            <article className={styles.card}>
              <StaticImage
                className={styles.cardCover}
                src={post.cover}
                alt={post.coverAlt}
                width={coverSize.width}
                height={coverSize.height}
                sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 100vw"
              />
              <div className={styles.cardBody}>
                <h2 className={styles.cardTitle}>
                  <Link href={postHref(kind, post.slug)}>{post.title}</Link>
                </h2>
                <p>{post.summary}</p>
                <PostMeta post={post} locale={locale} />
              </div>
            </article>
          </li>
        ))}
      </ul>
      <p className={styles.crossLink}>
        {t(`crossLink.${other}.text`)} <Link href={listHref(other)}>{t(`crossLink.${other}.link`)}</Link>
      </p>
    </>
  );
}
