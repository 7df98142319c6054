import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { randomBytes } from 'node:crypto';
import { retentionPeriodsOf } from './lib/content/retentionPeriods';
import { localizedPath } from './lib/i18n/paths';
import { locales, type AppPathname } from './lib/i18n/routing';

// One id per build: the server answers it at /api/build and the client compares
// it with its own copy to know when a newer build has been deployed.
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

/** Pages whose address carries a secret token: they must never leak it in a Referer header. */
const tokenPages: AppPathname[] = ['/reset-password/[uid]/[token]', '/verify-email', '/signup/employee', '/manage-appointment', '/waitlist'];
const sourcesOf = (pages: readonly AppPathname[]) =>
  pages.flatMap((page) => locales.map((locale) => localizedPath(page, locale).replace(/\[(\w+)\]/g, ':$1')));
const noReferrerSources = sourcesOf(tokenPages);

/**
 * Headers for every response (DESIGN §4.5, OWASP ASVS 5.0 V3.4). The Content-Security-Policy
 * needs a nonce per request, so middleware.ts sets it. HSTS is sent by `next start` too: browsers
 * ignore it over plain HTTP and keep it once they have seen it over HTTPS.
 */
const securityHeaders = [
  { key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Next hashes every response body for an ETag, on every request: 12 % of the server's time on a
  // prerendered page under load (issue 14). Those pages are held by the CDN (s-maxage) and their
  // scripts and styles are immutable files; a 304 would save a visitor a few kB at most.
  generateEtags: false,
  reactStrictMode: true,
  // `npm run typecheck` (tsc over the whole project, tests included) is the type check, and CI
  // runs it before the build: checking again inside `next build` cost 27 s of every build.
  typescript: { ignoreBuildErrors: true },
  generateBuildId: async () => buildId,
  // BUILD_RETENTION: the retention periods the prerendered privacy policy states, which the start
  // compares with the server's own (lib/content/retentionPeriods.ts, issue #38).
  env: { NEXT_PUBLIC_BUILD_ID: buildId, BUILD_RETENTION: JSON.stringify(retentionPeriodsOf(process.env)) },
  serverExternalPackages: ['@electric-sql/pglite'],
  // With middleware.ts, Next buffers a request body up to 10 MB and cuts the rest off silently: a
  // handout of the group programs may be 10 MB of PDF plus its multipart framing (issue #28).
  // The handout route refuses more than 10 MB itself; every JSON route keeps its 100 kB cap.
  experimental: { proxyClientMaxBodySize: '11mb' },
  // Stylesheets stay files (no experimental.inlineCss): inlined, every page carried its CSS twice
  // (in the HTML and again in the RSC payload), 26 kB of its 79, which also cost the server a
  // fifth of its throughput; as files they are cached once for the whole site.
  // `NEXT_OUTPUT=standalone npm run build` writes a self-contained server to .next/standalone
  // (docs/operating.md); it needs the migrations and the Markdown content beside it.
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  // Receipts embed Noto Sans's subsets (FONT_SUBSETS in lib/server/receipts/typeset.ts), read from
  // node_modules at run time: the same list here. The page cache (scripts/page-cache.mjs, which
  // start.mjs imports outside the bundle) needs its two packages beside it too.
  outputFileTracingIncludes: { '/**': ['./drizzle/**/*', './content/**/*', './node_modules/http-cache-semantics/**/*', './node_modules/lru-cache/**/*', './node_modules/@fontsource/noto-sans/files/noto-sans-{latin,latin-ext,vietnamese,greek,cyrillic}-{400,700}-normal.woff'] },
  async headers() {
    // When two rules set one header, the later rule wins: the token pages' no-referrer comes last.
    return [
      { source: '/:path*', headers: securityHeaders },
      ...noReferrerSources.map((source) => ({ source, headers: [{ key: 'Referrer-Policy', value: 'no-referrer' }] })),
    ];
  },
};

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');
export default withNextIntl(nextConfig);
