import { authors } from '@/lib/content/authors';
import type { Post } from '@/lib/content/loader';
import { localeTags } from '@/lib/i18n/routing';

type Crumb = { name: string; url: string };

/** Article and BreadcrumbList structured data for a post; URLs are absolute. */
export function PostJsonLd({ post, url, imageUrl, publisher, crumbs }: {
  post: Post;
  url: string;
  imageUrl: string;
  publisher: { name: string; url: string };
  crumbs: Crumb[];
}) {
  const data = [
    {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: post.title,
      description: post.summary,
      datePublished: post.date,
      inLanguage: localeTags[post.locale],
      image: imageUrl,
      url,
      mainEntityOfPage: url,
      keywords: post.tags.join(', '),
      author: { '@type': 'Person', name: authors[post.author].name },
      publisher: { '@type': 'Organization', name: publisher.name, url: publisher.url },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: crumb.url,
      })),
    },
  ];
  // '<' escaped so no text in a post can close the script element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
