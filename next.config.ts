import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { randomBytes } from 'node:crypto';
import { localizedPath } from './lib/i18n/paths';
import { locales, type AppPathname } from './lib/i18n/routing';

// One id per build: the server answers it at /api/build and the client compares
// it with its own copy to know when a newer build has been deployed.
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

/** Pages whose address carries a secret token: they must never leak it in a Referer header. */
const tokenPages: AppPathname[] = ['/reset-password/[uid]/[token]', '/verify-email', '/signup/employee'];
const noReferrerSources = tokenPages.flatMap((page) =>
  locales.map((locale) => localizedPath(page, locale).replace(/\[(\w+)\]/g, ':$1')),
);

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  generateBuildId: async () => buildId,
  env: { NEXT_PUBLIC_BUILD_ID: buildId },
  serverExternalPackages: ['@electric-sql/pglite'],
  async headers() {
    return noReferrerSources.map((source) => ({ source, headers: [{ key: 'Referrer-Policy', value: 'no-referrer' }] }));
  },
};

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');
export default withNextIntl(nextConfig);
