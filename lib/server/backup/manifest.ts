import 'server-only';
import { readdirSync } from 'node:fs';
import { BackupError } from './errors';
import type { TableStats } from './tables';

/** What a backup says of itself (manifest.json), checked before anything is restored from it. */
export interface Manifest {
  format: 1;
  created_at: string;
  app_version: string;
  /** The migrations applied to the database it holds: how many, and the last one's tag. */
  migration: { count: number; last: string };
  database: 'pglite' | 'postgres';
  tables: TableStats;
  parts: { path: string; bytes: number; sha256: string }[];
  /**
   * A fingerprint of the intake key the forms were encrypted with (never the key: it is not in
   * the backup), so a restore can say whether the key it is given opens them.
   */
  intake_key_check: string;
}

/** The migrations this version of the site knows, oldest first (their SQL files' names). */
export function knownMigrations(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => /^\d{4}_.+\.sql$/.test(name))
    .sort()
    .map((name) => name.replace(/\.sql$/, ''));
}

/** Refuses a backup made by a newer version of the site: its database has migrations this one does not know. */
export function assertRestorable(manifest: Manifest, known: string[]): void {
  if (manifest.format !== 1 || manifest.migration.count > known.length || (manifest.migration.count > 0 && known[manifest.migration.count - 1] !== manifest.migration.last)) {
    throw new BackupError(
      'newer_version',
      `The backup was made by a newer version of the site (${manifest.app_version}, migration ${manifest.migration.last}). Update the site, then restore it.`,
    );
  }
}
