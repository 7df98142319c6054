import { sitemapResponse } from '@/lib/seo/sitemap';
import { siteOrigin } from '@/lib/seo/siteUrl';

export const dynamic = 'force-dynamic';

/** The French sitemap (/fr/sitemap.xml); English has its own at /sitemap.xml. */
export async function GET(request: Request, { params }: RouteContext<'/[locale]/sitemap.xml'>) {
  const { locale } = await params;
  if (locale !== 'fr') return new Response('Not Found', { status: 404 });
  return sitemapResponse('fr', siteOrigin(request.url));
}
