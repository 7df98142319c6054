import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { randomBytes } from 'node:crypto';

// One id per build: the server answers it at /api/build and the client compares
// it with its own copy to know when a newer build has been deployed.
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  generateBuildId: async () => buildId,
  env: { NEXT_PUBLIC_BUILD_ID: buildId },
  serverExternalPackages: ['@electric-sql/pglite'],
};

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');
export default withNextIntl(nextConfig);
