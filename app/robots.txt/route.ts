import { siteOrigin } from '@/lib/seo/siteUrl';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  const origin = siteOrigin(request.url);
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, `Sitemap: ${origin}/fr/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
