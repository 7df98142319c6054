import 'server-only';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '@/lib/server/config';
import type { Part } from './archive';

/**
 * The files the site stores besides its database (issue #39): the group handouts, the e-mail
 * outbox (when no SMTP server is set) and the generated app secret (booking tokens and handout
 * links stay valid after a restore). Never the intake key: it stays apart from the backups, or a
 * stolen backup and its key would open every intake form.
 */
export function siteFileParts(config: AppConfig): Part[] {
  const parts: Part[] = [];
  const addDir = (dir: string, prefix: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      // Temporary files (a handout being written: `.name.tmp`) are not the site's yet.
      if (!entry.isFile() || entry.name.startsWith('.')) continue;
      parts.push({ path: `${prefix}/${entry.name}`, bytes: readFileSync(path.join(dir, entry.name)) });
    }
  };
  addDir(config.handoutsDir, 'files/handouts');
  addDir(path.join(config.dataDir, 'outbox'), 'files/outbox');
  const appSecret = path.join(config.dataDir, 'secrets', 'app-secret');
  if (!config.appSecret && existsSync(appSecret)) parts.push({ path: 'files/secrets/app-secret', bytes: readFileSync(appSecret) });
  return parts;
}

/** Where a restored file goes: the same places, under the restoring site's settings. */
export function siteFileTarget(config: AppConfig, partPath: string): string | null {
  const [root, kind, name, ...rest] = partPath.split('/');
  if (root !== 'files' || !name || rest.length > 0 || name.startsWith('.') || name.includes('..')) return null;
  if (kind === 'handouts') return path.join(config.handoutsDir, name);
  if (kind === 'outbox') return path.join(config.dataDir, 'outbox', name);
  if (kind === 'secrets' && name === 'app-secret') return path.join(config.dataDir, 'secrets', name);
  return null;
}
