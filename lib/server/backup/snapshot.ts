import 'server-only';
import { spawn } from 'node:child_process';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { BackupError } from './errors';
import { tableStats, type TableStats } from './tables';

/**
 * The database at one instant, while the site keeps serving (issue #39): its dump and the stats
 * of its tables (lib/server/backup/tables.ts), both from the same snapshot.
 */
export type DatabaseSnapshot = { path: string; bytes: Uint8Array; tables: TableStats };

/**
 * The embedded database: its data directory (PGlite's own dumpDataDir, gzipped), copied inside
 * a read-only transaction. PGlite runs one transaction at a time, so no other is open while it is
 * copied: the copy is a consistent database, not one caught in the middle of a write. Queries
 * wait meanwhile (a second or two for the demo clinic).
 */
export async function snapshotPglite(client: PGlite): Promise<DatabaseSnapshot> {
  return client.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = await tableStats(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
    const blob = await client.dumpDataDir('gzip');
    return { path: 'database/pglite-data.tar.gz', bytes: new Uint8Array(await blob.arrayBuffer()), tables };
  });
}

/** Whether pg_dump (and pg_restore beside it) can be run: `pg_dump --version`'s answer, or null. */
export async function pgDumpVersion(): Promise<string | null> {
  try {
    const { stdout } = await run('pg_dump', ['--version']);
    return Buffer.from(stdout).toString('utf8').trim();
  } catch {
    return null;
  }
}

/**
 * PostgreSQL: `pg_dump --format=custom` of an exported snapshot, whose tables are counted in
 * the transaction that exported it, so the dump and the manifest describe the same instant.
 */
export async function snapshotPostgres(pool: Pool, url: string): Promise<DatabaseSnapshot> {
  if (!(await pgDumpVersion())) {
    throw new BackupError('pg_dump_missing', 'pg_dump is not installed on this machine: install PostgreSQL’s client tools (Debian: postgresql-client) of the server’s version or newer.');
  }
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const tables = await tableStats(async (text) => (await client.query(text)).rows);
    const { dbname, env } = connectionArgs(url);
    const { stdout } = await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0]!.id}`, `--dbname=${dbname}`], { env }).catch((error: Error) => {
      throw new BackupError('pg_dump_failed', `pg_dump failed: ${error.message}`);
    });
    await client.query('COMMIT');
    return { path: 'database/postgres.dump', bytes: stdout, tables };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * A connection URL for pg_dump and pg_restore without its password, which goes in PGPASSWORD
 * instead: a command line is visible to every user of the machine.
 */
export function connectionArgs(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a program, gathering its output; rejects with its last line of errors when it fails. */
export function run(command: string, args: string[], options: { input?: Uint8Array; env?: Record<string, string> } = {}): Promise<{ stdout: Uint8Array }> {
  const { input, env } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => {
      if (status === 0) resolve({ stdout: new Uint8Array(Buffer.concat(out)) });
      else reject(new Error(err.trim().split('\n').pop() || `${command} exited with ${status}`));
    });
    if (input) child.stdin.end(Buffer.from(input));
    else child.stdin.end();
  });
}
