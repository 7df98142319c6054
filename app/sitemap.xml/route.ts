import { sitemapResponse } from '@/lib/seo/sitemap';
import { siteOrigin } from '@/lib/seo/siteUrl';

export const dynamic = 'force-dynamic';

/** The English sitemap (/sitemap.xml). */
export function GET(request: Request) {
  return sitemapResponse('en', siteOrigin(request.url));
}
