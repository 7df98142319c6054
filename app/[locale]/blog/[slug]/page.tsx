import { notFound } from 'next/navigation';

// No blog post is published yet; the middleware already answers unknown slugs with the
// 404 page (lib/content/publishedSlugs.ts), this is the last line of defence.
export default function Page() {
  notFound();
}
