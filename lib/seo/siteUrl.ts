/**
 * The public origin used in absolute URLs (sitemaps, canonical links). SITE_URL when set,
 * otherwise the origin the request came in on, otherwise localhost.
 */
export function siteOrigin(requestUrl?: string): string {
  const configured = process.env.SITE_URL;
  if (configured) return configured.replace(/\/+$/, '');
  if (requestUrl) return new URL(requestUrl).origin;
  return `http://localhost:${process.env.PORT ?? 3000}`;
}
