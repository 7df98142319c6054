import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { StaticImage } from '@/components/ui/StaticImage';
import { authors } from '@/lib/content/authors';
import { coverSize, postKinds } from '@/lib/content/kinds';
import { getPost, listPosts, type Post } from '@/lib/content/loader';
import type { PostKind } from '@/lib/content/publishedSlugs';
import { Link } from '@/lib/i18n/navigation';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { siteOrigin } from '@/lib/seo/siteUrl';
import { PostJsonLd } from './PostJsonLd';
import { PostMeta } from './PostMeta';
import { listHref } from './postLinks';
import styles from './posts.module.css';

type Props = { params: Promise<{ locale: string; slug: string }> };

/** The addresses of a post in both languages: its own slug, and its translation's. */
function postPaths(post: Post) {
  const { detail } = postKinds[post.kind];
  const other: Locale = post.locale === 'en' ? 'fr' : 'en';
  const paths = {
    [post.locale]: localizedPath(detail, post.locale, { slug: post.slug }),
    [other]: localizedPath(detail, other, { slug: post.translation }),
  } as Record<Locale, string>;
  return paths;
}

/**
 * The detail pages of a kind of post: one prerendered page per post and language; any other
 * slug is a 404 (the middleware answers it first, from lib/content/publishedSlugs.ts).
 */
export function postRoute(kind: PostKind) {
  const { list, pagesKey } = postKinds[kind];

  function generateStaticParams({ params }: { params: { locale: string } }) {
    return listPosts(kind, params.locale as Locale).map((post) => ({ slug: post.slug }));
  }

  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale, slug } = await params;
    const post = getPost(kind, locale as Locale, slug);
    if (!post) return {};
    const site = await getTranslations({ locale: locale as Locale, namespace: 'Metadata' });
    const paths = postPaths(post);
    return {
      title: post.title,
      description: post.summary,
      alternates: { canonical: paths[post.locale], languages: { ...paths, 'x-default': paths.en } },
      openGraph: {
        type: 'article',
        title: post.title,
        description: post.summary,
        url: paths[post.locale],
        siteName: site('siteName'),
        locale: post.locale === 'fr' ? 'fr_CA' : 'en_CA',
        publishedTime: post.date,
        authors: [authors[post.author].name],
        tags: post.tags,
        images: [{ url: post.cover, width: coverSize.width, height: coverSize.height, alt: post.coverAlt }],
      },
    };
  }

  async function Page({ params }: Props) {
    const { locale: raw, slug } = await params;
    const locale = raw as Locale;
    const post = getPost(kind, locale, slug);
    if (!post) notFound();
    setRequestLocale(locale);
    const t = await getTranslations({ locale, namespace: 'Blog' });
    const pages = await getTranslations({ locale, namespace: 'Pages' });
    const site = await getTranslations({ locale, namespace: 'Metadata' });
    const nav = await getTranslations({ locale, namespace: 'Nav' });
    const origin = siteOrigin();
    const listTitle = pages(`${pagesKey}.title`);

    return (
      <article className="layout-standard">
        <PostJsonLd
          post={post}
          url={origin + postPaths(post)[locale]}
          imageUrl={origin + post.cover}
          publisher={{ name: site('siteName'), url: origin + localizedPath('/', locale) }}
          crumbs={[
            { name: t('home'), url: origin + localizedPath('/', locale) },
            { name: listTitle, url: origin + localizedPath(list, locale) },
            { name: post.title, url: origin + postPaths(post)[locale] },
          ]}
        />
        <header className="page-header">
          <div className="container">
            <nav aria-label={t('breadcrumbLabel')} className={styles.breadcrumbs}>
              <ol>
                <li>
                  <Link href="/">{t('home')}</Link>
                </li>
                <li>
                  <Link href={listHref(kind)}>{listTitle}</Link>
                </li>
                <li aria-current="page">{post.title}</li>
              </ol>
            </nav>
            <h1>{post.title}</h1>
            <p className="lead">{post.summary}</p>
            <PostMeta post={post} locale={locale} showTags={false} />
          </div>
        </header>
        <div className={`page-body container ${styles.detail}`}>
          <StaticImage
            className={styles.cover}
            src={post.cover}
            alt={post.coverAlt}
            width={coverSize.width}
            height={coverSize.height}
            sizes="(min-width: 48rem) 46rem, 100vw"
            preload
          />
          {/* HTML rendered on the server from our own Markdown, raw HTML escaped (lib/content/markdown.ts). */}
          <div className={styles.prose} dangerouslySetInnerHTML={{ __html: post.html }} />
          <ul className={styles.tags} aria-label={t('tagsLabel')}>
            {post.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
          <p className={styles.disclaimer}>{t('disclaimer')}</p>
          <div className={styles.cta}>
            <h2>{t('ctaTitle')}</h2>
            <p>{t('ctaText')}</p>
            <div className="button-row">
              <Link className="button button--primary" href="/book-online">
                {nav('bookOnline')}
              </Link>
              <Link className="button button--secondary" href={listHref(kind)}>
                {t(`backTo.${kind}`)}
              </Link>
            </div>
          </div>
        </div>
      </article>
    );
  }

  return { generateStaticParams, generateMetadata, Page };
}
