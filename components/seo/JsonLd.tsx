import { serializeJsonLd, type JsonLdNode } from '@/lib/seo/jsonLd';

/** Structured data for search engines, rendered on the server (no client JavaScript). */
export function JsonLd({ data }: { data: JsonLdNode | JsonLdNode[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
