// After `next build` (npm run build): hashes the inline scripts of every page Next prerendered
// into .next/csp-hashes.json, which the middleware reads to give those pages a strict policy
// without a nonce (issue 14, lib/http/staticPageHashes.ts). Prints what it wrote.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pageScriptHashes, STATIC_PAGE_HASHES_FILE, type PrerenderManifest, type StaticPageHashes } from '../lib/http/staticPageHashes';
import { siteOrigin } from '../lib/seo/siteUrl';
import { allowedMethods, apiRoutes, type ApiPath } from '../lib/http/apiRoutes';
import { linkDuplicateChunks } from './server-chunks';

const distDir = path.resolve(process.argv[2] ?? '.next');
const appDir = path.join(distDir, 'server', 'app');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

const manifest: StaticPageHashes = {};
for (const file of htmlFiles(appDir)) {
  // .next/server/app/fr/services/follow-up.html -> /fr/services/follow-up; index.html -> /
  const route = `/${path.relative(appDir, file).replace(/\\/g, '/').replace(/\.html$/, '')}`.replace(/\/index$/, '') || '/';
  manifest[route] = pageScriptHashes(readFileSync(file, 'utf8'));
}
const pages = Object.keys(manifest).sort();
if (pages.length === 0) {
  console.error(`post-build: no prerendered page under ${appDir}; run next build first`);
  process.exit(1);
}
// The same origin the pages were just rendered with (SITE_URL, or localhost and PORT).
const written: PrerenderManifest = { origin: siteOrigin(), pages: Object.fromEntries(pages.map((p) => [p, manifest[p]!])) };
writeFileSync(path.join(distDir, STATIC_PAGE_HASHES_FILE), `${JSON.stringify(written, null, 1)}\n`);
const hashes = pages.reduce((sum, page) => sum + manifest[page]!.length, 0);
console.log(`post-build: ${pages.length} prerendered pages for ${written.origin}, ${hashes} inline-script hashes -> ${path.join(distDir, STATIC_PAGE_HASHES_FILE)}`);

// The API's routes and the methods each allows (as the middleware's 405 says them), for
// scripts/start.mjs: it answers methods the Fetch API cannot carry (TRACE) before Next.
const allowed = Object.fromEntries((Object.keys(apiRoutes) as ApiPath[]).map((route) => [route, allowedMethods(route)]));
writeFileSync(path.join(distDir, 'api-methods.json'), `${JSON.stringify(allowed, null, 1)}\n`);

// One copy of each server chunk (server-chunks.ts), in the build and in a standalone build's copy of it.
for (const dir of [path.join(distDir, 'server', 'chunks'), path.join(distDir, 'standalone', '.next', 'server', 'chunks')]) {
  if (!existsSync(dir)) continue;
  const { linked, bytes } = linkDuplicateChunks(dir);
  console.log(`post-build: ${linked} duplicate server chunks (${(bytes / 1e6).toFixed(1)} MB) linked to one copy each in ${dir}`);
}
