import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The scripts of prerendered pages, by hash (issue 14). A page Next renders at build time cannot
 * carry a per-request nonce, but its inline scripts are fixed by the build: `npm run build` runs
 * scripts/post-build.ts after `next build`, which hashes every inline script of every
 * prerendered HTML file into this manifest. The middleware gives such a page a policy that allows
 * exactly those scripts ('self' for the chunks); any page not in it renders per request with a nonce.
 */
export const STATIC_PAGE_HASHES_FILE = 'csp-hashes.json';

/** Internal page path (`/en`, `/fr/services/follow-up`) -> the sources for its script-src. */
export type StaticPageHashes = Record<string, string[]>;

/** What the build step writes. */
export interface PrerenderManifest {
  /**
   * The public origin the pages were built with (SITE_URL at build time): their canonical links,
   * alternates and structured data name it, and so does the Link header the middleware adds.
   */
  origin: string;
  pages: StaticPageHashes;
}

/** The CSP source for one inline script's text: 'sha256-<base64>'. */
export function scriptHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The inline scripts the browser would run: every `<script>` without `src` whose type is
 * JavaScript (JSON-LD and other data blocks are never run, so no policy covers them).
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !['text/javascript', 'application/javascript', 'module'].includes(type)) continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}

/** The unique hash sources of a page's inline scripts, in order of first appearance. */
export function pageScriptHashes(html: string): string[] {
  return [...new Set(inlineScripts(html).map(scriptHashSource))];
}

let loaded: PrerenderManifest | null = null;

/**
 * The manifest of this build (read once). Missing file: no page; the server refuses to start a
 * production build without it (instrumentation.ts), whose prerendered pages would otherwise get a
 * nonce their scripts do not carry.
 */
export function prerenderManifest(distDir = path.join(process.cwd(), '.next')): PrerenderManifest | null {
  if (loaded) return loaded;
  try {
    loaded = JSON.parse(readFileSync(path.join(distDir, STATIC_PAGE_HASHES_FILE), 'utf8')) as PrerenderManifest;
  } catch {
    return null;
  }
  return loaded;
}

export function staticPageHashes(distDir?: string): StaticPageHashes {
  return prerenderManifest(distDir)?.pages ?? {};
}

/**
 * Stops a production start whose build has no manifest (built with `next build` alone), and warns
 * when SITE_URL now names another origin than the prerendered pages were built with.
 */
export function checkPrerenderManifest(siteUrl: string | undefined, distDir = path.join(process.cwd(), '.next')): void {
  const manifest = prerenderManifest(distDir);
  if (!manifest || Object.keys(manifest.pages).length === 0) {
    throw new Error(`${path.join(distDir, STATIC_PAGE_HASHES_FILE)} is missing: build with \`npm run build\` (next build, then scripts/post-build.ts)`);
  }
  if (siteUrl && siteUrl.replace(/\/+$/, '') !== manifest.origin) {
    console.warn(`[startup] the prerendered pages were built for ${manifest.origin}, not SITE_URL ${siteUrl}: build with SITE_URL set to the public origin`);
  }
}
