import 'server-only';
import type { PGlite } from '@electric-sql/pglite';
import { Pool } from 'pg';
import type { Database } from '@/lib/server/db/client';

/** The connection a backup is taken through: PGlite's client, or the pool and its URL (pg_dump connects on its own). */
export type BackupSource = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: Pool; url: string };

export function backupSourceOf(db: Database): BackupSource {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof Pool) return { kind: 'postgres', pool: client, url: client.options.connectionString! };
  return { kind: 'pglite', client: client as PGlite };
}

/**
 * Runs `fn` while this instance alone makes backups: on PostgreSQL a session advisory lock on a
 * connection of its own (released when it ends, or when the process dies and the connection
 * closes); PGlite has one process, so a flag of this process. Null when another holds it.
 */
const BACKUP_LOCK_KEY = 72_640_339;
const busyPglite = new WeakSet<PGlite>();
export async function withBackupLock<T>(source: BackupSource, fn: () => Promise<T>): Promise<T | null> {
  if (source.kind === 'pglite') {
    if (busyPglite.has(source.client)) return null;
    busyPglite.add(source.client);
    try {
      return await fn();
    } finally {
      busyPglite.delete(source.client);
    }
  }
  const client = await source.pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [BACKUP_LOCK_KEY]);
    if (!rows[0]?.locked) return null;
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
